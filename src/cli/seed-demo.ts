import { Invalid } from '../core/errors.ts';
import { seedDemo } from '../tools/demo-data.ts';
import { cliOptions } from './args.ts';
import { resolveUser } from './resolve-user.ts';
import { runCli } from './run.ts';

const usage = 'npm run seed:demo -- --user <id|email> [--days 180] [--seed 42]';
const { values } = cliOptions({ user: { type: 'string' }, days: { type: 'string' }, seed: { type: 'string' } }, usage);

await runCli(async () => {
  const days = Number(values.days ?? 180);
  const seed = Number(values.seed ?? 42);
  if (!Number.isInteger(days) || days < 1 || days > 730) throw Invalid.at(['days'], 'Must be a whole number from 1 to 730');
  if (!Number.isInteger(seed)) throw Invalid.at(['seed'], 'Must be a whole number');
  const user = await resolveUser(values.user);
  const r = await seedDemo(user.id, user.timezone, { days, seed });
  console.log(`Seeded ${r.days} days (${r.from} to ${r.to}) for ${user.email}:`);
  console.log(`  ${r.readingsCreated} new readings of ${r.readings} (sources apple_watch, iphone, oura, withings, headspace, manual)`);
  console.log(`  ${r.eventsCreated} new events of ${r.events} (coffee, alcohol, run, gym, meditation, late-screen, sick, work-late)`);
  console.log(
    '  planted: the last 7 days are a demanding week (see GET .../insights/episodes), and drinks shorten the next night (GET .../insights/graph?metric=sleep_duration)',
  );
  console.log('  definitions ranked, goals set (steps, sleep, caffeine, water), a weigh-in reminder automation');
});
