import { randomUUID } from 'node:crypto';
import { gql, gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** Profile, categories and events through GraphQL: the same services, answers and rules as REST. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f), { timezone: 'Pacific/Auckland' });

const rest = (path: string) =>
  server
    .api()
    .get(`/users/${owner.id}${path}`)
    .set(owner.auth)
    .then((r) => r.body);
const EVENT =
  'id clientId occurredAt localDate duration booleanValue scalarValue notes tags metadata encryptedPayload source createdAt updatedAt category { id name }';
/** A REST EventRead in the GraphQL shape, for a field-by-field comparison. */
const asGraphql = (e: Record<string, any>, category: { id: string; name: string } | null) => ({
  id: e.id,
  clientId: e.client_id,
  occurredAt: e.occurred_at,
  localDate: e.local_date,
  duration: e.duration,
  booleanValue: e.boolean_value,
  scalarValue: e.scalar_value,
  notes: e.notes,
  tags: e.tags,
  metadata: e.metadata,
  encryptedPayload: e.encrypted_payload,
  source: e.source,
  createdAt: e.created_at,
  updatedAt: e.updated_at,
  category,
});

test('categories: create, rename, list, delete through mutations, equal to REST', async () => {
  const { createCategory: cat } = await gqlData(
    server,
    owner,
    'mutation { createCategory(input: { name: "Sport", color: "#112233" }) { id name color iconKey createdAt } }',
  );
  expect((await rest('/categories'))[0]).toMatchObject({
    id: cat.id,
    name: 'Sport',
    color: '#112233',
    icon_key: null,
    created_at: cat.createdAt,
  });
  const renamed = await gqlData(
    server,
    owner,
    'mutation($id: UUID!) { updateCategory(id: $id, input: { name: "Running", color: null }) { name color } }',
    { id: cat.id },
  );
  expect(renamed.updateCategory).toEqual({ name: 'Running', color: null });
  const { me } = await gqlData(server, owner, '{ me { categories { id name color iconKey createdAt updatedAt } } }');
  expect(me.categories).toEqual(
    (await rest('/categories')).map((c: any) => ({
      id: c.id,
      name: c.name,
      color: c.color,
      iconKey: c.icon_key,
      createdAt: c.created_at,
      updatedAt: c.updated_at,
    })),
  );
  const duplicate = await gqlError(server, owner, 'mutation { createCategory(input: { name: "running" }) { id } }');
  expect(duplicate.code).toBe('CONFLICT');
  expect((await gqlData(server, owner, 'mutation($id: UUID!) { deleteCategory(id: $id) }', { id: cat.id })).deleteCategory).toBe(true);
  expect(await rest('/categories')).toEqual([]);
  expect((await gqlError(server, owner, 'mutation($id: UUID!) { deleteCategory(id: $id) }', { id: cat.id })).code).toBe('NOT_FOUND');
});

test('createEvent equals what REST reads back, category included; a replay returns the first event, another input is a CONFLICT', async () => {
  const cat = (await server.api().post(`/users/${owner.id}/categories`).set(owner.auth).send({ name: 'Run' })).body;
  const input = {
    clientId: randomUUID(),
    categoryId: cat.id,
    occurredAt: '2026-03-01T07:30:00+01:00',
    duration: 'PT90M',
    booleanValue: true,
    scalarValue: 5.2,
    notes: 'easy',
    tags: ['Morning', '#run'],
    metadata: { km: 5, nested: { a: [1] } },
    encryptedPayload: 'b64==',
  };
  const create = `mutation($input: EventCreateInput!) { createEvent(input: $input) { ${EVENT} } }`;
  const { createEvent: made } = await gqlData(server, owner, create, { input });
  expect(made).toEqual(asGraphql(await rest(`/events/${made.id}`), { id: cat.id, name: 'Run' }));
  expect(made).toMatchObject({
    duration: 'PT1H30M',
    occurredAt: '2026-03-01T06:30:00.000Z',
    localDate: '2026-03-01',
    tags: ['morning', 'run'],
    source: 'user',
  });
  expect((await gqlData(server, owner, create, { input })).createEvent.id).toBe(made.id);
  const reused = await gqlError(server, owner, create, { input: { ...input, notes: 'changed' } });
  expect(reused.code).toBe('CONFLICT');
  expect((await rest(`/events/${made.id}`)).notes).toBe('easy');
});

test('events and event(id) list what REST lists, with the same filters and paging', async () => {
  for (let i = 1; i <= 4; i++) {
    await server
      .api()
      .post(`/users/${owner.id}/events`)
      .set(owner.auth)
      .send({ occurred_at: `2026-04-0${i}T09:00:00Z`, tags: i % 2 ? ['odd'] : ['even'] });
  }
  const { me } = await gqlData(
    server,
    owner,
    `{ me { odd: events(tag: "odd", limit: 1, offset: 1) { ${EVENT} } all: events(from: "2026-04-02", to: "2026-04-03") { id } } }`,
  );
  const odd = await rest('/events?tag=odd&limit=1&offset=1');
  expect(me.odd).toEqual(odd.map((e: any) => asGraphql(e, null)));
  expect(me.all.map((e: any) => e.id)).toEqual((await rest('/events?from=2026-04-02&to=2026-04-03')).map((e: any) => e.id));
  const one = await gqlData(server, owner, `query($id: UUID!) { me { event(id: $id) { ${EVENT} } } }`, { id: odd[0].id });
  expect(one.me.event).toEqual(asGraphql(odd[0], null));
});

