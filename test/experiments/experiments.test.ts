import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { readOnly } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
// UTC+14: the user's today (the stop day) differs from UTC's for most of the day.
const TIMEZONE = 'Pacific/Kiritimati';
withServer((f) => ({ server, owner: alice, other: bob } = f), { timezone: TIMEZONE });

type Json = Record<string, any>;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE }).format(new Date());
const SCHEDULES = (
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'experiments', 'reference.json'), 'utf8')) as {
    schedules: { seed: number; arms: string[] }[];
  }
).schedules;

const base = {
  hypothesis: 'No coffee after noon, longer sleep',
  intervention: 'tag:no_coffee_after_noon',
  outcome: 'sleep_duration',
  start: '2026-03-02',
};
const create = (u: TestUser, body: unknown) =>
  server
    .api()
    .post(`/users/${u.id}/experiments`)
    .set(u.auth)
    .send(body as object);
const experiment = async (body: object = {}) => {
  const res = await create(alice, { design: 'abab', ...base, ...body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Json;
};
const url = (id: string, u: TestUser = alice) => `/users/${u.id}/experiments/${id}`;
const patch = (id: string, body: unknown, u: TestUser = alice) =>
  server
    .api()
    .patch(url(id, u))
    .set(u.auth)
    .send(body as object);

describe('POST/GET /users/{user_id}/experiments', () => {
  test('abab with the defaults: four 7-day blocks A, B, A, B from start, every day listed, no results yet', async () => {
    const res = await create(alice, { design: 'abab', ...base });
    expect(res.status).toBe(201);
    const e = res.body as Json;
    expect(Object.keys(e).sort()).toEqual(
      [
        'adherence',
        'better',
        'block_days',
        'blocks',
        'created_at',
        'days',
        'design',
        'end',
        'hypothesis',
        'id',
        'intervention',
        'lag',
        'outcome',
        'results',
        'schedule',
        'seed',
        'start',
        'status',
        'stopped_on',
        'updated_at',
        'user_id',
        'washout_days',
      ].sort(),
    );
    expect(e).toMatchObject({
      user_id: alice.id,
      hypothesis: base.hypothesis,
      intervention: 'tag:no_coffee_after_noon',
      outcome: 'sleep_duration',
      design: 'abab',
      block_days: 7,
      blocks: 4,
      washout_days: 0,
      start: '2026-03-02',
      end: '2026-03-29',
      seed: null,
      better: 'higher',
      lag: 0,
      status: 'completed',
      stopped_on: null,
    });
    expect(e.id).toMatch(UUID);
    expect(e.created_at).toMatch(ISO_UTC);
    expect(e.schedule).toEqual([
      { index: 1, arm: 'A', from: '2026-03-02', to: '2026-03-08' },
      { index: 2, arm: 'B', from: '2026-03-09', to: '2026-03-15' },
      { index: 3, arm: 'A', from: '2026-03-16', to: '2026-03-22' },
      { index: 4, arm: 'B', from: '2026-03-23', to: '2026-03-29' },
    ]);
    expect(e.days).toHaveLength(28);
    expect(e.days[7]).toEqual({
      date: '2026-03-09',
      arm: 'B',
      block: 2,
      washout: false,
      intervention: null,
      adherent: null,
      outcome_date: '2026-03-09',
      outcome: null,
      analysed: false,
    });
    expect(e.adherence).toEqual({ days_known: 0, days_adherent: 0, rate: null });
    expect(e.results).toMatchObject({
      n_a: 0,
      n_b: 0,
      difference: null,
      ci_low: null,
      runs: 0,
      min_days_per_arm: 10,
      verdict: 'inconclusive',
    });
    const got = await server.api().get(url(e.id)).set(alice.auth);
    expect(got.body).toEqual(e);
    expect(got.headers.etag).toMatch(/^"\d+"$/);
  });

  test('the defaults per design: ab is 2 blocks, randomized 8 with a stored seed that gives the same schedule on every read', async () => {
    const ab = await experiment({ design: 'ab', start: '2099-01-01' });
    expect(ab).toMatchObject({ blocks: 2, end: '2099-01-14', status: 'scheduled', seed: null });
    expect(ab.schedule.map((b: Json) => b.arm)).toEqual(['A', 'B']);
    const rand = await experiment({ design: 'randomized' });
    expect(rand.blocks).toBe(8);
    expect(rand.seed).toEqual(expect.any(Number));
    expect(rand.seed).toBeGreaterThanOrEqual(0);
    expect(rand.seed).toBeLessThanOrEqual(2147483647);
    expect((await server.api().get(url(rand.id)).set(alice.auth)).body.schedule).toEqual(rand.schedule);
    // Each pair is one A and one B.
    const arms = rand.schedule.map((b: Json) => b.arm as string);
    for (let k = 0; k < 8; k += 2) expect([arms[k], arms[k + 1]].sort()).toEqual(['A', 'B']);
  });

  test('a given seed gives the schedule the documented SHA-256 rule gives (the reference computed it in Python)', async () => {
    for (const { seed, arms } of SCHEDULES) {
      const e = await experiment({ design: 'randomized', seed, blocks: 12, block_days: 2 });
      expect([seed, e.schedule.map((b: Json) => b.arm)]).toEqual([seed, arms]);
      expect(e.days.filter((d: Json) => d.block === 3).map((d: Json) => d.date)).toEqual(['2026-03-06', '2026-03-07']);
    }
  });

  test('keys are stored in one spelling: a tag as events store it, a summary field as its slug, a category by id, a condition without spaces', async () => {
    const walks = await server.api().post(`/users/${alice.id}/categories`).set(alice.auth).send({ name: 'Evening Walks' });
    const e = await experiment({ intervention: 'category: evening walks', outcome: 'sleep_hours' });
    expect(e).toMatchObject({ intervention: `category:${walks.body.id}`, outcome: 'sleep_duration' });
    const byId = await experiment({ intervention: 'metric: caffeine <= 100.50', outcome: `category:${walks.body.id.toUpperCase()}` });
    expect(byId).toMatchObject({ intervention: 'metric:caffeine<=100.5', outcome: `category:${walks.body.id}` });
    const tagged = await experiment({ intervention: 'tag: #No_Coffee', outcome: 'tag:Headache', better: 'lower', lag: 2, washout_days: 2 });
    expect(tagged).toMatchObject({ intervention: 'tag:no_coffee', outcome: 'tag:headache', better: 'lower', lag: 2, washout_days: 2 });
    expect(tagged.days.filter((d: Json) => d.washout).map((d: Json) => d.date)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-16',
      '2026-03-17',
      '2026-03-23',
      '2026-03-24',
    ]);
    expect(tagged.days[0].outcome_date).toBe('2026-03-04');
  });

  test('lists newest first; another user sees none of them', async () => {
    const user = await signUp(server);
    const first = (await create(user, { design: 'ab', ...base })).body;
    const second = (await create(user, { design: 'abab', ...base })).body;
    const list = await server.api().get(`/users/${user.id}/experiments`).set(user.auth);
    expect(list.status).toBe(200);
    expect(list.body.map((e: Json) => e.id)).toEqual([second.id, first.id]);
    expect(list.body[0]).toEqual((await server.api().get(url(second.id, user)).set(user.auth)).body);
    const theirs = await server.api().get(`/users/${bob.id}/experiments`).set(bob.auth);
    expect(theirs.body.map((e: Json) => e.id)).not.toContain(first.id);
  });

  const cases: [string, object, (string | number)[]][] = [
    ['no hypothesis', { hypothesis: undefined }, ['body', 'hypothesis']],
    ['an empty hypothesis', { hypothesis: '  ' }, ['body', 'hypothesis']],
    ['an intervention of no known shape', { intervention: 'coffee' }, ['body', 'intervention']],
    ['a metric condition without a number', { intervention: 'metric:caffeine<=lots' }, ['body', 'intervention']],
    ['an unknown metric', { intervention: 'metric:coffee_cups<2' }, ['body', 'intervention']],
    ['an empty tag', { intervention: 'tag: #' }, ['body', 'intervention']],
    ['a category nobody has', { intervention: 'category:Nothing like it' }, ['body', 'intervention']],
    ['no outcome', { outcome: undefined }, ['body', 'outcome']],
    ['an outcome of no known shape', { outcome: 'happiness' }, ['body', 'outcome']],
    ['the outcome is the intervention', { intervention: 'metric:caffeine<100', outcome: 'caffeine_mg' }, ['body', 'outcome']],
    ['an unknown design', { design: 'crossover' }, ['body', 'design']],
    ['no design', { design: undefined }, ['body', 'design']],
    ['block_days 0', { block_days: 0 }, ['body', 'block_days']],
    ['block_days not an integer', { block_days: 2.5 }, ['body', 'block_days']],
    ['one block', { blocks: 1 }, ['body', 'blocks']],
    ['ab with 4 blocks', { design: 'ab', blocks: 4 }, ['body', 'blocks']],
    ['randomized with an odd number of blocks', { design: 'randomized', blocks: 5 }, ['body', 'blocks']],
    ['more than 366 days', { blocks: 30, block_days: 14 }, ['body', 'blocks']],
    ['a washout as long as a block', { block_days: 3, washout_days: 3 }, ['body', 'washout_days']],
    ['a negative washout', { washout_days: -1 }, ['body', 'washout_days']],
    ['no start', { start: undefined }, ['body', 'start']],
    ['a start that is no date', { start: '2026-02-30' }, ['body', 'start']],
    ['a seed for abab', { seed: 3 }, ['body', 'seed']],
    ['a negative seed', { design: 'randomized', seed: -1 }, ['body', 'seed']],
    ['a seed past 2^31 - 1', { design: 'randomized', seed: 2147483648 }, ['body', 'seed']],
    ['better sideways', { better: 'sideways' }, ['body', 'better']],
    ['a lag of 4', { lag: 4 }, ['body', 'lag']],
    ['a negative lag', { lag: -1 }, ['body', 'lag']],
  ];
  test.each(cases)('%s is a 422 at its loc, and nothing is stored', async (_what, change, loc) => {
    const body: Json = { design: 'abab', ...base, ...change };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const before = (await server.api().get(`/users/${alice.id}/experiments`).set(alice.auth)).body.length;
    expect422(await create(alice, body), loc);
    expect((await server.api().get(`/users/${alice.id}/experiments`).set(alice.auth)).body).toHaveLength(before);
  });

  test("another user's category (by id) is not a category of this user: 422 at the intervention", async () => {
    const theirs = await server.api().post(`/users/${bob.id}/categories`).set(bob.auth).send({ name: 'Bob only' });
    expect422(await create(alice, { design: 'abab', ...base, intervention: `category:${theirs.body.id}` }), ['body', 'intervention']);
    expect422(await create(alice, { design: 'abab', ...base, outcome: 'category:Bob only' }), ['body', 'outcome']);
  });
});

describe('PATCH and DELETE /users/{user_id}/experiments/{experiment_id}', () => {
  test('extend: more blocks continue the schedule, the planned ones stay (randomized pairs too)', async () => {
    const abab = await experiment();
    const longer = await patch(abab.id, { blocks: 6 });
    expect(longer.status).toBe(200);
    expect(longer.body).toMatchObject({ blocks: 6, end: '2026-04-12' });
    expect(longer.body.schedule.slice(0, 4)).toEqual(abab.schedule);
    expect(longer.body.schedule.map((b: Json) => b.arm)).toEqual(['A', 'B', 'A', 'B', 'A', 'B']);
    expect(longer.body.days).toHaveLength(42);
    const rand = await experiment({ design: 'randomized', seed: 42 });
    const more = await patch(rand.id, { blocks: 12 });
    expect(more.body.schedule.slice(0, 8)).toEqual(rand.schedule);
    expect(more.body.schedule.map((b: Json) => b.arm)).toEqual(SCHEDULES.find((s) => s.seed === 42)!.arms);
    expect(more.body.seed).toBe(42);
    // The same number is no change.
    expect((await patch(rand.id, { blocks: 12 })).status).toBe(200);
  });

  test('stop: the status is stopped and the schedule ends on the user’s local today; stopping again keeps that day', async () => {
    const running = await experiment({ start: today(), design: 'randomized', block_days: 1, blocks: 10 });
    expect(running.status).toBe('running');
    const stopped = await patch(running.id, { status: 'stopped' });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ status: 'stopped', stopped_on: today(), end: running.end });
    expect(stopped.body.days.map((d: Json) => d.date)).toEqual([today()]);
    expect(stopped.body.schedule).toEqual([running.schedule[0]]);
    const again = await patch(running.id, { status: 'stopped', hypothesis: 'Reworded' });
    expect(again.body).toMatchObject({ stopped_on: today(), hypothesis: 'Reworded' });
    expect((await server.api().get(url(running.id)).set(alice.auth)).body).toEqual(again.body);
    // Stopped before it started: no days at all.
    const future = await experiment({ start: '2099-01-01' });
    const never = (await patch(future.id, { status: 'stopped' })).body;
    expect(never).toMatchObject({ status: 'stopped', days: [], schedule: [], results: { verdict: 'inconclusive' } });
  });

  test.each([
    ['a shorter schedule', {}, { blocks: 2 }, ['body', 'blocks']],
    ['an odd number of randomized blocks', { design: 'randomized' }, { blocks: 9 }, ['body', 'blocks']],
    ['an ab design', { design: 'ab' }, { blocks: 4 }, ['body', 'blocks']],
    ['more than 366 days', {}, { blocks: 53 }, ['body', 'blocks']],
    ['blocks null', {}, { blocks: null }, ['body', 'blocks']],
    ['a hypothesis of null', {}, { hypothesis: null }, ['body', 'hypothesis']],
    ['an empty hypothesis', {}, { hypothesis: '' }, ['body', 'hypothesis']],
    ['status running', {}, { status: 'running' }, ['body', 'status']],
  ] as [string, object, object, (string | number)[]][])('%s is a 422 at its loc, and nothing changes', async (_what, made, change, loc) => {
    const e = await experiment(made);
    expect422(await patch(e.id, change), loc);
    expect((await server.api().get(url(e.id)).set(alice.auth)).body).toEqual(e);
  });

  test('a stopped experiment is not extended (422 at blocks)', async () => {
    const e = await experiment({ start: today() });
    await patch(e.id, { status: 'stopped' });
    expect422(await patch(e.id, { blocks: 6 }), ['body', 'blocks']);
  });

  test('If-Match: the current ETag writes, a stale one is 412', async () => {
    const e = await experiment();
    const etag = (await server.api().get(url(e.id)).set(alice.auth)).headers.etag;
    const ok = await server.api().patch(url(e.id)).set(alice.auth).set('If-Match', etag).send({ hypothesis: 'v2' });
    expect(ok.status).toBe(200);
    expect((await server.api().patch(url(e.id)).set(alice.auth).set('If-Match', etag).send({ hypothesis: 'v3' })).status).toBe(412);
  });

  test('DELETE is 204, then the experiment is gone (404), its data stay', async () => {
    const e = await experiment();
    await server
      .api()
      .post(`/users/${alice.id}/events`)
      .set(alice.auth)
      .send({ tags: ['no_coffee_after_noon'], occurred_at: '2026-03-10T09:00:00Z' });
    const events = (await server.api().get(`/users/${alice.id}/events?tag=no_coffee_after_noon`).set(alice.auth)).body.length;
    expect((await server.api().delete(url(e.id)).set(alice.auth)).status).toBe(204);
    expectError(await server.api().get(url(e.id)).set(alice.auth), 404);
    expectError(await server.api().delete(url(e.id)).set(alice.auth), 404);
    expect((await server.api().get(`/users/${alice.id}/events?tag=no_coffee_after_noon`).set(alice.auth)).body).toHaveLength(events);
  });

  test('an invalid experiment id is a 422 at ["path","experiment_id"]', async () => {
    expect422(await server.api().get(url('abc')).set(alice.auth), ['path', 'experiment_id']);
    expect422(await patch('abc', {}), ['path', 'experiment_id']);
    expect422(await server.api().delete(url('abc')).set(alice.auth), ['path', 'experiment_id']);
  });
});

