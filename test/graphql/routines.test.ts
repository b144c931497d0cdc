import { gql, gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { asInputIssues } from '../helpers/input-issues.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** Routines through GraphQL: the same services, answers and rules as REST. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

const rest = (path: string) =>
  server
    .api()
    .get(`/users/${owner.id}${path}`)
    .set(owner.auth)
    .then((r) => r.body);
const restPost = (path: string, body: object) =>
  server
    .api()
    .post(`/users/${owner.id}${path}`)
    .set(owner.auth)
    .send(body)
    .then((r) => r.body);
const ROUTINE = 'id name timeOfDay items color iconKey displayOrder createdAt updatedAt';

/** A REST RoutineRead in the GraphQL shape (user_id is the parent User), for a field-by-field comparison. */
const asRoutine = (r: Record<string, any>) => ({
  id: r.id,
  name: r.name,
  timeOfDay: r.time_of_day,
  items: r.items,
  color: r.color,
  iconKey: r.icon_key,
  displayOrder: r.display_order,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

test('createRoutine, updateRoutine (omitted stays, null clears) and deleteRoutine equal REST', async () => {
  const input = { name: 'Wind down', timeOfDay: 'evening', items: ['Tea', 'Read'], color: '#123abc', iconKey: 'moon', displayOrder: 4 };
  const { createRoutine: made } = await gqlData(
    server,
    owner,
    `mutation($input: RoutineCreateInput!) { createRoutine(input: $input) { ${ROUTINE} } }`,
    { input },
  );
  expect(made).toEqual(asRoutine(await rest(`/routines/${made.id}`)));
  expect(made).toMatchObject(input);
  const { updateRoutine } = await gqlData(
    server,
    owner,
    `mutation($id: UUID!) { updateRoutine(id: $id, input: { color: null, timeOfDay: night, items: [] }) { ${ROUTINE} } }`,
    { id: made.id },
  );
  expect(updateRoutine).toEqual(asRoutine(await rest(`/routines/${made.id}`)));
  expect(updateRoutine).toMatchObject({ color: null, timeOfDay: 'night', items: [], iconKey: 'moon', name: 'Wind down', displayOrder: 4 });
  expect((await gqlData(server, owner, 'mutation($id: UUID!) { deleteRoutine(id: $id) }', { id: made.id })).deleteRoutine).toBe(true);
  expect((await server.api().get(`/users/${owner.id}/routines/${made.id}`).set(owner.auth)).status).toBe(404);
  expect((await gqlError(server, owner, 'mutation($id: UUID!) { deleteRoutine(id: $id) }', { id: made.id })).code).toBe('NOT_FOUND');
});

test('routines and routine(id) list what REST lists, in the same order', async () => {
  const b = await restPost('/routines', { name: 'b', display_order: 1, items: ['x'] });
  await restPost('/routines', { name: 'a', display_order: 1 });
  await restPost('/routines', { name: 'z', display_order: 0, time_of_day: 'morning', color: '#ffffff' });
  const { me } = await gqlData(server, owner, `query($id: UUID!) { me { routines { ${ROUTINE} } routine(id: $id) { ${ROUTINE} } } }`, {
    id: b.id,
  });
  expect(me.routines).toEqual((await rest('/routines')).map(asRoutine));
  expect(me.routines.map((r: { name: string }) => r.name)).toEqual(['z', 'a', 'b']);
  expect(me.routine).toEqual(asRoutine(await rest(`/routines/${b.id}`)));
});

test('validation issues are the REST ones under the input argument', async () => {
  const body = { name: '', items: ['ok', 'x'.repeat(201)], color: 'red', icon_key: '', display_order: 1 };
  const restBad = await server.api().post(`/users/${owner.id}/routines`).set(owner.auth).send(body);
  const bad = await gqlError(server, owner, 'mutation($input: RoutineCreateInput!) { createRoutine(input: $input) { id } }', {
    input: { name: '', items: body.items, color: 'red', iconKey: '', displayOrder: 1 },
  });
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.detail).toEqual(asInputIssues(restBad));
  expect(bad.locs.sort()).toEqual(['input.color', 'input.iconKey', 'input.items.1', 'input.name']);
  const r = await restPost('/routines', { name: 'r' });
  const badUpdate = await gqlError(
    server,
    owner,
    'mutation($id: UUID!) { updateRoutine(id: $id, input: { name: null, color: "#abc" }) { id } }',
    { id: r.id },
  );
  expect(badUpdate.locs.sort()).toEqual(['input.color', 'input.name']);
});

const EVENT = 'id occurredAt localDate duration booleanValue scalarValue notes tags metadata source createdAt updatedAt';
const asEvent = (e: Record<string, any>) => ({
  id: e.id,
  occurredAt: e.occurred_at,
  localDate: e.local_date,
  duration: e.duration,
  booleanValue: e.boolean_value,
  scalarValue: e.scalar_value,
  notes: e.notes,
  tags: e.tags,
  metadata: e.metadata,
  source: e.source,
  createdAt: e.created_at,
  updatedAt: e.updated_at,
});

test('completeRoutine logs the event REST logs, and its item rule has the REST locs', async () => {
  const r = await restPost('/routines', { name: 'Gym', items: ['Warm up', 'Lift'] });
  const { completeRoutine: done } = await gqlData(
    server,
    owner,
    `mutation($id: UUID!) { completeRoutine(id: $id, input: { localDate: "2026-04-01", items: ["Lift"] }) { ${EVENT} } }`,
    { id: r.id },
  );
  expect(done).toEqual(asEvent(await rest(`/events/${done.id}`)));
  expect(done).toMatchObject({
    localDate: '2026-04-01',
    tags: [`routine:${r.id}`],
    metadata: { routine: { id: r.id, items_done: ['Lift'], items_total: 2 } },
  });
  const viaRest = await restPost(`/routines/${r.id}/completions`, { local_date: '2026-04-01', items: ['Lift'] });
  const { id: _a, occurredAt: _b, createdAt: _c, updatedAt: _d, ...same } = asEvent(viaRest);
  expect(done).toMatchObject(same);
  const restBad = await server
    .api()
    .post(`/users/${owner.id}/routines/${r.id}/completions`)
    .set(owner.auth)
    .send({ items: ['Lift', 'Swim'] });
  const bad = await gqlError(
    server,
    owner,
    'mutation($id: UUID!) { completeRoutine(id: $id, input: { items: ["Lift", "Swim"] }) { id } }',
    { id: r.id },
  );
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.detail).toEqual(asInputIssues(restBad));
  expect(bad.locs).toEqual(['input.items.1']);
});

test("another user's routine ids are NOT_FOUND on every field and mutation", async () => {
  const routine = await restPost('/routines', { name: 'Secret' });
  for (const query of [
    'query($id: UUID!) { me { routine(id: $id) { id } } }',
    'mutation($id: UUID!) { updateRoutine(id: $id, input: { name: "x" }) { id } }',
    'mutation($id: UUID!) { deleteRoutine(id: $id) }',
    'mutation($id: UUID!) { completeRoutine(id: $id, input: {}) { id } }',
  ]) {
    expect((await gqlError(server, other, query, { id: routine.id })).code).toBe('NOT_FOUND');
  }
  const { me } = await gqlData(server, other, '{ me { routines { name } } }');
  expect(me.routines.map((r: { name: string }) => r.name)).not.toContain('Secret');
  expect(await rest(`/routines/${routine.id}`)).toMatchObject({ name: 'Secret' });
});

test('a read-only token reads routines but every routine mutation is FORBIDDEN and changes nothing', async () => {
  const routine = await restPost('/routines', { name: 'Kept' });
  const reader = await readOnly(server, owner);
  const before = await rest('/routines');
  const eventsBefore = await rest('/events?limit=500');
  for (const query of [
    'mutation { createRoutine(input: { name: "x" }) { id } }',
    'mutation($id: UUID!) { updateRoutine(id: $id, input: { name: "x" }) { id } }',
    'mutation($id: UUID!) { deleteRoutine(id: $id) }',
    'mutation($id: UUID!) { completeRoutine(id: $id, input: {}) { id } }',
  ]) {
    expect((await gqlError(server, reader, query, { id: routine.id })).code).toBe('FORBIDDEN');
  }
  expect(await rest('/routines')).toEqual(before);
  expect(await rest('/events?limit=500')).toEqual(eventsBefore);
  expect((await gql(server, reader, '{ me { routines { id } } }')).body.data.me.routines).toHaveLength(before.length);
});
