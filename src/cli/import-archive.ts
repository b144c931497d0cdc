import { SingleBar, Presets } from 'cli-progress';
import { archiveImporter } from '../archive/import.ts';
import { systemActor } from '../core/actor.ts';
import { cliOptions } from './args.ts';
import { resolveUser } from './resolve-user.ts';
import { runCli } from './run.ts';

const usage = 'npm run import:archive -- --user <id|email> file.zip';
const { values, positionals } = cliOptions({ user: { type: 'string' } }, usage);
if (positionals.length !== 1) {
  console.error(`Expected one archive path\nUsage: ${usage}`);
  process.exit(2);
}

await runCli(async () => {
  const user = await resolveUser(values.user);
  const bar = new SingleBar(
    { format: 'Importing |{bar}| {percentage}% | {value}/{total} resources', hideCursor: true, stream: process.stderr },
    Presets.shades_classic,
  );
  let started = false;
  const result = await archiveImporter(systemActor(user.id), (done, total) => {
    if (!started) bar.start(total, done);
    else bar.update(done);
    started = true;
  })(positionals[0]);
  bar.stop();
  console.log(`Imported into ${user.email} (exported from account ${result.from_user_id}):`);
  for (const [type, t] of Object.entries(result.types)) {
    console.log(`  ${type}: ${t.created} created, ${t.skipped} already there, ${t.refused} refused`);
    for (const reason of t.reasons) console.log(`    ${reason}`);
  }
});
