import { archiveImporter } from '../archive/import.ts';
import { systemActor } from '../core/actor.ts';
import { cliOptions } from './args.ts';
import { resourceProgress } from './progress.ts';
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
  const bar = resourceProgress('Importing');
  const result = await archiveImporter(systemActor(user.id), bar.update)(positionals[0]);
  bar.stop();
  console.log(`Imported into ${user.email} (exported from account ${result.from_user_id}):`);
  for (const [type, t] of Object.entries(result.types)) {
    console.log(`  ${type}: ${t.created} created, ${t.skipped} already there, ${t.refused} refused`);
    for (const reason of t.reasons) console.log(`    ${reason}`);
  }
});
