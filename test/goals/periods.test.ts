import { expect422, expectError } from '../helpers/expect.ts';
import { readOnly } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { ingestOk } from '../metrics/support.ts';

/**
 * Goals over weeks and months, skips, streaks and habit strength, through the API. Dates are fixed
 * and in the past (closed periods have settled outcomes), around both of 2026's daylight-saving
 * changes in Europe/Berlin (29 March, 25 October); strength, which runs to today, uses days
 * counted back from today.
 */
let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other } = f), { timezone: 'Europe/Berlin' });

const put = (user: TestUser, slug: string, body: object) => server.api().put(`/users/${user.id}/goals/${slug}`).set(user.auth).send(body);
const goal = async (user: TestUser, slug: string) =>
  ((await server.api().get(`/users/${user.id}/goals`).set(user.auth)).body as Record<string, unknown>[]).find((g) => g.slug === slug)!;
const history = async (user: TestUser, slug: string, from: string, to: string) => {
  const res = await server.api().get(`/users/${user.id}/goals/${slug}/history`).query({ from, to }).set(user.auth);
  expect(res.status).toBe(200);
  return res.body as { start: string; end: string; value: number | null; target: number; outcome: string }[];
};
/** A reading at a local wall time in Berlin (offset given), with its own source id. */
const at = (slug: string, localIso: string, value: number) => ({
  metric_type_slug: slug,
  recorded_at: localIso,
  value,
  source: 'watch',
  source_id: `${slug}-${localIso}`,
});

test("the spec's body is a daily goal, and every goal read has the period fields", async () => {
  const res = await put(u, 'water', { target: 2000, direction: 'at_least' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ slug: 'water', period: 'day', times_per_period: null, period_value: 0, streak: 0, strength: 0 });
  expect(res.body).toHaveProperty('longest_streak', 0);
  expect(await goal(u, 'protein')).toMatchObject({ is_set: false, period: 'day', times_per_period: null, streak: null, strength: null });
});

test.each([
  [{ target: 7, direction: 'at_least', period: 'day', times_per_period: 3 }, ['body', 'times_per_period']],
  [{ target: 7, direction: 'at_least', period: 'week', times_per_period: 8 }, ['body', 'times_per_period']],
  [{ target: 7, direction: 'at_least', period: 'month', times_per_period: 32 }, ['body', 'times_per_period']],
  [{ target: 7, direction: 'at_least', period: 'week', times_per_period: 0 }, ['body', 'times_per_period']],
  [{ target: 7, direction: 'at_least', period: 'week', times_per_period: 2.5 }, ['body', 'times_per_period']],
  [{ target: 7, direction: 'at_least', period: 'year' }, ['body', 'period']],
])('%j is a 422 at %j', async (body, loc) => {
  expect422(await put(u, 'sleep_duration', body), loc);
});

test('"7 hours of sleep on 5 nights a week": weeks from Monday across the March DST change, met, missed and counted by local night', async () => {
  const user = await signUp(server, { timezone: 'Europe/Berlin' });
  expect((await put(user, 'sleep_duration', { target: 7, direction: 'at_least', period: 'week', times_per_period: 5 })).status).toBe(200);
  await ingestOk(server, user, [
    // Week of 23–29 March: five nights of 7 h or more, the last one late on Sunday, the night the clocks went forward.
    at('sleep_duration', '2026-03-23T07:00:00+01:00', 7.5),
    at('sleep_duration', '2026-03-24T07:00:00+01:00', 7),
    at('sleep_duration', '2026-03-25T07:00:00+01:00', 6),
    at('sleep_duration', '2026-03-26T07:00:00+01:00', 8),
    at('sleep_duration', '2026-03-27T07:00:00+01:00', 7.2),
    at('sleep_duration', '2026-03-29T23:30:00+02:00', 7.1),
    // Week of 30 March – 5 April: four.
    at('sleep_duration', '2026-03-30T07:00:00+02:00', 7),
    at('sleep_duration', '2026-03-31T07:00:00+02:00', 7),
    at('sleep_duration', '2026-04-01T07:00:00+02:00', 7),
    at('sleep_duration', '2026-04-02T07:00:00+02:00', 7),
    at('sleep_duration', '2026-04-03T07:00:00+02:00', 5),
  ]);
  expect(await history(user, 'sleep_duration', '2026-03-23', '2026-04-05')).toEqual([
    { start: '2026-03-23', end: '2026-03-29', value: 5, target: 5, outcome: 'met' },
    { start: '2026-03-30', end: '2026-04-05', value: 4, target: 5, outcome: 'missed' },
  ]);

  // Weeks that start on Sunday regroup the same nights.
  expect((await server.api().patch(`/users/${user.id}/profile`).set(user.auth).send({ week_start: 'sunday' })).body.week_start).toBe(
    'sunday',
  );
  expect(await history(user, 'sleep_duration', '2026-03-22', '2026-04-04')).toEqual([
    { start: '2026-03-22', end: '2026-03-28', value: 4, target: 5, outcome: 'missed' },
    { start: '2026-03-29', end: '2026-04-04', value: 5, target: 5, outcome: 'met' },
  ]);
  expect422(await server.api().patch(`/users/${user.id}/profile`).set(user.auth).send({ week_start: 'someday' }), ['body', 'week_start']);
});

