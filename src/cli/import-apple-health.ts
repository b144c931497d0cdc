import { SingleBar, Presets } from 'cli-progress';
import { systemActor } from '../core/actor.ts';
import { importAppleHealth } from '../imports/formats/apple-health.ts';
import { cliOptions } from './args.ts';
import { resolveUser } from './resolve-user.ts';
import { runCli } from './run.ts';

const usage = 'npm run import:apple-health -- --user <id|email> path/to/export.zip (or export.xml)';
const { values, positionals } = cliOptions({ user: { type: 'string' } }, usage);
if (positionals.length !== 1) {
  console.error(`Expected one export.zip or export.xml path\nUsage: ${usage}`);
  process.exit(2);
}

await runCli(async () => {
  const user = await resolveUser(values.user);
  const bar = new SingleBar(
    {
      format: 'Importing |{bar}| {percentage}% | {mb}/{totalMb} MB | {records} records, {created} new',
      hideCursor: true,
      stream: process.stderr,
    },
    Presets.shades_classic,
  );
  let started = false;
  const counts = await importAppleHealth(systemActor(user.id), positionals[0], {
    onProgress: (read, total, c) => {
      const payload = { mb: (read / 1048576).toFixed(1), totalMb: (total / 1048576).toFixed(1), records: c.records, created: c.created };
      if (!started) bar.start(total, read, payload);
      else bar.update(read, payload);
      started = true;
    },
  });
  bar.stop();
  console.log(
    `Imported ${counts.records} records for ${user.email}: ${counts.created} new readings, ${counts.skipped} already there, ` +
      `${counts.merged} merged into a night's sleep, ${counts.ignored} not mapped to a metric, ${counts.unconvertible} not storable (a unit that does not convert, a value out of range).`,
  );
  for (const [type, n] of Object.entries(counts.ignoredByType).sort((a, b) => b[1] - a[1])) console.log(`  not mapped: ${n} × ${type}`);
});
