import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run lint:openapi` (and .ci/run): Redocly's lint with the project's redocly.yaml (the
 * recommended rules) on the document /openapi.json serves, built by the function the server uses
 * (no server, no database) and written to a temporary file. `redocly lint` exits non-zero only on
 * errors, so the problems are read from its JSON report and a warning fails the run as well.
 * With a file argument it lints that file instead (test/http/openapi.test.ts passes what a running
 * server served). Exit 0 clean, 1 with problems, 2 when Redocly gave no report.
 */
const MAX_PROBLEMS = 100;
const root = fileURLToPath(new URL('../../', import.meta.url));
const redocly = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'));

type Report = {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
};

function lint(file: string): number {
  const args = ['lint', file, '--config', join(root, 'redocly.yaml'), '--lint-config', 'error'];
  const run = spawnSync(process.execPath, [redocly, ...args, '--format', 'json', '--max-problems', String(MAX_PROBLEMS)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  let report: Report;
  try {
    report = JSON.parse(run.stdout) as Report;
  } catch {
    console.error(`redocly lint gave no report (exit ${run.status}):\n${run.stdout}${run.stderr}`);
    return 2;
  }
  for (const p of report.problems) console.log(`${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '#'}: ${p.message}`);
  const { errors, warnings } = report.totals;
  const shown = report.problems.length < errors + warnings ? ` (the first ${report.problems.length} listed)` : '';
  console.log(`OpenAPI lint (redocly.yaml): ${errors} errors, ${warnings} warnings${shown}`);
  return errors + warnings > 0 || run.status !== 0 ? 1 : 0;
}

const given = process.argv[2];
if (given) {
  process.exitCode = lint(given);
} else {
  const { openApiDocument } = await import('../../src/app.ts');
  const scratch = mkdtempSync(join(tmpdir(), 'lifetrack-openapi-'));
  try {
    const file = join(scratch, 'openapi.json');
    writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
    process.exitCode = lint(file);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
