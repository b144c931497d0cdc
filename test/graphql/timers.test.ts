import { randomUUID } from 'node:crypto';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { asInputIssues } from '../helpers/input-issues.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** Tracking timers through GraphQL: the same timers and the same logged events as REST. */
let server: SharedServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f), { timezone: 'Europe/Berlin' });

type Rest = Record<string, any>;
const rest = (u: TestUser, path: string) => server.api().get(`/users/${u.id}${path}`).set(u.auth);
const startRest = async (u: TestUser, body: object): Promise<Rest> =>
  (await server.api().post(`/users/${u.id}/tracking-timers`).set(u.auth).send(body)).body;
const category = async (u: TestUser, name: string): Promise<Rest> =>
  (await server.api().post(`/users/${u.id}/categories`).set(u.auth).send({ name })).body;
const runningIds = async (u: TestUser) => (await rest(u, '/tracking-timers?limit=500')).body.map((t: Rest) => t.id);

const TIMER = 'id label startedAt createdAt updatedAt category { id name }';
const EVENT = 'id clientId occurredAt localDate duration notes tags metadata source createdAt updatedAt category { id }';

/** A REST timer in GraphQL's shape, its category resolved from the REST category list. */
async function asGraphQL(u: TestUser, t: Rest) {
  const categories: Rest[] = (await rest(u, '/categories')).body;
  const c = categories.find((x) => x.id === t.category_id);
  return {
    id: t.id,
    label: t.label,
    startedAt: t.started_at,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
    category: c ? { id: c.id, name: c.name } : null,
  };
}

const eventAsGraphQL = (e: Rest) => ({
  id: e.id,
  clientId: e.client_id,
  occurredAt: e.occurred_at,
  localDate: e.local_date,
  duration: e.duration,
  notes: e.notes,
  tags: e.tags,
  metadata: e.metadata,
  source: e.source,
  createdAt: e.created_at,
  updatedAt: e.updated_at,
  category: e.category_id ? { id: e.category_id } : null,
});

const START = `mutation($input: TrackingTimerStartInput!) { startTrackingTimer(input: $input) { ${TIMER} } }`;
const STOP = `mutation($id: UUID!, $input: TrackingTimerStopInput) { stopTrackingTimer(id: $id, input: $input) { ${EVENT} } }`;
const DISCARD = 'mutation($id: UUID!) { discardTrackingTimer(id: $id) }';

describe('queries', () => {
  test('trackingTimers (with paging) and trackingTimer(id) equal the REST answers, categories resolved', async () => {
    const reading = await category(owner, 'Reading');
    const a = await startRest(owner, { category_id: reading.id, started_at: '2026-03-10T08:00:00Z' });
    const b = await startRest(owner, { label: 'Deep work', category_id: reading.id, started_at: '2026-03-10T09:00:00Z' });
    await startRest(owner, { label: 'Chores', started_at: '2026-03-10T10:00:00Z' });

    const me = (
      await gqlData(
        server,
        owner,
        `query($id: UUID!) { me {
      trackingTimers { ${TIMER} } page: trackingTimers(limit: 1, offset: 1) { id } trackingTimer(id: $id) { ${TIMER} } } }`,
        { id: a.id },
      )
    ).me;
    const list: Rest[] = (await rest(owner, '/tracking-timers')).body;
    expect(list.map((t) => t.id)).toContain(b.id);
    expect(me.trackingTimers).toEqual(await Promise.all(list.map((t) => asGraphQL(owner, t))));
    expect(me.trackingTimers.find((t: Rest) => t.id === b.id).category).toEqual({ id: reading.id, name: 'Reading' });
    expect(me.page.map((t: Rest) => t.id)).toEqual((await rest(owner, '/tracking-timers?limit=1&offset=1')).body.map((t: Rest) => t.id));
    expect(me.trackingTimer).toEqual(await asGraphQL(owner, (await rest(owner, `/tracking-timers/${a.id}`)).body));
  });

  test('bad paging is BAD_USER_INPUT at the argument, with the REST messages', async () => {
    const error = await gqlError(server, owner, '{ me { trackingTimers(limit: 0, offset: -1) { id } } }');
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.locs.sort()).toEqual(['limit', 'offset']);
    const res = await rest(owner, '/tracking-timers?limit=0&offset=-1');
    expect(error.detail!.map((d) => d.msg).sort()).toEqual(res.body.detail.map((d: Rest) => d.msg).sort());
  });

  test("an unknown or another user's timer is NOT_FOUND; another user cannot reach the owner's timers", async () => {
    const mine = await startRest(owner, { label: 'Mine' });
    const foreign = await gqlError(server, other, 'query($id: UUID!) { me { trackingTimer(id: $id) { id } } }', { id: mine.id });
    expect(foreign.code).toBe('NOT_FOUND');
    expect((await gqlError(server, owner, 'query($id: UUID!) { me { trackingTimer(id: $id) { id } } }', { id: randomUUID() })).code).toBe(
      'NOT_FOUND',
    );
    expect((await gqlData(server, other, '{ me { trackingTimers { id } } }')).me.trackingTimers.map((t: Rest) => t.id)).not.toContain(
      mine.id,
    );
    const path = await gqlError(server, other, 'query($id: UUID!) { user(id: $id) { trackingTimers { id } } }', { id: owner.id });
    expect(path.code).toBe('FORBIDDEN');
  });

  test("the category relation never shows another user's category", async () => {
    const theirs = await category(other, 'Secret');
    const mine = await startRest(owner, { label: 'Pointed elsewhere' });
    // The API refuses a foreign category_id; only a row written behind its back can hold one.
    await server.sql('update tracking_timers set category_id = $1 where id = $2', [theirs.id, mine.id]);
    expect((await rest(owner, `/tracking-timers/${mine.id}`)).body.category_id).toBe(theirs.id);
    const me = (
      await gqlData(server, owner, `query($id: UUID!) { me { trackingTimer(id: $id) { id category { id name } } } }`, { id: mine.id })
    ).me;
    expect(me.trackingTimer).toEqual({ id: mine.id, category: null });
  });
});

