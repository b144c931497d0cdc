import { randomUUID } from 'node:crypto';
import { expect422, expectError } from '../helpers/expect.ts';
import { eventsFeed, isoDay, startIcsServer, type IcsServer } from '../helpers/ics-server.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** The calendar routes and the event-source routes that manage feeds: shapes, rules (422 + loc), 403, 404, 409. */
let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
let ics: IcsServer;
withServer((f) => ({ server, owner: alice, other: bob } = f));
beforeAll(async () => {
  ics = await startIcsServer({ bigBytes: 1024 * 1024 });
  ics.serve(
    '/a.ics',
    eventsFeed([
      { uid: 'a1', day: -3 },
      { uid: 'a2', day: 1 },
      { uid: 'a3', day: 10 },
      { uid: 'a4', day: 20 },
    ]),
  );
  ics.serve('/b.ics', eventsFeed([{ uid: 'b1', day: 2 }]));
});
afterAll(() => ics.stop());

type Row = Record<string, any>;
const sources = (u: TestUser) => `/users/${u.id}/event-sources`;
const add = (u: TestUser, body: unknown) =>
  server
    .api()
    .post(sources(u))
    .set(u.auth)
    .send(body as object);
const addFeed = async (u: TestUser, path: string) => {
  const res = await add(u, { config: { url: `${ics.url}${path}` } });
  expect(res.status).toBe(201);
  return res.body as Row;
};
const sync = (u: TestUser, id: string) =>
  server
    .api()
    .post(`${sources(u)}/${id}/sync`)
    .set(u.auth);
const list = (u: TestUser, q = '') => server.api().get(`/users/${u.id}/calendar/events${q}`).set(u.auth);
const defaultOf = async (u: TestUser, kind: string): Promise<Row> =>
  (await server.api().get(sources(u)).set(u.auth)).body.find((s: Row) => s.kind === kind && s.is_default);

