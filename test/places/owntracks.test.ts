import { expect422, expectError } from '../helpers/expect.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { imported } from '../imports/uploads.ts';

/**
 * The OwnTracks app in HTTP mode posts to /users/{id}/owntracks with a personal access token as
 * its Basic password: location messages become samples, anything else gets the 200 and [] the
 * app needs to clear its queue.
 */
let server: SharedServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

const pat = async (user: TestUser, scope: 'read' | 'write') =>
  (
    await server
      .api()
      .post('/auth/tokens')
      .set(user.auth)
      .send({ name: `owntracks ${scope}`, scope })
  ).body.token as string;
const basic = (token: string, username = 'phone') => ({ Authorization: `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}` });

const location = (tst: number, lat: number, lon: number) => ({ _type: 'location', tst, lat, lon, acc: 12, tid: 'ph', batt: 80, conn: 'w' });
const T0 = Date.parse('2026-06-01T08:00:00Z') / 1000;

/** The samples stored, found by importing the same points as an OwnTracks .rec file: every one already present. */
async function storedCount(user: TestUser, points: { tst: number; lat: number; lon: number }[]) {
  const rec = points.map((p) => `${new Date(p.tst * 1000).toISOString()}\t*\t${JSON.stringify(location(p.tst, p.lat, p.lon))}`).join('\n');
  return (await imported(server, user, `${rec}\n`)).counts.present as number;
}

test('location messages, one or a queued batch, become samples; other message types are answered [] and ignored', async () => {
  const user = await signUp(server);
  const auth = basic(await pat(user, 'write'), user.email);
  const one = await server
    .api()
    .post(`/users/${user.id}/owntracks`)
    .set(auth)
    .send(location(T0, 52.52, 13.405));
  expect(one.status).toBe(200);
  expect(one.body).toEqual([]);
  const queued = [
    location(T0 + 60, 52.5201, 13.405),
    { _type: 'lwt', tst: T0 },
    { _type: 'transition', event: 'enter', tst: T0 + 90, lat: 52.52, lon: 13.405, desc: 'Home' },
    location(T0 + 120, 52.5202, 13.405),
    // The same fix sent again after a lost answer: stored once.
    location(T0 + 120, 52.5202, 13.405),
  ];
  const batch = await server.api().post(`/users/${user.id}/owntracks`).set(auth).send(queued);
  expect(batch.status).toBe(200);
  expect(batch.body).toEqual([]);
  for (const other of [
    { _type: 'card', name: 'Me' },
    { _type: 'waypoints', waypoints: [] },
    { _type: 'location' },
    { _type: 'location', lat: 'x' },
  ]) {
    const res = await server.api().post(`/users/${user.id}/owntracks`).set(auth).send(other);
    expect([res.status, res.body]).toEqual([200, []]);
  }
  const points = [
    { tst: T0, lat: 52.52, lon: 13.405 },
    { tst: T0 + 60, lat: 52.5201, lon: 13.405 },
    { tst: T0 + 120, lat: 52.5202, lon: 13.405 },
  ];
  expect(await storedCount(user, points)).toBe(3);
});

test('a Bearer token works too; a session token, a password or a read-only token as the Basic password do not', async () => {
  const user = await signUp(server);
  const path = `/users/${user.id}/owntracks`;
  const msg = location(T0, 1, 2);
  expect(
    (
      await server
        .api()
        .post(path)
        .set({ Authorization: `Bearer ${await pat(user, 'write')}` })
        .send(msg)
    ).status,
  ).toBe(200);
  expect((await server.api().post(path).set(user.auth).send(msg)).status).toBe(200);
  expectError(await server.api().post(path).set(basic(user.token)).send(msg), 401);
  expectError(await server.api().post(path).set(basic(user.password, user.email)).send(msg), 401);
  expectError(await server.api().post(path).set(basic('ptk_forged')).send(msg), 401);
  expectError(
    await server
      .api()
      .post(path)
      .set(basic(await pat(user, 'read')))
      .send(msg),
    403,
  );
  expectError(await server.api().post(path).send(msg), 401);
  // Basic is for this route only.
  expectError(
    await server
      .api()
      .get(`/users/${user.id}/events`)
      .set(basic(await pat(user, 'write'))),
    401,
  );
});

test("another user's token is refused on this user's path", async () => {
  expectError(
    await server
      .api()
      .post(`/users/${owner.id}/owntracks`)
      .set(basic(await pat(other, 'write')))
      .send(location(T0, 1, 2)),
    403,
  );
  expectError(
    await server
      .api()
      .post(`/users/${owner.id}/owntracks`)
      .set(other.auth)
      .send(location(T0, 1, 2)),
    403,
  );
});

test('a body that is not a message is refused; more than 10,000 messages too', async () => {
  const path = `/users/${owner.id}/owntracks`;
  expect422(await server.api().post(path).set(owner.auth).send([1, 2]), ['body', 0]);
  expect422(await server.api().post(path).set(owner.auth).send({ lat: 1, lon: 2 }), ['body', '_type']);
  expect422(
    await server
      .api()
      .post(path)
      .set(owner.auth)
      .send([{ _type: 'location' }, { type: 'location' }]),
    ['body', 1, '_type'],
  );
  // Not an object or array at all: refused by the JSON reader, as on every route.
  expectError(await server.api().post(path).set(owner.auth).send('"location"').type('json'), 400);
  const many = Array.from({ length: 10_001 }, (_, i) => ({ _type: 'lwt', tst: T0 + i }));
  expect422(await server.api().post(path).set(owner.auth).send(many), ['body']);
  // Nothing of a refused queue was stored.
  expect(await storedCount(owner, [{ tst: T0, lat: 1, lon: 2 }])).toBe(0);
});
