import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC } from '../helpers/expect.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other: other } = f));

const url = () => `/users/${u.id}/profile`;

test('GET returns the profile', async () => {
  const res = await server.api().get(url()).set(u.auth);
  expect(res.body).toEqual({
    id: u.id,
    email: u.email,
    timezone: 'UTC',
    language: 'en',
    week_start: 'monday',
    totp_enabled: false,
    created_at: expect.stringMatching(ISO_UTC),
    updated_at: expect.stringMatching(ISO_UTC),
  });
});

test('PATCH changes timezone and email; omitted fields stay; login uses the new email', async () => {
  const tz = await server.api().patch(url()).set(u.auth).send({ timezone: 'America/New_York' });
  expect(tz.body).toMatchObject({ timezone: 'America/New_York', email: u.email });
  const newEmail = `new-${u.email}`;
  const em = await server.api().patch(url()).set(u.auth).send({ email: newEmail });
  expect(em.body).toMatchObject({ timezone: 'America/New_York', email: newEmail });
  expect((await server.api().post('/auth/login').send({ email: newEmail, password: u.password })).status).toBe(200);
  u.email = newEmail;
});

test('the timezone drives local_date of new events', async () => {
  await server.api().patch(url()).set(u.auth).send({ timezone: 'Asia/Tokyo' });
  const ev = await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ occurred_at: '2026-06-30T20:00:00Z' });
  expect(ev.body.local_date).toBe('2026-07-01');
});

test('an email in use is a 409', async () => {
  expectError(await server.api().patch(url()).set(u.auth).send({ email: other.email.toUpperCase() }), 409);
});

test('changing the email is limited to 10 tries an hour, free or taken, so the 409 is no oracle of who has an account', async () => {
  const me = await signUp(server);
  const patch = (email: string) => server.api().patch(`/users/${me.id}/profile`).set(me.auth).send({ email });
  // The same address in another case is not a change and is not counted.
  expect((await patch(me.email.toUpperCase())).status).toBe(200);
  for (let i = 0; i < 9; i++) expect((await patch(i % 2 ? other.email : `try-${i}-${me.email}`)).status).toBe(i % 2 ? 409 : 200);
  expect((await patch(`last-${me.email}`)).status).toBe(200);
  const refused = await patch(`one-more-${me.email}`);
  expectError(refused, 429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  const taken = await patch(other.email);
  expectError(taken, 429);
  // Timezone and language are not held up.
  expect((await server.api().patch(`/users/${me.id}/profile`).set(me.auth).send({ timezone: 'Europe/Paris' })).status).toBe(200);
});

test.each([
  [{ timezone: 'Nowhere/City' }, ['body', 'timezone']],
  [{ timezone: null }, ['body', 'timezone']],
  [{ email: 'nope' }, ['body', 'email']],
  [{ email: null }, ['body', 'email']],
])('validation case %#', async (body, loc) => {
  expect422(await server.api().patch(url()).set(u.auth).send(body), loc);
});

test('401 without a token, 403 for another user', async () => {
  expectError(await server.api().get(url()), 401);
  expectError(await server.api().get(url()).set(other.auth), 403);
  expectError(await server.api().patch(url()).set(other.auth).send({ timezone: 'UTC' }), 403);
});

describe('the login email is a credential', () => {
  const writeToken = async () => {
    const res = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'script', scope: 'write' });
    return { Authorization: `Bearer ${res.body.token}` };
  };

  test('a write access token may change the timezone but not the email (403, nothing changes)', async () => {
    const pat = await writeToken();
    expect((await server.api().patch(url()).set(pat).send({ timezone: 'Europe/Paris' })).body).toMatchObject({ timezone: 'Europe/Paris' });
    expectError(await server.api().patch(url()).set(pat).send({ email: 'taken-over@example.com' }), 403);
    expectError(await server.api().patch(url()).set(pat).send({ email: 'taken-over@example.com', timezone: 'UTC' }), 403);
    expect((await server.api().get(url()).set(u.auth)).body).toMatchObject({ email: u.email, timezone: 'Europe/Paris' });
  });

  test('changing it signs out the other sessions, not this one; the same address or a timezone change does not', async () => {
    const signIn = async () => ({
      Authorization: `Bearer ${(await server.api().post('/auth/login').send({ email: u.email, password: u.password })).body.api_token}`,
    });
    const elsewhere = await signIn();
    expect((await server.api().patch(url()).set(u.auth).send({ email: u.email, timezone: 'UTC' })).status).toBe(200);
    expect((await server.api().get(url()).set(elsewhere)).status).toBe(200);

    const newEmail = `moved-${u.email}`;
    expect((await server.api().patch(url()).set(u.auth).send({ email: newEmail })).status).toBe(200);
    u.email = newEmail;
    expectError(await server.api().get(url()).set(elsewhere), 401);
    expect((await server.api().get(url()).set(u.auth)).status).toBe(200);
  });
});
