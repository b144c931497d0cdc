import { randomUUID } from 'node:crypto';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f), { timezone: 'Europe/Berlin' });

const base = (u: TestUser) => `/users/${u.id}/tracking-timers`;
const start = (u: TestUser, body: unknown) =>
  server
    .api()
    .post(base(u))
    .set(u.auth)
    .send(body as object);
const stop = (u: TestUser, id: string, body?: object) => {
  const req = server
    .api()
    .post(`${base(u)}/${id}/stop`)
    .set(u.auth);
  return body ? req.send(body) : req;
};
const TIMER_KEYS = ['category_id', 'created_at', 'id', 'label', 'started_at', 'updated_at', 'user_id'];

describe('POST /users/{user_id}/tracking-timers', () => {
  test('201 with TrackingTimerRead; started_at defaults to now', async () => {
    const before = Date.now();
    const res = await start(alice, { label: 'Deep work' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(TIMER_KEYS);
    expect(res.body).toMatchObject({ user_id: alice.id, label: 'Deep work', category_id: null });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.started_at).toMatch(ISO_UTC);
    expect(res.body.created_at).toMatch(ISO_UTC);
    expect(Date.parse(res.body.started_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  test('with a category and an explicit start', async () => {
    const cat = await server.api().post(`/users/${alice.id}/categories`).set(alice.auth).send({ name: 'Reading' });
    const res = await start(alice, { category_id: cat.body.id, started_at: '2026-03-10T09:00:00+01:00' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ category_id: cat.body.id, label: null, started_at: '2026-03-10T08:00:00.000Z' });
  });

  test('neither category_id nor label is a 422; so are bad values', async () => {
    expect422(await start(alice, {}), ['body']);
    expect422(await start(alice, { label: null, category_id: null }), ['body']);
    expect422(await start(alice, { label: '   ' }), ['body', 'label']);
    expect422(await start(alice, { label: 5 }), ['body', 'label']);
    expect422(await start(alice, { category_id: 'nope' }), ['body', 'category_id']);
    expect422(await start(alice, { category_id: randomUUID() }), ['body', 'category_id']);
    expect422(await start(alice, { label: 'x', started_at: 'now' }), ['body', 'started_at']);
    expect422(await start(alice, { label: 'x', started_at: new Date(Date.now() + 3600_000).toISOString() }), ['body', 'started_at']);
  });

  test("another user's category is a 422 at body.category_id", async () => {
    const theirs = await server.api().post(`/users/${bob.id}/categories`).set(bob.auth).send({ name: 'Secret' });
    expect422(await start(alice, { category_id: theirs.body.id }), ['body', 'category_id']);
  });

  test('401 without a token, 403 with another user token', async () => {
    expectError(await server.api().post(base(alice)).send({ label: 'x' }), 401);
    expectError(await server.api().post(base(alice)).set(bob.auth).send({ label: 'x' }), 403);
  });
});

describe('GET /users/{user_id}/tracking-timers', () => {
  test('running timers, most recently started first, only mine', async () => {
    const u = await signUp(server);
    const a = await start(u, { label: 'A', started_at: '2026-03-10T08:00:00Z' });
    const b = await start(u, { label: 'B', started_at: '2026-03-10T09:00:00Z' });
    await start(bob, { label: 'not yours' });
    const res = await server.api().get(base(u)).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body.map((t: { id: string }) => t.id)).toEqual([b.body.id, a.body.id]);
    expect(Object.keys(res.body[0]).sort()).toEqual(TIMER_KEYS);
    const one = await server
      .api()
      .get(`${base(u)}/${a.body.id}`)
      .set(u.auth);
    expect(one.body).toEqual(a.body);
    expect422(
      await server
        .api()
        .get(`${base(u)}?limit=0`)
        .set(u.auth),
      ['query', 'limit'],
    );
  });

  test('401 without a token, 403 with another user token', async () => {
    expectError(await server.api().get(base(alice)), 401);
    expectError(await server.api().get(base(alice)).set(bob.auth), 403);
  });
});

describe('POST /users/{user_id}/tracking-timers/{timer_id}/stop', () => {
  test('logs an event with source timer, the duration, category and label; the timer is gone', async () => {
    const cat = await server.api().post(`/users/${alice.id}/categories`).set(alice.auth).send({ name: 'Focus' });
    const t = await start(alice, { category_id: cat.body.id, label: 'Writing', started_at: '2026-03-10T09:00:00Z' });
    const res = await stop(alice, t.body.id, { ended_at: '2026-03-10T10:30:00Z', tags: ['#Deep'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      source: 'timer',
      category_id: cat.body.id,
      occurred_at: '2026-03-10T09:00:00.000Z',
      local_date: '2026-03-10',
      duration: 'PT1H30M',
      notes: 'Writing',
      tags: ['deep'],
      client_id: t.body.id,
      metadata: {
        timer: { id: t.body.id, label: 'Writing', started_at: '2026-03-10T09:00:00.000Z', ended_at: '2026-03-10T10:30:00.000Z' },
      },
    });
    const ev = await server.api().get(`/users/${alice.id}/events/${res.body.id}`).set(alice.auth);
    expect(ev.body.source).toBe('timer');
    expectError(
      await server
        .api()
        .get(`${base(alice)}/${t.body.id}`)
        .set(alice.auth),
      404,
    );
    expectError(await stop(alice, t.body.id), 404);
  });

  test('without a body it stops now', async () => {
    const t = await start(alice, { label: 'Now' });
    const res = await stop(alice, t.body.id);
    expect(res.status).toBe(201);
    expect(res.body.duration).toMatch(/^PT/);
    expect(res.body.notes).toBe('Now');
  });

  test('concurrent stops make one event', async () => {
    const u = await signUp(server);
    const t = await start(u, { label: 'Race' });
    const replies = await Promise.all(Array.from({ length: 4 }, () => stop(u, t.body.id)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 404, 404, 404]);
    expect((await server.api().get(`/users/${u.id}/events`).set(u.auth)).body).toHaveLength(1);
  });

  test('ended_at before the start is a 422 and the timer keeps running', async () => {
    const t = await start(alice, { label: 'Oops', started_at: '2026-03-10T09:00:00Z' });
    expect422(await stop(alice, t.body.id, { ended_at: '2026-03-10T08:00:00Z' }), ['body', 'ended_at']);
    expect422(await stop(alice, t.body.id, { ended_at: 'later' }), ['body', 'ended_at']);
    expect(
      (
        await server
          .api()
          .get(`${base(alice)}/${t.body.id}`)
          .set(alice.auth)
      ).status,
    ).toBe(200);
  });

  test("another user's timer is a 404", async () => {
    const theirs = await start(bob, { label: 'Bob' });
    expectError(await stop(alice, theirs.body.id), 404);
    expectError(
      await server
        .api()
        .get(`${base(alice)}/${theirs.body.id}`)
        .set(alice.auth),
      404,
    );
    expectError(
      await server
        .api()
        .delete(`${base(alice)}/${theirs.body.id}`)
        .set(alice.auth),
      404,
    );
    expect(
      (
        await server
          .api()
          .get(`${base(bob)}/${theirs.body.id}`)
          .set(bob.auth)
      ).status,
    ).toBe(200);
    expect422(await stop(alice, 'nope'), ['path', 'timer_id']);
  });

  test('401 without a token, 403 with another user token', async () => {
    const t = await start(alice, { label: 'Guarded' });
    expectError(await server.api().post(`${base(alice)}/${t.body.id}/stop`), 401);
    expectError(
      await server
        .api()
        .post(`${base(alice)}/${t.body.id}/stop`)
        .set(bob.auth),
      403,
    );
  });
});

describe('DELETE /users/{user_id}/tracking-timers/{timer_id}', () => {
  test('discards the timer without an event', async () => {
    const u = await signUp(server);
    const t = await start(u, { label: 'Never mind' });
    const res = await server
      .api()
      .delete(`${base(u)}/${t.body.id}`)
      .set(u.auth);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectError(
      await server
        .api()
        .delete(`${base(u)}/${t.body.id}`)
        .set(u.auth),
      404,
    );
    expect((await server.api().get(`/users/${u.id}/events`).set(u.auth)).body).toEqual([]);
  });

  test('401 without a token, 403 with another user token', async () => {
    const t = await start(alice, { label: 'Guarded' });
    expectError(await server.api().delete(`${base(alice)}/${t.body.id}`), 401);
    expectError(
      await server
        .api()
        .delete(`${base(alice)}/${t.body.id}`)
        .set(bob.auth),
      403,
    );
  });
});