describe('startTrackingTimer', () => {
  test('answers the timer REST then shows', async () => {
    const focus = await category(owner, 'Focus');
    const { startTrackingTimer: t } = await gqlData(server, owner, START, {
      input: { categoryId: focus.id, label: 'Writing', startedAt: '2026-03-10T09:00:00+01:00' },
    });
    expect(t).toMatchObject({ label: 'Writing', startedAt: '2026-03-10T08:00:00.000Z', category: { id: focus.id, name: 'Focus' } });
    expect(t).toEqual(await asGraphQL(owner, (await rest(owner, `/tracking-timers/${t.id}`)).body));
  });

  test('validation failures are BAD_USER_INPUT with locs under input, the REST messages', async () => {
    const theirs = await category(other, 'Not yours');
    const cases: [object, string, object][] = [
      [{}, 'input', {}],
      [{ label: '   ' }, 'input.label', { label: '   ' }],
      [{ categoryId: randomUUID() }, 'input.categoryId', { category_id: randomUUID() }],
      [{ categoryId: theirs.id }, 'input.categoryId', { category_id: theirs.id }],
      [{ label: 'x', startedAt: 'now' }, 'input.startedAt', { label: 'x', started_at: 'now' }],
      [
        { label: 'x', startedAt: new Date(Date.now() + 3600_000).toISOString() },
        'input.startedAt',
        { label: 'x', started_at: new Date(Date.now() + 3600_000).toISOString() },
      ],
    ];
    const before = await runningIds(owner);
    for (const [input, loc, body] of cases) {
      const error = await gqlError(server, owner, START, { input });
      expect(error.code).toBe('BAD_USER_INPUT');
      expect(error.locs).toContain(loc);
      const res = await server.api().post(`/users/${owner.id}/tracking-timers`).set(owner.auth).send(body);
      expect(error.detail).toEqual(asInputIssues(res));
    }
    expect(await runningIds(owner)).toEqual(before);
  });

  test('a read-only token is FORBIDDEN and starts nothing', async () => {
    const before = await runningIds(owner);
    expect((await gqlError(server, await readOnly(server, owner), START, { input: { label: 'Nope' } })).code).toBe('FORBIDDEN');
    expect(await runningIds(owner)).toEqual(before);
  });
});

