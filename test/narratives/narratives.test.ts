import { randomUUID } from 'node:crypto';
import { readOnly } from '../helpers/graphql.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f));

const post = (u: TestUser, body: unknown, as: { auth: Record<string, string> } = u) =>
  server
    .api()
    .post(`/users/${u.id}/narratives`)
    .set(as.auth)
    .send(body as object);
const list = (u: TestUser, q = '') => server.api().get(`/users/${u.id}/narratives${q}`).set(u.auth);
const one = (u: TestUser, id: string) => server.api().get(`/users/${u.id}/narratives/${id}`).set(u.auth);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('POST /users/{user_id}/narratives', () => {
  test('stores a week written elsewhere (201): period_end derived, text trimmed, unknown provenance null', async () => {
    const res = await post(alice, { period_start: '2026-11-02', narrative_text: '  A calm week.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      created_at: expect.stringMatching(ISO_UTC),
      updated_at: res.body.created_at,
      narrative_text: 'A calm week.',
      period_start: '2026-11-02',
      period_end: '2026-11-08',
      period_type: 'week',
      provider: null,
      model_used: null,
      input_tokens: null,
      output_tokens: null,
    });
    expect((await one(alice, res.body.id)).body).toEqual(res.body);
  });

  test('a second post for the same week replaces text and provenance and keeps the id (200); updated_at moves', async () => {
    const first = await post(alice, {
      period_start: '2026-10-26',
      period_end: '2026-11-01',
      period_type: 'week',
      narrative_text: 'First draft',
      provider: 'agent.example',
      model_used: 'm-1',
      input_tokens: 100,
      output_tokens: 20,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      provider: 'agent.example',
      model_used: 'm-1',
      input_tokens: 100,
      output_tokens: 20,
      period_end: '2026-11-01',
    });
    await sleep(5);
    const second = await post(alice, { period_start: '2026-10-26', narrative_text: 'Second draft', model_used: 'm-2', input_tokens: 0 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      id: first.body.id,
      created_at: first.body.created_at,
      narrative_text: 'Second draft',
      provider: null,
      model_used: 'm-2',
      input_tokens: 0,
      output_tokens: null,
    });
    expect(Date.parse(second.body.updated_at)).toBeGreaterThan(Date.parse(first.body.updated_at));
    expect((await one(alice, first.body.id)).body).toEqual(second.body);
    const weeks = (await list(alice, '?limit=500')).body.filter((n: { period_start: string }) => n.period_start === '2026-10-26');
    expect(weeks).toHaveLength(1);
  });

  test('concurrent posts of one week end as one narrative', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map((i) => post(alice, { period_start: '2026-06-01', narrative_text: `copy ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  });

  test.each([
    [{ narrative_text: 'x' }, ['body', 'period_start']],
    [{ period_start: '2026-11-03', narrative_text: 'x' }, ['body', 'period_start']],
    [{ period_start: '2026-11-08', narrative_text: 'x' }, ['body', 'period_start']],
    [{ period_start: '2026-02-30', narrative_text: 'x' }, ['body', 'period_start']],
    [{ period_start: '02.11.2026', narrative_text: 'x' }, ['body', 'period_start']],
    [{ period_start: '2026-11-02', period_end: '2026-11-07', narrative_text: 'x' }, ['body', 'period_end']],
    [{ period_start: '2026-11-02', period_end: '2026-11-09', narrative_text: 'x' }, ['body', 'period_end']],
    [{ period_start: '2026-11-02', period_end: 'Sunday', narrative_text: 'x' }, ['body', 'period_end']],
    [{ period_start: '2026-11-02', period_type: 'month', narrative_text: 'x' }, ['body', 'period_type']],
    [{ period_start: '2026-11-02' }, ['body', 'narrative_text']],
    [{ period_start: '2026-11-02', narrative_text: '' }, ['body', 'narrative_text']],
    [{ period_start: '2026-11-02', narrative_text: '   ' }, ['body', 'narrative_text']],
    [{ period_start: '2026-11-02', narrative_text: 'x'.repeat(20_001) }, ['body', 'narrative_text']],
    [{ period_start: '2026-11-02', narrative_text: 42 }, ['body', 'narrative_text']],
    [{ period_start: '2026-11-02', narrative_text: 'x', provider: '' }, ['body', 'provider']],
    [{ period_start: '2026-11-02', narrative_text: 'x', provider: 'p'.repeat(201) }, ['body', 'provider']],
    [{ period_start: '2026-11-02', narrative_text: 'x', model_used: 'm'.repeat(201) }, ['body', 'model_used']],
    [{ period_start: '2026-11-02', narrative_text: 'x', model_used: 7 }, ['body', 'model_used']],
    [{ period_start: '2026-11-02', narrative_text: 'x', input_tokens: -1 }, ['body', 'input_tokens']],
    [{ period_start: '2026-11-02', narrative_text: 'x', input_tokens: 1.5 }, ['body', 'input_tokens']],
    [{ period_start: '2026-11-02', narrative_text: 'x', output_tokens: '12' }, ['body', 'output_tokens']],
    [{ period_start: '2026-11-02', narrative_text: 'x', output_tokens: 3_000_000_000 }, ['body', 'output_tokens']],
  ])('rejects case %# with a 422 at its loc, and stores nothing', async (body, loc) => {
    const before = (await list(alice, '?limit=500')).body;
    expect422(await post(alice, body), loc);
    expect((await list(alice, '?limit=500')).body).toEqual(before);
  });

  test('a text of exactly 20,000 characters is accepted', async () => {
    const res = await post(alice, { period_start: '2026-01-05', narrative_text: 'y'.repeat(20_000) });
    expect(res.status).toBe(201);
    expect(res.body.narrative_text).toHaveLength(20_000);
  });

  test("another user's path is a 403; a read-only token may not post (403); no token is a 401", async () => {
    expectError(await post(alice, { period_start: '2026-11-02', narrative_text: 'x' }, bob), 403);
    expectError(await post(alice, { period_start: '2026-11-02', narrative_text: 'x' }, await readOnly(server, alice)), 403);
    expectError(await server.api().post(`/users/${alice.id}/narratives`).send({ period_start: '2026-11-02', narrative_text: 'x' }), 401);
  });
});

describe('GET /users/{user_id}/narratives', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = bob;
    // Posted out of order: the list is by week, most recent first (rule 12), not by when stored.
    for (const week of ['2026-09-07', '2026-09-21', '2026-08-31', '2026-09-14']) {
      expect((await post(u, { period_start: week, narrative_text: `Week of ${week}` })).status).toBe(201);
    }
  });

  test('most recent week first, with limit and offset', async () => {
    const all = (await list(u)).body;
    expect(all.map((n: { period_start: string }) => n.period_start)).toEqual(['2026-09-21', '2026-09-14', '2026-09-07', '2026-08-31']);
    expect((await list(u, '?limit=2')).body).toEqual(all.slice(0, 2));
    expect((await list(u, '?limit=2&offset=1')).body).toEqual(all.slice(1, 3));
    expect((await list(u, '?offset=4')).body).toEqual([]);
    // Replacing an old week's text does not move it to the top.
    expect((await post(u, { period_start: '2026-08-31', narrative_text: 'Rewritten' })).status).toBe(200);
    expect((await list(u)).body.map((n: { narrative_text: string }) => n.narrative_text)).toEqual([
      'Week of 2026-09-21',
      'Week of 2026-09-14',
      'Week of 2026-09-07',
      'Rewritten',
    ]);
  });

  test.each([
    ['?limit=0', ['query', 'limit']],
    ['?limit=501', ['query', 'limit']],
    ['?limit=ten', ['query', 'limit']],
    ['?offset=-1', ['query', 'offset']],
  ])('%s is a 422 at its loc', async (q, loc) => {
    expect422(await list(u, q), loc);
  });

  test("each user sees only their own; another user's path is a 403", async () => {
    const mine = (await list(alice, '?limit=500')).body.map((n: { id: string }) => n.id);
    const theirs = (await list(bob, '?limit=500')).body.map((n: { id: string }) => n.id);
    expect(mine.filter((id: string) => theirs.includes(id))).toEqual([]);
    expectError(await server.api().get(`/users/${alice.id}/narratives`).set(bob.auth), 403);
  });
});

describe('GET /users/{user_id}/narratives/{narrative_id}', () => {
  test("an invalid id is a 422 at the path; another user's or an unknown narrative is a 404; another user's path a 403", async () => {
    const theirs = (await post(bob, { period_start: '2026-03-02', narrative_text: 'Bob' })).body;
    expect422(await one(alice, 'abc'), ['path', 'narrative_id']);
    expectError(await one(alice, theirs.id), 404);
    expectError(await one(alice, randomUUID()), 404);
    expectError(await server.api().get(`/users/${alice.id}/narratives/${theirs.id}`).set(bob.auth), 403);
    expect((await one(bob, theirs.id)).body.narrative_text).toBe('Bob');
    // A read-only token reads.
    expect(
      (
        await server
          .api()
          .get(`/users/${bob.id}/narratives/${theirs.id}`)
          .set((await readOnly(server, bob)).auth)
      ).status,
    ).toBe(200);
  });
});
