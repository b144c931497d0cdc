import { randomUUID } from 'node:crypto';
import { captureParsed } from '../captures/flow.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

let server: SharedServer;

withSharedServer((s) => (server = s));
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await signUp(server);
  bob = await signUp(server);
});

type Source = { id: string; kind: string; enabled: boolean; source_label: string; config: object };
const list = (u: TestUser, q = '') => server.api().get(`/users/${u.id}/event-sources${q}`).set(u.auth);
const patch = (u: TestUser, id: string, body: unknown) =>
  server
    .api()
    .patch(`/users/${u.id}/event-sources/${id}`)
    .set(u.auth)
    .send(body as object);
const byKind = async (u: TestUser, kind: string): Promise<Source> => (await list(u)).body.find((s: Source) => s.kind === kind);

describe('GET /users/{user_id}/event-sources', () => {
  test('every user has the default sources, one per kind', async () => {
    const res = await list(alice);
    expect(res.status).toBe(200);
    expect(res.body.map((s: Source) => s.kind)).toEqual(['manual', 'health', 'calendar', 'location', 'log_capture', 'import']);
    for (const s of res.body) {
      expect(Object.keys(s).sort()).toEqual([
        'config',
        'created_at',
        'enabled',
        'id',
        'is_default',
        'kind',
        'last_sync_cancelled_count',
        'last_sync_error',
        'last_sync_event_count',
        'last_sync_skipped_count',
        'last_sync_skipped_reasons',
        'last_sync_status',
        'last_synced_at',
        'source_label',
        'updated_at',
        'user_id',
      ]);
      expect(s).toMatchObject({
        user_id: alice.id,
        enabled: true,
        is_default: true,
        config: {},
        last_synced_at: null,
        last_sync_status: null,
        last_sync_error: null,
        last_sync_event_count: null,
        last_sync_cancelled_count: null,
        last_sync_skipped_count: null,
        last_sync_skipped_reasons: null,
      });
      expect(s.id).toMatch(UUID);
      expect(s.created_at).toMatch(ISO_UTC);
      expect(typeof s.source_label).toBe('string');
    }
  });

  test('concurrent first reads still create one set', async () => {
    const u = await signUp(server);
    const replies = await Promise.all(Array.from({ length: 6 }, () => list(u)));
    for (const r of replies) expect(r.status).toBe(200);
    expect((await list(u)).body).toHaveLength(6);
    expect(new Set(replies.flatMap((r) => r.body.map((s: Source) => s.id))).size).toBe(6);
  });

  test('paging and its 422s', async () => {
    expect((await list(alice, '?limit=2&offset=1')).body.map((s: Source) => s.kind)).toEqual(['health', 'calendar']);
    expect422(await list(alice, '?limit=0'), ['query', 'limit']);
    expect422(await list(alice, '?offset=x'), ['query', 'offset']);
  });

  test('401 without a token, 403 with another user token', async () => {
    expectError(await server.api().get(`/users/${alice.id}/event-sources`), 401);
    expectError(await server.api().get(`/users/${alice.id}/event-sources`).set(bob.auth), 403);
  });
});

describe('PATCH /users/{user_id}/event-sources/{source_id}', () => {
  test('changes config, enabled and source_label; omitted fields stay', async () => {
    const s = await byKind(alice, 'calendar');
    const res = await patch(alice, s.id, { source_label: 'Work calendar', config: { calendar_ids: ['a', 'b'] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.id,
      kind: 'calendar',
      source_label: 'Work calendar',
      enabled: true,
      config: { calendar_ids: ['a', 'b'] },
    });
    const off = await patch(alice, s.id, { enabled: false });
    expect(off.body).toMatchObject({ source_label: 'Work calendar', enabled: false, config: { calendar_ids: ['a', 'b'] } });
    expect((await byKind(alice, 'calendar')).enabled).toBe(false);
    const get = await server.api().get(`/users/${alice.id}/event-sources/${s.id}`).set(alice.auth);
    expect(get.body).toEqual(off.body);
  });

  test('bad values are 422 at body.<field>; null on these fields too', async () => {
    const s = await byKind(alice, 'import');
    expect422(await patch(alice, s.id, { enabled: 'yes' }), ['body', 'enabled']);
    expect422(await patch(alice, s.id, { enabled: null }), ['body', 'enabled']);
    expect422(await patch(alice, s.id, { source_label: '  ' }), ['body', 'source_label']);
    expect422(await patch(alice, s.id, { source_label: 'x'.repeat(101) }), ['body', 'source_label']);
    expect422(await patch(alice, s.id, { config: [1] }), ['body', 'config']);
    expect422(await patch(alice, s.id, { config: null }), ['body', 'config']);
    expect422(await patch(alice, 'nope', {}), ['path', 'source_id']);
  });

  test("another user's source is a 404", async () => {
    const theirs = await byKind(bob, 'health');
    expectError(await patch(alice, theirs.id, { enabled: false }), 404);
    expectError(await server.api().get(`/users/${alice.id}/event-sources/${theirs.id}`).set(alice.auth), 404);
    expectError(await patch(alice, randomUUID(), { enabled: false }), 404);
    expect((await byKind(bob, 'health')).enabled).toBe(true);
  });

  test('401 without a token, 403 with another user token', async () => {
    const s = await byKind(alice, 'manual');
    expectError(await server.api().patch(`/users/${alice.id}/event-sources/${s.id}`).send({ enabled: false }), 401);
    expectError(await server.api().patch(`/users/${alice.id}/event-sources/${s.id}`).set(bob.auth).send({ enabled: false }), 403);
  });

  test('a disabled log_capture source stops producing suggestions; enabled again, it resumes', async () => {
    const u = await signUp(server);
    const s = await byKind(u, 'log_capture');
    await patch(u, s.id, { enabled: false });
    const off = await captureParsed(server, u, 'weight 70 kg');
    expect(off.status).toBe('parsed');
    expect(off.suggestions).toEqual([]);
    expect((await server.api().get(`/users/${u.id}/suggestions`).set(u.auth)).body.pending_count).toBe(0);
    await patch(u, s.id, { enabled: true });
    const on = await captureParsed(server, u, 'weight 70 kg');
    expect(on.suggestions).toHaveLength(1);
  });
});