describe('who may', () => {
  test("another user's experiment ids and unknown ids are a 404 on every route, and nothing changes", async () => {
    const theirs = (await create(bob, { design: 'abab', ...base })).body;
    for (const id of [theirs.id, randomUUID()]) {
      expectError(await server.api().get(url(id)).set(alice.auth), 404);
      expectError(await patch(id, { hypothesis: 'mine' }), 404);
      expectError(await server.api().delete(url(id)).set(alice.auth), 404);
    }
    expect((await server.api().get(url(theirs.id, bob)).set(bob.auth)).body).toEqual(theirs);
  });

  test("another user's token on this user's paths is a 403 on every route; no token a 401", async () => {
    const e = await experiment();
    const asBob = { ...bob, id: alice.id };
    expectError(await create(asBob, { design: 'abab', ...base }), 403);
    expectError(await server.api().get(`/users/${alice.id}/experiments`).set(bob.auth), 403);
    expectError(await server.api().get(url(e.id)).set(bob.auth), 403);
    expectError(await server.api().patch(url(e.id)).set(bob.auth).send({ hypothesis: 'x' }), 403);
    expectError(await server.api().delete(url(e.id)).set(bob.auth), 403);
    expectError(await server.api().get(url(e.id)), 401);
    expect((await server.api().get(url(e.id)).set(alice.auth)).body).toEqual(e);
  });

  test('a read-only token reads experiments; creating, changing and deleting one is a 403 and changes nothing', async () => {
    const e = await experiment();
    const reader = await readOnly(server, alice);
    const list = await server.api().get(`/users/${alice.id}/experiments`).set(reader.auth);
    expect(list.status).toBe(200);
    expect((await server.api().get(url(e.id)).set(reader.auth)).body).toEqual(e);
    expectError(
      await server
        .api()
        .post(`/users/${alice.id}/experiments`)
        .set(reader.auth)
        .send({ design: 'abab', ...base }),
      403,
    );
    expectError(await server.api().patch(url(e.id)).set(reader.auth).send({ status: 'stopped' }), 403);
    expectError(await server.api().delete(url(e.id)).set(reader.auth), 403);
    expect((await server.api().get(`/users/${alice.id}/experiments`).set(alice.auth)).body).toEqual(list.body);
  });
});

test('in the changes feed as type experiment: its data the REST read; a delete is a tombstone', async () => {
  const user = await signUp(server);
  const cursor = (await server.api().get(`/users/${user.id}/changes`).set(user.auth)).body.next_cursor as string;
  const e = (await create(user, { design: 'abab', ...base })).body;
  const feed = await server.api().get(`/users/${user.id}/changes`).query({ since: cursor, types: 'experiment' }).set(user.auth);
  expect(feed.body.changes).toEqual([expect.objectContaining({ type: 'experiment', id: e.id, op: 'upsert', data: e })]);
  await server.api().delete(url(e.id, user)).set(user.auth);
  const gone = await server.api().get(`/users/${user.id}/changes`).query({ since: feed.body.next_cursor }).set(user.auth);
  expect(gone.body.changes).toEqual([expect.objectContaining({ type: 'experiment', id: e.id, op: 'delete', data: null })]);
});
