import { randomUUID } from 'node:crypto';
import { expect422, expectError, UUID } from '../helpers/expect.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
// UTC+14: "today" for the user is a different date from UTC's for most of the day.
const TIMEZONE = 'Pacific/Kiritimati';
withServer((f) => ({ server, owner: alice, other: bob } = f), { timezone: TIMEZONE });

const routine = async (u: TestUser, body: object = {}) =>
  (
    await server
      .api()
      .post(`/users/${u.id}/routines`)
      .set(u.auth)
      .send({ name: 'Morning', items: ['Water', 'Stretch', 'Journal'], ...body })
  ).body;
const complete = (u: TestUser, routineId: string, body: unknown = {}) =>
  server
    .api()
    .post(`/users/${u.id}/routines/${routineId}/completions`)
    .set(u.auth)
    .send(body as object);

describe('POST /users/{user_id}/routines/{routine_id}/completions', () => {
  test('records the whole routine as an event on today in the user timezone, with the routine in its metadata', async () => {
    const r = await routine(alice);
    const res = await complete(alice, r.id);
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(UUID);
    expect(res.body).toMatchObject({
      local_date: new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE }).format(new Date()),
      source: 'user',
      notes: 'Morning',
      tags: [`routine:${r.id}`],
      metadata: { routine: { id: r.id, name: 'Morning', items_done: ['Water', 'Stretch', 'Journal'], items_total: 3 } },
    });
    expect((await server.api().get(`/users/${alice.id}/events/${res.body.id}`).set(alice.auth)).body).toEqual(res.body);
  });

  test('some items on a given date: kept in the routine order, and the day summary counts the routine as a factor', async () => {
    const r = await routine(alice);
    const res = await complete(alice, r.id, { local_date: '2026-03-10', items: ['Journal', 'Water', 'Water'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      local_date: '2026-03-10',
      metadata: { routine: { items_done: ['Water', 'Journal'], items_total: 3 } },
    });
    await complete(alice, r.id, { local_date: '2026-03-10', items: ['Stretch'] });
    const day = (await server.api().get(`/users/${alice.id}/days/2026-03-10`).set(alice.auth)).body;
    expect(day.factors[`tag:routine:${r.id}`]).toBe(2);
    expect(day.event_count).toBe(2);
    // A rename keeps the factor: it is keyed by the routine's id.
    await server.api().patch(`/users/${alice.id}/routines/${r.id}`).set(alice.auth).send({ name: 'Dawn' });
    await complete(alice, r.id, { local_date: '2026-03-10' });
    expect((await server.api().get(`/users/${alice.id}/days/2026-03-10`).set(alice.auth)).body.factors[`tag:routine:${r.id}`]).toBe(3);
  });

  test('a routine without items can be completed; deleting the routine keeps its completions', async () => {
    const r = await routine(alice, { name: 'Meditate', items: [] });
    const done = (await complete(alice, r.id, { local_date: '2026-03-11' })).body;
    expect(done.metadata.routine).toEqual({ id: r.id, name: 'Meditate', items_done: [], items_total: 0 });
    await server.api().delete(`/users/${alice.id}/routines/${r.id}`).set(alice.auth);
    expect((await server.api().get(`/users/${alice.id}/events/${done.id}`).set(alice.auth)).status).toBe(200);
  });

  test.each([
    [{ local_date: '2026-02-30' }, ['body', 'local_date']],
    [{ local_date: '10.03.2026' }, ['body', 'local_date']],
    [{ items: [] }, ['body', 'items']],
    [{ items: 'Water' }, ['body', 'items']],
    [{ items: [''] }, ['body', 'items', 0]],
    [{ items: ['Water', 'Run'] }, ['body', 'items', 1]],
    [{ items: ['water'] }, ['body', 'items', 0]],
  ])('rejects case %# with a 422 at its loc, and logs nothing', async (body, loc) => {
    const r = await routine(alice);
    expect422(await complete(alice, r.id, body), loc);
    const events = (await server.api().get(`/users/${alice.id}/events?limit=500`).set(alice.auth)).body;
    expect(events.filter((e: { tags: string[] | null }) => e.tags?.includes(`routine:${r.id}`))).toEqual([]);
  });

  test("an invalid id is a 422 at the path; another user's or an unknown routine is a 404; another user's path a 403", async () => {
    expect422(await complete(alice, 'abc'), ['path', 'routine_id']);
    const theirs = await routine(bob);
    expectError(await complete(alice, theirs.id), 404);
    expectError(await complete(alice, randomUUID()), 404);
    expectError(await complete({ ...bob, id: alice.id }, theirs.id), 403);
    expectError(await server.api().post(`/users/${alice.id}/routines/${theirs.id}/completions`).send({}), 401);
  });
});