test('"at most 1000 mg of caffeine a week" adds the week up across the October DST change; a skipped day scales the allowance', async () => {
  const user = await signUp(server, { timezone: 'Europe/Berlin' });
  expect((await put(user, 'caffeine', { target: 1000, direction: 'at_most', period: 'week' })).status).toBe(200);
  await ingestOk(server, user, [
    // 19–25 October: 900 mg, the last cup late on Sunday 25th, after the clocks went back.
    at('caffeine', '2026-10-19T09:00:00+02:00', 300),
    at('caffeine', '2026-10-21T09:00:00+02:00', 300),
    at('caffeine', '2026-10-25T23:30:00+01:00', 300),
    // 26 October – 1 November: 1100 mg.
    at('caffeine', '2026-10-26T09:00:00+01:00', 600),
    at('caffeine', '2026-10-27T09:00:00+01:00', 500),
  ]);
  expect(await history(user, 'caffeine', '2026-10-19', '2026-11-01')).toEqual([
    { start: '2026-10-19', end: '2026-10-25', value: 900, target: 1000, outcome: 'met' },
    { start: '2026-10-26', end: '2026-11-01', value: 1100, target: 1000, outcome: 'missed' },
  ]);
  // Skipping the Saturday of the first week leaves 6/7 of the allowance (857.143 mg): 900 no longer meets it.
  const skipped = await server
    .api()
    .post(`/users/${user.id}/goals/caffeine/skips`)
    .set(user.auth)
    .send({ dates: ['2026-10-24'] });
  expect(skipped.status).toBe(200);
  expect(skipped.body).toEqual(['2026-10-24']);
  expect((await history(user, 'caffeine', '2026-10-19', '2026-10-25'))[0]).toEqual({
    start: '2026-10-19',
    end: '2026-10-25',
    value: 900,
    target: 857.143,
    outcome: 'missed',
  });
});

test('a monthly mean: weight at most 80 kg as the month’s average', async () => {
  const user = await signUp(server, { timezone: 'Europe/Berlin' });
  expect((await put(user, 'weight', { target: 80, direction: 'at_most', period: 'month' })).status).toBe(200);
  await ingestOk(server, user, [
    at('weight', '2026-09-03T08:00:00+02:00', 81),
    at('weight', '2026-09-20T08:00:00+02:00', 78),
    at('weight', '2026-10-05T08:00:00+02:00', 82),
  ]);
  expect(await history(user, 'weight', '2026-09-01', '2026-10-31')).toEqual([
    { start: '2026-09-01', end: '2026-09-30', value: 79.5, target: 80, outcome: 'met' },
    { start: '2026-10-01', end: '2026-10-31', value: 82, target: 80, outcome: 'missed' },
  ]);
});

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
/** The local (Berlin) date n days ago, and an instant early on it. */
const noonDaysAgo = (n: number) => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(daysAgo(n));
  // Just after midnight there (winter time: these days are all after 25 October), so today's is never in the future.
  return { day, at: `${day}T00:30:00+01:00` };
};

test("strength is Loop Habit Tracker's score (its published test: 20 days in a row, then with three skipped); skips neither break nor extend a streak", async () => {
  const user = await signUp(server, { timezone: 'Europe/Berlin' });
  expect((await put(user, 'mindful_minutes', { target: 10, direction: 'at_least' })).status).toBe(200);
  await ingestOk(
    server,
    user,
    Array.from({ length: 20 }, (_, i) => at('mindful_minutes', noonDaysAgo(i).at, 15)),
  );
  const daily = await goal(user, 'mindful_minutes');
  // Loop's YesNoScoreListTest.test_getValue: 0.655747 after twenty daily checks.
  expect(daily).toMatchObject({ streak: 20, longest_streak: 20, period_value: 15 });
  expect(Math.abs((daily.strength as number) - 65.5747)).toBeLessThanOrEqual(1e-4);

  // Loop's test_getValueWithSkip: days 5, 10 and 11 back skipped (one as a one-day pause), 0.596033.
  const skip = (body: object) => server.api().post(`/users/${user.id}/goals/mindful_minutes/skips`).set(user.auth).send(body);
  expect((await skip({ dates: [noonDaysAgo(5).day] })).status).toBe(200);
  expect((await skip({ from: noonDaysAgo(11).day, to: noonDaysAgo(10).day })).body).toEqual([
    noonDaysAgo(11).day,
    noonDaysAgo(10).day,
    noonDaysAgo(5).day,
  ]);
  const withSkips = await goal(user, 'mindful_minutes');
  expect(Math.abs((withSkips.strength as number) - 59.6033)).toBeLessThanOrEqual(1e-4);
  // Skipped days neither break the streak nor count in it.
  expect(withSkips).toMatchObject({ streak: 17, longest_streak: 17 });

  // Unskipped, a day counts again; a day never skipped cannot be unskipped.
  expect(
    (
      await server
        .api()
        .delete(`/users/${user.id}/goals/mindful_minutes/skips/${noonDaysAgo(5).day}`)
        .set(user.auth)
    ).status,
  ).toBe(204);
  expectError(
    await server
      .api()
      .delete(`/users/${user.id}/goals/mindful_minutes/skips/${noonDaysAgo(3).day}`)
      .set(user.auth),
    404,
  );
  expect(await goal(user, 'mindful_minutes')).toMatchObject({ streak: 18, longest_streak: 18 });
  const periods = await history(user, 'mindful_minutes', noonDaysAgo(12).day, noonDaysAgo(0).day);
  expect(periods.find((p) => p.start === noonDaysAgo(11).day)?.outcome).toBe('skipped');
  expect(periods.find((p) => p.start === noonDaysAgo(0).day)?.outcome).toBe('met');
});

