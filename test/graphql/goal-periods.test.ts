import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { ingestOk } from '../metrics/support.ts';

/** Period goals, history and skips through GraphQL: the same services, answers and rules as REST. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f), { timezone: 'Europe/Berlin' });

const rest = (path: string) =>
  server
    .api()
    .get(`/users/${owner.id}${path}`)
    .set(owner.auth)
    .then((r) => r.body);

test('putGoal with a period, goalHistory, goalSkips, addGoalSkips and deleteGoalSkip equal their REST twins', async () => {
  const { putGoal } = await gqlData(
    server,
    owner,
    `mutation { putGoal(slug: "sleep_duration", input: { target: 7, direction: at_least, period: week, timesPerPeriod: 5 }) {
      slug period timesPerPeriod periodValue streak longestStreak strength } }`,
  );
  const restGoal = (await rest('/goals')).find((g: { slug: string }) => g.slug === 'sleep_duration');
  expect(putGoal).toEqual({
    slug: 'sleep_duration',
    period: 'week',
    timesPerPeriod: 5,
    periodValue: restGoal.period_value,
    streak: restGoal.streak,
    longestStreak: restGoal.longest_streak,
    strength: restGoal.strength,
  });
  await ingestOk(server, owner, [
    { metric_type_slug: 'sleep_duration', recorded_at: '2026-11-02T07:00:00+01:00', value: 8, source: 'watch', source_id: 'g1' },
    { metric_type_slug: 'sleep_duration', recorded_at: '2026-11-03T07:00:00+01:00', value: 6, source: 'watch', source_id: 'g2' },
  ]);
  const { addGoalSkips } = await gqlData(
    server,
    owner,
    `mutation { addGoalSkips(slug: "sleep_duration", input: { from: "2026-11-04", to: "2026-11-05" }) }`,
  );
  expect(addGoalSkips).toEqual(['2026-11-04', '2026-11-05']);
  const { me } = await gqlData(
    server,
    owner,
    `{ me { goalHistory(slug: "sleep_duration", from: "2026-11-02", to: "2026-11-15") { start end value target outcome }
            goalSkips(slug: "sleep_duration") profile { weekStart } } }`,
  );
  expect(me.goalHistory).toEqual(await rest('/goals/sleep_duration/history?from=2026-11-02&to=2026-11-15'));
  expect(me.goalHistory[0]).toEqual({ start: '2026-11-02', end: '2026-11-08', value: 1, target: 5, outcome: 'missed' });
  expect(me.goalSkips).toEqual(await rest('/goals/sleep_duration/skips'));
  expect(me.profile.weekStart).toBe('monday');

  const { deleteGoalSkip } = await gqlData(server, owner, `mutation { deleteGoalSkip(slug: "sleep_duration", date: "2026-11-04") }`);
  expect(deleteGoalSkip).toBe(true);
  expect(await rest('/goals/sleep_duration/skips')).toEqual(['2026-11-05']);
  const gone = await gqlError(server, owner, `mutation { deleteGoalSkip(slug: "sleep_duration", date: "2026-11-04") }`);
  expect(gone.code).toBe('NOT_FOUND');

  const { updateProfile } = await gqlData(server, owner, `mutation { updateProfile(input: { weekStart: sunday }) { weekStart } }`);
  expect(updateProfile.weekStart).toBe('sunday');
  expect((await rest('/profile')).week_start).toBe('sunday');
});

test('bad input is BAD_USER_INPUT at the argument; read-only tokens read but do not skip; another user has no such goal', async () => {
  const bad = await gqlError(
    server,
    owner,
    `mutation { putGoal(slug: "steps", input: { target: 5, direction: at_least, period: day, timesPerPeriod: 3 }) { slug } }`,
  );
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.locs).toEqual(['input.timesPerPeriod']);
  const noDates = await gqlError(server, owner, `mutation { addGoalSkips(slug: "sleep_duration", input: { from: "2026-11-04" }) }`);
  expect(noDates.locs).toEqual(['input.to']);

  const ro = await readOnly(server, owner);
  expect((await gqlData(server, ro, `{ me { goalSkips(slug: "sleep_duration") } }`)).me.goalSkips).toEqual(expect.any(Array));
  expect((await gqlError(server, ro, `mutation { addGoalSkips(slug: "sleep_duration", input: { dates: ["2026-11-06"] }) }`)).code).toBe(
    'FORBIDDEN',
  );
  expect((await gqlError(server, other, `{ me { goalHistory(slug: "sleep_duration") { start } } }`)).code).toBe('NOT_FOUND');
});
