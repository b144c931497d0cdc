import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { basename, join } from 'node:path';
import { systemActor } from '../core/actor.ts';
import { getImport, importStarter } from '../imports/imports.service.ts';
import { runImport } from '../imports/run.ts';
import { spoolDirOf } from '../imports/settings.ts';
import { cliOptions } from './args.ts';
import { resolveUser } from './resolve-user.ts';
import { runCli } from './run.ts';

const usage = 'npm run import -- --user <id|email> [--format <format>] [--options <json>] path/to/file';
const { values, positionals } = cliOptions({ user: { type: 'string' }, format: { type: 'string' }, options: { type: 'string' } }, usage);
if (positionals.length !== 1) {
  console.error(`Expected one file\nUsage: ${usage}`);
  process.exit(2);
}

/**
 * Any file the import pipeline reads (POST /users/{id}/imports takes the same), run here and now
 * through the same code: a copy is spooled where the server's workers would read it, the import
 * recorded, and run in this process (a server's worker that claimed it first runs it instead: this
 * waits for it). The file given is left as it is.
 */
await runCli(async (config, logger) => {
  const user = await resolveUser(values.user);
  const actor = systemActor(user.id);
  const source = positionals[0];
  const spoolDir = spoolDirOf(config);
  const starter = importStarter(actor, spoolDir);
  const query = starter.check({ format: values.format, options: values.options, filename: basename(source) });
  await mkdir(spoolDir, { recursive: true, mode: 0o700 });
  const part = join(spoolDir, `${randomUUID()}.part`);
  let id: string;
  try {
    await copyFile(source, part);
    const job = await starter.start({ path: part, size: (await stat(part)).size, filename: basename(source) }, query);
    id = job.id;
    console.error(`Importing ${source} (${job.detectedFormat}) into ${user.email}…`);
  } finally {
    await rm(part, { force: true });
  }
  await runImport(id, logger, user.id);
  let done = await getImport(actor, id);
  while (done.status === 'queued' || done.status === 'running') {
    await new Promise((r) => setTimeout(r, 500));
    done = await getImport(actor, id);
  }
  const c = done.counts;
  console.log(`${done.status}: ${c.read} records read, ${c.created} new, ${c.present} already there`);
  for (const [reason, n] of Object.entries(c.skipped)) if (n > 0) console.log(`  skipped, ${reason}: ${n}`);
  for (const [type, n] of Object.entries(c.unmapped)) console.log(`  not mapped: ${n} × ${type}`);
  for (const r of done.reasons) console.log(`  ${r.reason}: ${r.detail}`);
  if (done.error) console.log(`  ${done.error}`);
  if (done.status === 'failed') process.exitCode = 1;
});