describe('POST /users/{user_id}/event-sources', () => {
  test('adds a calendar source with defaults (kind calendar, label Calendar, enabled) and no sync yet', async () => {
    const res = await add(alice, { config: { url: `${ics.url}/a.ics`, color: 'blue' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_id: alice.id,
      kind: 'calendar',
      source_label: 'Calendar',
      enabled: true,
      is_default: false,
      config: { url: `${ics.url}/a.ics`, color: 'blue' },
      last_synced_at: null,
      last_sync_status: null,
      last_sync_error: null,
    });
    expect(
      (
        await server
          .api()
          .get(`${sources(alice)}/${res.body.id}`)
          .set(alice.auth)
      ).body,
    ).toEqual(res.body);
    const named = await add(alice, {
      kind: 'calendar',
      source_label: ' Family ',
      enabled: false,
      config: { url: 'https://example.org/family.ics' },
    });
    expect(named.body).toMatchObject({ source_label: 'Family', enabled: false });
    const kinds = (await server.api().get(sources(alice)).set(alice.auth)).body.map((s: Row) => s.id);
    expect(kinds).toEqual(expect.arrayContaining([res.body.id, named.body.id]));
  });

  test.each([
    [{}, ['body', 'config']],
    [{ config: null }, ['body', 'config']],
    [{ config: {} }, ['body', 'config', 'url']],
    [{ config: { url: 7 } }, ['body', 'config', 'url']],
    [{ config: { url: 'not a url' } }, ['body', 'config', 'url']],
    [{ config: { url: 'ftp://example.org/cal.ics' } }, ['body', 'config', 'url']],
    [{ config: { url: 'webcal://example.org/cal.ics' } }, ['body', 'config', 'url']],
    [{ config: { url: `https://example.org/${'x'.repeat(2030)}` } }, ['body', 'config', 'url']],
    [{ config: { url: 'https://example.org/a.ics', blob: 'x'.repeat(17_000) } }, ['body', 'config']],
    [{ kind: 'health', config: { url: 'https://example.org/a.ics' } }, ['body', 'kind']],
    [{ source_label: '  ', config: { url: 'https://example.org/a.ics' } }, ['body', 'source_label']],
    [{ source_label: 'x'.repeat(101), config: { url: 'https://example.org/a.ics' } }, ['body', 'source_label']],
    [{ enabled: 'yes', config: { url: 'https://example.org/a.ics' } }, ['body', 'enabled']],
  ])('rejects bad body case %# with a 422 at its loc', async (body, loc) => {
    expect422(await add(alice, body), loc);
  });

  test('a URL of exactly 2048 characters is accepted', async () => {
    const url = `https://example.org/${'x'.repeat(2048 - 'https://example.org/'.length)}`;
    expect((await add(alice, { config: { url } })).status).toBe(201);
  });

  test('401 without a token, 403 on another user path', async () => {
    expectError(
      await server
        .api()
        .post(sources(alice))
        .send({ config: { url: 'https://example.org/a.ics' } }),
      401,
    );
    expectError(
      await server
        .api()
        .post(sources(alice))
        .set(bob.auth)
        .send({ config: { url: 'https://example.org/a.ics' } }),
      403,
    );
  });
});

describe('PATCH a calendar source', () => {
  test("config.url is checked on calendar sources (422 at body.config.url); other kinds' config is free-form", async () => {
    const cal = await defaultOf(alice, 'calendar');
    const patch = (id: string, body: object) =>
      server
        .api()
        .patch(`${sources(alice)}/${id}`)
        .set(alice.auth)
        .send(body);
    expect422(await patch(cal.id, { config: { url: 'mailto:me@example.org' } }), ['body', 'config', 'url']);
    expect422(await patch(cal.id, { config: { url: `http://example.org/${'y'.repeat(2040)}` } }), ['body', 'config', 'url']);
    expect422(await patch(cal.id, { config: { url: null } }), ['body', 'config', 'url']);
    const ok = await patch(cal.id, { config: { url: `${ics.url}/b.ics` } });
    expect(ok.body.config).toEqual({ url: `${ics.url}/b.ics` });
    const manual = await defaultOf(alice, 'manual');
    expect((await patch(manual.id, { config: { url: 'anything' } })).body.config).toEqual({ url: 'anything' });
  });
});

describe('POST /users/{user_id}/event-sources/{source_id}/sync', () => {
  test('syncs the default calendar source once it has a url', async () => {
    const u = bob;
    const cal = await defaultOf(u, 'calendar');
    expectError(await sync(u, cal.id), 409);
    await server
      .api()
      .patch(`${sources(u)}/${cal.id}`)
      .set(u.auth)
      .send({ config: { url: `${ics.url}/b.ics` } });
    const res = await sync(u, cal.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: cal.id, is_default: true, last_sync_status: 'ok', last_sync_event_count: 1 });
    expect((await list(u)).body.map((e: Row) => e.external_id)).toEqual(['b1']);
  });

  test('409 for a source that is not a calendar; 404 for foreign or unknown ids; 403 and 422 on the path', async () => {
    expectError(await sync(alice, (await defaultOf(alice, 'health')).id), 409);
    const theirs = await addFeed(bob, '/b.ics');
    expectError(await sync(alice, theirs.id), 404);
    expectError(await sync(alice, randomUUID()), 404);
    expectError(
      await server
        .api()
        .post(`${sources(alice)}/${theirs.id}/sync`)
        .set(bob.auth),
      403,
    );
    expect422(await sync(alice, 'nope'), ['path', 'source_id']);
    expect(
      (
        await server
          .api()
          .get(`${sources(bob)}/${theirs.id}`)
          .set(bob.auth)
      ).body.last_synced_at,
    ).toBeNull();
  });
});

