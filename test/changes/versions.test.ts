import { randomUUID } from 'node:crypto';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { expectError } from '../helpers/expect.ts';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import type { TestUser } from '../helpers/users.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other } = f));

const events = () => `/users/${u.id}/events`;
const versionOf = (etag: string | undefined) => Number(/^"(\d+)"$/.exec(etag ?? '')?.[1]);

async function newEvent(notes: string): Promise<{ id: string; etag: string }> {
  const created = await server.api().post(events()).set(u.auth).send({ notes });
  const read = await server.api().get(`${events()}/${created.body.id}`).set(u.auth);
  expect(read.headers.etag).toMatch(/^"\d+"$/);
  return { id: created.body.id, etag: read.headers.etag };
}

test('GET carries the version as ETag; PATCH with a current If-Match writes, with a stale one is 412 with the resource as it is now, and nothing written', async () => {
  const ev = await newEvent('first');
  const ok = await server.api().patch(`${events()}/${ev.id}`).set(u.auth).set('If-Match', ev.etag).send({ notes: 'second' });
  expect(ok.status).toBe(200);
  expect(versionOf(ok.headers.etag)).toBeGreaterThan(versionOf(ev.etag));

  const stale = await server.api().patch(`${events()}/${ev.id}`).set(u.auth).set('If-Match', ev.etag).send({ notes: 'lost update' });
  expect(stale.status).toBe(412);
  const now = await server.api().get(`${events()}/${ev.id}`).set(u.auth);
  expect(stale.body).toEqual({
    detail: expect.stringContaining('changed'),
    current_version: versionOf(now.headers.etag),
    current: now.body,
  });
  expect(stale.headers.etag).toBe(now.headers.etag);
  expect(now.body.notes).toBe('second');

  // The feed's version is the ETag.
  const feed = await server.api().get(`/users/${u.id}/changes`).query({ types: 'event' }).set(u.auth);
  expect(feed.body.changes.find((c: { id: string }) => c.id === ev.id).version).toBe(versionOf(now.headers.etag));

  // Weak tags and lists match by version; * matches any; a tag that is not ours matches nothing.
  const weak = await server
    .api()
    .patch(`${events()}/${ev.id}`)
    .set(u.auth)
    .set('If-Match', `"1", W/${now.headers.etag}`)
    .send({ notes: 'third' });
  expect(weak.status).toBe(200);
  expect((await server.api().patch(`${events()}/${ev.id}`).set(u.auth).set('If-Match', '*').send({ notes: 'fourth' })).status).toBe(200);
  expect((await server.api().patch(`${events()}/${ev.id}`).set(u.auth).set('If-Match', 'yesterday').send({ notes: 'x' })).status).toBe(412);
  // Without If-Match the last writer wins, as before.
  expect((await server.api().patch(`${events()}/${ev.id}`).set(u.auth).send({ notes: 'fifth' })).status).toBe(200);
  expect((await server.api().get(`${events()}/${ev.id}`).set(u.auth)).body.notes).toBe('fifth');
});

test('two devices writing the same version at once: one wins, the other gets 412, never a silent overwrite', async () => {
  const ev = await newEvent('shared');
  const [a, b] = await Promise.all(
    ['phone', 'laptop'].map((device) =>
      server.api().patch(`${events()}/${ev.id}`).set(u.auth).set('If-Match', ev.etag).send({ notes: device }),
    ),
  );
  expect([a.status, b.status].sort()).toEqual([200, 412]);
  const winner = a.status === 200 ? a : b;
  const loser = a.status === 200 ? b : a;
  expect(loser.body.current).toEqual(winner.body);
});

test('a deleted or unknown resource under If-Match is 412 with current null; a read-only token is 403 before any version is compared', async () => {
  const ev = await newEvent('doomed');
  await server.api().delete(`${events()}/${ev.id}`).set(u.auth);
  const gone = await server.api().patch(`${events()}/${ev.id}`).set(u.auth).set('If-Match', ev.etag).send({ notes: 'x' });
  expect(gone.status).toBe(412);
  expect(gone.body).toMatchObject({ current_version: null, current: null });
  expect((await server.api().patch(`${events()}/${randomUUID()}`).set(u.auth).send({ notes: 'x' })).status).toBe(404);

  // Another user's event, named under this user's path: not theirs to compare against.
  const theirs = await server.api().post(`/users/${other.id}/events`).set(other.auth).send({ notes: 'private' });
  const foreign = await server.api().patch(`${events()}/${theirs.body.id}`).set(u.auth).set('If-Match', '*').send({ notes: 'x' });
  expect(foreign.status).toBe(412);
  expect(foreign.body.current).toBeNull();
  expect((await server.api().get(`/users/${other.id}/events/${theirs.body.id}`).set(other.auth)).body.notes).toBe('private');

  const live = await newEvent('kept');
  const ro = await readOnly(server, u);
  expectError(await server.api().patch(`${events()}/${live.id}`).set(ro.auth).set('If-Match', '"1"').send({ notes: 'x' }), 403);
});

