import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { exportArchive } from '../archive/export.ts';
import { systemActor } from '../core/actor.ts';
import { cliOptions } from './args.ts';
import { resourceProgress } from './progress.ts';
import { resolveUser } from './resolve-user.ts';
import { runCli } from './run.ts';

const usage = 'npm run export -- --user <id|email> --out file.zip';
const { values } = cliOptions({ user: { type: 'string' }, out: { type: 'string' } }, usage);
if (!values.out) {
  console.error(`--out is required\nUsage: ${usage}`);
  process.exit(2);
}
const out = values.out;

await runCli(async () => {
  const user = await resolveUser(values.user);
  const bar = resourceProgress('Exporting');
  // Written beside the target and renamed at the end: a failed export never leaves a file that looks whole.
  const partial = `${out}.partial`;
  try {
    await exportArchive(systemActor(user.id), bar.update)(createWriteStream(partial));
    bar.stop();
    await rename(partial, out);
  } catch (err) {
    bar.stop();
    await rm(partial, { force: true });
    throw err;
  }
  console.log(`Exported ${user.email} to ${out}`);
});