test('history defaults to the last twelve periods up to today; the current one is in progress until met', async () => {
  const user = await signUp(server, { timezone: 'Europe/Berlin' });
  expect((await put(user, 'steps', { target: 50_000, direction: 'at_least', period: 'week' })).status).toBe(200);
  const res = await server.api().get(`/users/${user.id}/goals/steps/history`).set(user.auth);
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(12);
  expect(res.body.at(-1)).toMatchObject({ value: 0, target: 50_000, outcome: 'in_progress' });
  expect(res.body.slice(0, -1).every((p: { outcome: string }) => p.outcome === 'missed')).toBe(true);
  await ingestOk(server, user, [at('steps', noonDaysAgo(0).at, 60_000)]);
  expect((await server.api().get(`/users/${user.id}/goals/steps/history`).set(user.auth)).body.at(-1).outcome).toBe('met');
});

test('history and skips: 404 without a goal, 422 for bad ranges and dates, 403 for another user, read-only tokens read', async () => {
  const base = `/users/${u.id}/goals`;
  expectError(await server.api().get(`${base}/protein/history`).set(u.auth), 404);
  expectError(await server.api().get(`${base}/not_a_metric/history`).set(u.auth), 404);
  expectError(
    await server
      .api()
      .post(`${base}/protein/skips`)
      .set(u.auth)
      .send({ dates: ['2026-01-01'] }),
    404,
  );
  expect(await put(u, 'steps', { target: 8000, direction: 'at_least' })).toHaveProperty('status', 200);
  expect422(await server.api().get(`${base}/steps/history`).query({ from: '2026-02-01', to: '2026-01-01' }).set(u.auth), ['query', 'to']);
  expect422(await server.api().get(`${base}/steps/history`).query({ from: '2023-01-01', to: '2026-01-01' }).set(u.auth), ['query', 'to']);
  expect422(await server.api().get(`${base}/steps/history`).query({ from: 'yesterday' }).set(u.auth), ['query', 'from']);
  expect422(await server.api().post(`${base}/steps/skips`).set(u.auth).send({}), ['body']);
  expect422(
    await server
      .api()
      .post(`${base}/steps/skips`)
      .set(u.auth)
      .send({ dates: ['2026-13-01'] }),
    ['body', 'dates', 0],
  );
  expect422(await server.api().post(`${base}/steps/skips`).set(u.auth).send({ dates: [] }), ['body', 'dates']);
  expect422(await server.api().post(`${base}/steps/skips`).set(u.auth).send({ from: '2026-01-01' }), ['body', 'to']);
  expect422(await server.api().post(`${base}/steps/skips`).set(u.auth).send({ from: '2026-02-01', to: '2026-01-01' }), ['body', 'to']);
  expect422(await server.api().post(`${base}/steps/skips`).set(u.auth).send({ from: '2024-01-01', to: '2026-01-01' }), ['body', 'to']);
  expect422(
    await server
      .api()
      .post(`${base}/steps/skips`)
      .set(u.auth)
      .send({ dates: ['2026-01-01'], from: '2026-01-01', to: '2026-01-02' }),
    ['body', 'dates'],
  );
  expect422(await server.api().delete(`${base}/steps/skips/not-a-date`).set(u.auth), ['path', 'date']);

  expectError(await server.api().get(`${base}/steps/history`).set(other.auth), 403);
  expectError(await server.api().get(`${base}/steps/skips`).set(other.auth), 403);
  expectError(
    await server
      .api()
      .post(`${base}/steps/skips`)
      .set(other.auth)
      .send({ dates: ['2026-01-01'] }),
    403,
  );
  expectError(await server.api().delete(`${base}/steps/skips/2026-01-01`).set(other.auth), 403);

  const ro = await readOnly(server, u);
  expect((await server.api().get(`${base}/steps/history`).set(ro.auth)).status).toBe(200);
  expect((await server.api().get(`${base}/steps/skips`).set(ro.auth)).status).toBe(200);
  expectError(
    await server
      .api()
      .post(`${base}/steps/skips`)
      .set(ro.auth)
      .send({ dates: ['2026-01-01'] }),
    403,
  );
});
