import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * `npm start` as package.json spells it, for the tests and benchmarks that must run what users run
 * (its node flags and the compiled entry point), without npm's shell in between: signals and
 * /proc/<pid> then reach the server itself.
 */
/** The repository's root: the working directory of what npm start runs. */
export const REPO = new URL('../..', import.meta.url).pathname;

/** The node arguments of `npm start`: its flags, then the entry point (dist/bundle/main.js). */
export function startArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node: update test/helpers/start-command.ts`);
  return args;
}

/** What `npm start` runs first (its prestart): `npm run build`, src/ compiled into dist/ and bundled into dist/bundle/. */
export async function buildForStart(): Promise<void> {
  await promisify(execFile)('npm', ['run', '-s', 'build'], { cwd: REPO });
}

/**
 * What `npm start` runs first when it runs (scripts/build-if-stale.mjs): the build, only when a source
 * changed since the last one. The test run's global setup calls it, so the servers the tests spawn
 * (process.ts) run the bundle of the sources under test.
 */
export function buildIfStale(): void {
  execFileSync(process.execPath, [join(REPO, 'scripts/build-if-stale.mjs')], { cwd: REPO, stdio: 'inherit' });
}