describe('stopTrackingTimer', () => {
  test('answers the logged event REST then shows; the timer is gone and a second stop is NOT_FOUND', async () => {
    const focus = await category(owner, 'Stop focus');
    const t = await startRest(owner, { category_id: focus.id, label: 'Writing', started_at: '2026-03-10T09:00:00Z' });
    const { stopTrackingTimer: e } = await gqlData(server, owner, STOP, {
      id: t.id,
      input: { endedAt: '2026-03-10T10:30:00Z', tags: ['#Deep'] },
    });
    expect(e).toMatchObject({
      clientId: t.id,
      source: 'timer',
      occurredAt: '2026-03-10T09:00:00.000Z',
      localDate: '2026-03-10',
      duration: 'PT1H30M',
      notes: 'Writing',
      tags: ['deep'],
      category: { id: focus.id },
      metadata: { timer: { id: t.id, label: 'Writing', started_at: '2026-03-10T09:00:00.000Z', ended_at: '2026-03-10T10:30:00.000Z' } },
    });
    expect(e).toEqual(eventAsGraphQL((await rest(owner, `/events/${e.id}`)).body));
    expect((await rest(owner, `/tracking-timers/${t.id}`)).status).toBe(404);
    expect((await gqlError(server, owner, STOP, { id: t.id })).code).toBe('NOT_FOUND');
  });

  test('without input it stops now; notes: null logs no notes', async () => {
    const now = await startRest(owner, { label: 'Now' });
    const { stopTrackingTimer: e } = await gqlData(server, owner, STOP, { id: now.id });
    expect(e.duration).toMatch(/^PT/);
    expect(e.notes).toBe('Now');
    const quiet = await startRest(owner, { label: 'Quiet' });
    expect((await gqlData(server, owner, STOP, { id: quiet.id, input: { notes: null } })).stopTrackingTimer.notes).toBeNull();
  });

  test('validation failures are BAD_USER_INPUT under input and the timer keeps running', async () => {
    const t = await startRest(owner, { label: 'Oops', started_at: '2026-03-10T09:00:00Z' });
    const cases: [object, string, object][] = [
      [{ endedAt: '2026-03-10T08:00:00Z' }, 'input.endedAt', { ended_at: '2026-03-10T08:00:00Z' }],
      [{ endedAt: 'later' }, 'input.endedAt', { ended_at: 'later' }],
      [{ notes: 'x'.repeat(10_001) }, 'input.notes', { notes: 'x'.repeat(10_001) }],
    ];
    for (const [input, loc, body] of cases) {
      const error = await gqlError(server, owner, STOP, { id: t.id, input });
      expect(error.code).toBe('BAD_USER_INPUT');
      expect(error.locs).toEqual([loc]);
      expect(error.detail).toEqual(
        asInputIssues(await server.api().post(`/users/${owner.id}/tracking-timers/${t.id}/stop`).set(owner.auth).send(body)),
      );
    }
    expect((await rest(owner, `/tracking-timers/${t.id}`)).status).toBe(200);
  });

  test("an unknown or another user's timer is NOT_FOUND and theirs keeps running; a read-only token is FORBIDDEN", async () => {
    const theirs = await startRest(other, { label: 'Theirs' });
    expect((await gqlError(server, owner, STOP, { id: theirs.id })).code).toBe('NOT_FOUND');
    expect((await gqlError(server, owner, STOP, { id: randomUUID() })).code).toBe('NOT_FOUND');
    expect((await rest(other, `/tracking-timers/${theirs.id}`)).status).toBe(200);
    const mine = await startRest(owner, { label: 'Guarded' });
    expect((await gqlError(server, await readOnly(server, owner), STOP, { id: mine.id })).code).toBe('FORBIDDEN');
    expect((await rest(owner, `/tracking-timers/${mine.id}`)).status).toBe(200);
    expect((await rest(owner, `/events?limit=500`)).body.map((e: Rest) => e.client_id)).not.toContain(mine.id);
  });
});

describe('discardTrackingTimer', () => {
  test('true, the timer is gone without an event; again is NOT_FOUND', async () => {
    const t = await startRest(owner, { label: 'Never mind' });
    expect((await gqlData(server, owner, DISCARD, { id: t.id })).discardTrackingTimer).toBe(true);
    expect((await rest(owner, `/tracking-timers/${t.id}`)).status).toBe(404);
    expect((await rest(owner, `/events?limit=500`)).body.map((e: Rest) => e.client_id)).not.toContain(t.id);
    expect((await gqlError(server, owner, DISCARD, { id: t.id })).code).toBe('NOT_FOUND');
  });

  test("a malformed id is BAD_USER_INPUT; another user's timer is NOT_FOUND; a read-only token is FORBIDDEN; nothing is discarded", async () => {
    expect((await gqlError(server, owner, DISCARD, { id: 'nope' })).code).toBe('BAD_USER_INPUT');
    const theirs = await startRest(other, { label: 'Theirs' });
    expect((await gqlError(server, owner, DISCARD, { id: theirs.id })).code).toBe('NOT_FOUND');
    expect((await rest(other, `/tracking-timers/${theirs.id}`)).status).toBe(200);
    const mine = await startRest(owner, { label: 'Keep' });
    expect((await gqlError(server, await readOnly(server, owner), DISCARD, { id: mine.id })).code).toBe('FORBIDDEN');
    expect((await rest(owner, `/tracking-timers/${mine.id}`)).status).toBe(200);
  });
});