describe('GET /users/{user_id}/calendar/events', () => {
  let feed: Row;
  beforeAll(async () => {
    feed = await addFeed(alice, '/a.ics');
    expect((await sync(alice, feed.id)).body.last_sync_status).toBe('ok');
  });
  const mine = async (q: string) =>
    ((await list(alice, q)).body as Row[]).filter((e) => e.calendar_id === feed.id).map((e) => e.external_id);

  test('by starts_at; from inclusive and to exclusive on starts_at (a date is 00:00Z); paging', async () => {
    expect(await mine('')).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(await mine(`?from=${isoDay(1)}T10:00:00Z`)).toEqual(['a2', 'a3', 'a4']);
    expect(await mine(`?from=${isoDay(0)}&to=${isoDay(10)}T10:00:00Z`)).toEqual(['a2']);
    expect(await mine(`?from=${isoDay(0)}T00:00:00%2B14:00&to=${isoDay(11)}`)).toEqual(['a2', 'a3']);
    expect(await mine('?limit=2&offset=1')).toEqual(['a2', 'a3']);
  });

  test('GET one event equals its list entry', async () => {
    const [first] = (await list(alice)).body as Row[];
    const one = await server.api().get(`/users/${alice.id}/calendar/events/${first.id}`).set(alice.auth);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
  });

  test.each([
    ['?include_cancelled=maybe', ['query', 'include_cancelled']],
    ['?include_cancelled=', ['query', 'include_cancelled']],
    ['?from=yesterday', ['query', 'from']],
    ['?from=2026-02-30', ['query', 'from']],
    ['?to=2026-01-01T10:00:00', ['query', 'to']],
    ['?from=2026-02-01&to=2026-01-31', ['query', 'to']],
    ['?limit=0', ['query', 'limit']],
    ['?limit=501', ['query', 'limit']],
    ['?limit=x', ['query', 'limit']],
    ['?offset=-1', ['query', 'offset']],
  ])('rejects %s with a 422 at its loc', async (q, loc) => {
    expect422(await list(alice, q), loc);
  });

  test('an invalid event id is a 422 at ["path","event_id"]; foreign and unknown ids are 404; another user 403', async () => {
    expect422(await server.api().get(`/users/${alice.id}/calendar/events/abc`).set(alice.auth), ['path', 'event_id']);
    const theirs = await addFeed(bob, '/b.ics');
    await sync(bob, theirs.id);
    const bobs = ((await list(bob)).body as Row[]).find((e) => e.calendar_id === theirs.id)!;
    for (const id of [bobs.id, randomUUID()]) {
      expectError(await server.api().get(`/users/${alice.id}/calendar/events/${id}`).set(alice.auth), 404);
    }
    expect((await list(alice)).body.map((e: Row) => e.id)).not.toContain(bobs.id);
    expectError(await server.api().get(`/users/${alice.id}/calendar/events`).set(bob.auth), 403);
    expectError(await server.api().get(`/users/${alice.id}/calendar/events/${bobs.id}`).set(bob.auth), 403);
    expectError(await server.api().get(`/users/${alice.id}/calendar/events`), 401);
  });
});

describe('DELETE /users/{user_id}/event-sources/{source_id}', () => {
  test('deletes an added source with its calendar events; a default source is a 409', async () => {
    const feed = await addFeed(alice, '/b.ics');
    await sync(alice, feed.id);
    const event = ((await list(alice)).body as Row[]).find((e) => e.calendar_id === feed.id)!;
    expect(
      (
        await server
          .api()
          .delete(`${sources(alice)}/${feed.id}`)
          .set(alice.auth)
      ).status,
    ).toBe(204);
    expectError(
      await server
        .api()
        .get(`${sources(alice)}/${feed.id}`)
        .set(alice.auth),
      404,
    );
    expectError(await server.api().get(`/users/${alice.id}/calendar/events/${event.id}`).set(alice.auth), 404);
    expectError(
      await server
        .api()
        .delete(`${sources(alice)}/${feed.id}`)
        .set(alice.auth),
      404,
    );
    const cal = await defaultOf(alice, 'calendar');
    expectError(
      await server
        .api()
        .delete(`${sources(alice)}/${cal.id}`)
        .set(alice.auth),
      409,
    );
    expect(
      (
        await server
          .api()
          .get(`${sources(alice)}/${cal.id}`)
          .set(alice.auth)
      ).status,
    ).toBe(200);
  });

  test('foreign and unknown ids are 404, another user 403, a bad id 422; nothing is deleted', async () => {
    const theirs = await addFeed(bob, '/b.ics');
    expectError(
      await server
        .api()
        .delete(`${sources(alice)}/${theirs.id}`)
        .set(alice.auth),
      404,
    );
    expectError(
      await server
        .api()
        .delete(`${sources(alice)}/${randomUUID()}`)
        .set(alice.auth),
      404,
    );
    expectError(
      await server
        .api()
        .delete(`${sources(alice)}/${theirs.id}`)
        .set(bob.auth),
      403,
    );
    expect422(
      await server
        .api()
        .delete(`${sources(alice)}/nope`)
        .set(alice.auth),
      ['path', 'source_id'],
    );
    expect(
      (
        await server
          .api()
          .get(`${sources(bob)}/${theirs.id}`)
          .set(bob.auth)
      ).status,
    ).toBe(200);
  });
});