test('every kind of id: a goal by slug (PUT), the profile and the encryption key by user, an automation by its definition', async () => {
  const goal = `/users/${u.id}/goals/steps`;
  const set = await server.api().put(goal).set(u.auth).send({ target: 8000, direction: 'at_least' });
  expect(set.status).toBe(200);
  expect(
    (await server.api().put(goal).set(u.auth).set('If-Match', set.headers.etag).send({ target: 9000, direction: 'at_least' })).status,
  ).toBe(200);
  expect(
    (await server.api().put(goal).set(u.auth).set('If-Match', set.headers.etag).send({ target: 1, direction: 'at_least' })).status,
  ).toBe(412);

  const profile = await server.api().get(`/users/${u.id}/profile`).set(u.auth);
  expect(profile.headers.etag).toMatch(/^"\d+"$/);
  const tz = await server
    .api()
    .patch(`/users/${u.id}/profile`)
    .set(u.auth)
    .set('If-Match', profile.headers.etag)
    .send({ timezone: 'Europe/Paris' });
  expect(tz.status).toBe(200);
  expect(
    (await server.api().patch(`/users/${u.id}/profile`).set(u.auth).set('If-Match', profile.headers.etag).send({ timezone: 'UTC' })).status,
  ).toBe(412);

  const key = `/users/${u.id}/encryption-key`;
  const material = { kdf_salt: 'c2FsdA==', verifier: 'dmVy', wrapped_dek: 'ZGVr', kdf_params: {} };
  // No key yet: a client that thinks it has one is told it has none.
  expect((await server.api().put(key).set(u.auth).set('If-Match', '"1"').send(material)).body).toMatchObject({ current: null });
  const stored = await server.api().put(key).set(u.auth).send(material);
  expect((await server.api().get(key).set(u.auth)).headers.etag).toBe(stored.headers.etag);

  const defs = await server.api().get(`/users/${u.id}/metric-definitions`).set(u.auth);
  const def = defs.body.find((d: { metric_type_slug: string }) => d.metric_type_slug === 'steps');
  const auto = await server
    .api()
    .post(`/users/${u.id}/metric-definitions/${def.id}/automations`)
    .set(u.auth)
    .send({
      trigger_type: 'threshold',
      trigger_config: { operator: 'gte', value: 10000 },
      action_type: 'log_event',
      action_config: { tags: ['goal'] },
    });
  expect(auto.status).toBe(201);
  const read = await server.api().get(`/users/${u.id}/metric-definitions/${def.id}`).set(u.auth);
  const url = `/users/${u.id}/metric-definitions/${def.id}/automations/${auto.body.id}`;
  expect((await server.api().patch(url).set(u.auth).set('If-Match', read.headers.etag).send({ enabled: false })).status).toBe(200);
  expect((await server.api().patch(url).set(u.auth).set('If-Match', read.headers.etag).send({ enabled: true })).status).toBe(412);
});

test('GraphQL: version is the ETag; expectedVersion writes only at that version, CONFLICT with currentVersion otherwise', async () => {
  const ev = await newEvent('graph');
  const q = `query($id: UUID!) { me { event(id: $id) { id notes version } } }`;
  const read = await gqlData(server, u, q, { id: ev.id });
  expect(read.me.event.version).toBe(versionOf(ev.etag));

  const m = `mutation($id: UUID!, $v: Int, $notes: String) { updateEvent(id: $id, expectedVersion: $v, input: { notes: $notes }) { notes version } }`;
  const updated = await gqlData(server, u, m, { id: ev.id, v: read.me.event.version, notes: 'graph 2' });
  expect(updated.updateEvent.version).toBeGreaterThan(read.me.event.version);
  const conflict = await gqlError(server, u, m, { id: ev.id, v: read.me.event.version, notes: 'lost' });
  expect(conflict.code).toBe('CONFLICT');
  const res = await server
    .api()
    .post('/graphql')
    .set(u.auth)
    .send({ query: m, variables: { id: ev.id, v: read.me.event.version, notes: 'lost' } });
  expect(res.body.errors[0].extensions.currentVersion).toBe(updated.updateEvent.version);
  expect((await gqlData(server, u, q, { id: ev.id })).me.event.notes).toBe('graph 2');
  // Without expectedVersion: last writer wins.
  expect((await gqlData(server, u, m, { id: ev.id, notes: 'graph 3' })).updateEvent.notes).toBe('graph 3');
});