test('updateEvent: omitted fields stay, null clears; deleteEvent; validation locs in argument names', async () => {
  const made = (
    await server
      .api()
      .post(`/users/${owner.id}/events`)
      .set(owner.auth)
      .send({ notes: 'n', tags: ['a'], scalar_value: 3 })
  ).body;
  const { updateEvent } = await gqlData(
    server,
    owner,
    'mutation($id: UUID!) { updateEvent(id: $id, input: { notes: null, scalarValue: 4 }) { notes scalarValue tags } }',
    { id: made.id },
  );
  expect(updateEvent).toEqual({ notes: null, scalarValue: 4, tags: ['a'] });
  expect(await rest(`/events/${made.id}`)).toMatchObject({ notes: null, scalar_value: 4, tags: ['a'] });

  const bad = await gqlError(
    server,
    owner,
    'mutation { createEvent(input: { duration: "soon", occurredAt: "yesterday", tags: [""] }) { id } }',
  );
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.locs.sort()).toEqual(['input.duration', 'input.occurredAt', 'input.tags.0']);
  const restBad = await server
    .api()
    .post(`/users/${owner.id}/events`)
    .set(owner.auth)
    .send({ duration: 'soon', occurred_at: 'yesterday', tags: [''] });
  expect(bad.detail!.map((d) => d.msg).sort()).toEqual(restBad.body.detail.map((d: { msg: string }) => d.msg).sort());
  const nullTime = await gqlError(server, owner, 'mutation($id: UUID!) { updateEvent(id: $id, input: { occurredAt: null }) { id } }', {
    id: made.id,
  });
  expect(nullTime.locs).toEqual(['input.occurredAt']);

  expect((await gqlData(server, owner, 'mutation($id: UUID!) { deleteEvent(id: $id) }', { id: made.id })).deleteEvent).toBe(true);
  expect((await server.api().get(`/users/${owner.id}/events/${made.id}`).set(owner.auth)).status).toBe(404);
});

test("another user's ids are NOT_FOUND on every event and category mutation, and their data is out of reach", async () => {
  const event = (await server.api().post(`/users/${owner.id}/events`).set(owner.auth).send({ notes: 'mine' })).body;
  const cat = (await server.api().post(`/users/${owner.id}/categories`).set(owner.auth).send({ name: 'Private' })).body;
  const vars = { id: event.id, cat: cat.id };
  for (const query of [
    'query($id: UUID!) { me { event(id: $id) { id } } }',
    'mutation($id: UUID!) { updateEvent(id: $id, input: { notes: "x" }) { id } }',
    'mutation($id: UUID!) { deleteEvent(id: $id) }',
    'mutation($cat: UUID!) { updateCategory(id: $cat, input: { name: "x" }) { id } }',
    'mutation($cat: UUID!) { deleteCategory(id: $cat) }',
  ]) {
    expect((await gqlError(server, other, query, vars)).code).toBe('NOT_FOUND');
  }
  const foreignCategory = await gqlError(server, other, 'mutation($cat: UUID!) { createEvent(input: { categoryId: $cat }) { id } }', vars);
  expect(foreignCategory.locs).toEqual(['input.categoryId']);
  const { me } = await gqlData(server, other, '{ me { events { id } categories { id } } }');
  expect(me).toEqual({ events: [], categories: [] });
  expect(await rest(`/events/${event.id}`)).toMatchObject({ notes: 'mine' });
});

test('a read-only token reads but every write is FORBIDDEN and changes nothing', async () => {
  const reader = await readOnly(server, owner);
  const before = await rest('/events');
  for (const query of [
    'mutation { createEvent(input: { notes: "x" }) { id } }',
    'mutation { createCategory(input: { name: "x" }) { id } }',
    'mutation { updateProfile(input: { timezone: "UTC" }) { timezone } }',
  ]) {
    expect((await gqlError(server, reader, query)).code).toBe('FORBIDDEN');
  }
  expect(await rest('/events')).toEqual(before);
  expect((await gql(server, reader, '{ me { events { id } } }')).body.data.me.events.length).toBe(before.length);
});

test('updateProfile equals the REST profile; an invalid timezone is BAD_USER_INPUT at input.timezone', async () => {
  const { updateProfile } = await gqlData(
    server,
    owner,
    'mutation { updateProfile(input: { timezone: "Europe/Berlin" }) { id email timezone totpEnabled createdAt updatedAt } }',
  );
  const profile = await rest('/profile');
  expect(updateProfile).toEqual({
    id: profile.id,
    email: profile.email,
    timezone: 'Europe/Berlin',
    totpEnabled: profile.totp_enabled,
    createdAt: profile.created_at,
    updatedAt: profile.updated_at,
  });
  const bad = await gqlError(server, owner, 'mutation { updateProfile(input: { timezone: "Mars/Olympus" }) { id } }');
  expect([bad.code, bad.locs]).toEqual(['BAD_USER_INPUT', ['input.timezone']]);
});
