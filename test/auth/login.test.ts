import { startIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';
import { expect422, expectError, UUID } from '../helpers/expect.ts';

let server: IsolatedServer;
beforeAll(async () => {
  server = await startIsolatedServer();
});
afterAll(() => server.stop());

const login = (body: object) => server.api().post('/auth/login').send(body);

test('login returns an api_token that authenticates, with the user id and expiry', async () => {
  const u = await signUp(server);
  const res = await login({ email: u.email.toUpperCase(), password: u.password });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ api_token: expect.any(String), token_type: 'bearer', user_id: u.id, expires_at: expect.any(String) });
  const days = (Date.parse(res.body.expires_at) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThan(30.1);
  const me = await server.api().get('/auth/me').set('Authorization', `Bearer ${res.body.api_token}`);
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ id: u.id, email: u.email, timezone: 'UTC', totp_enabled: false });
});

test('a wrong password or unknown email is a 401 with WWW-Authenticate and the same sentence', async () => {
  const u = await signUp(server);
  const wrong = await login({ email: u.email, password: 'not the password' });
  const unknown = await login({ email: 'nobody@example.com', password: 'whatever1' });
  expectError(wrong, 401);
  expectError(unknown, 401);
  expect(wrong.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource"/);
  expect(wrong.body.detail).toBe(unknown.body.detail);
});

test.each([
  [{ password: 'x' }, ['body', 'email'], 'missing'],
  [{ email: 'a@example.com' }, ['body', 'password'], 'missing'],
  [{ email: 42, password: 'x' }, ['body', 'email'], 'string_type'],
  [{ email: '', password: 'x' }, ['body', 'email'], 'too_short'],
])('login validation case %#', async (body, loc, type) => {
  const res = await login(body);
  expect422(res, loc);
  expect(res.body.detail[0].type).toBe(type);
});

test('ten failed logins lock the account for a while: 429 with Retry-After, even with the right password', async () => {
  const u = await signUp(server);
  for (let i = 0; i < 10; i++) expectError(await login({ email: u.email, password: `wrong-${i}-pass` }), 401);
  const locked = await login({ email: u.email, password: u.password });
  expectError(locked, 429);
  const retryAfter = Number(locked.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(900);
  // Another account from the same address is not locked out.
  const other = await signUp(server);
  expect((await login({ email: other.email, password: other.password })).status).toBe(200);
});

test('a request with a malformed or made-up bearer token is a 401', async () => {
  const u = await signUp(server);
  for (const header of ['Bearer', 'Basic abc', 'Bearer not-a-token', `Bearer ${u.token}x`, 'Bearer ptk_madeup']) {
    const res = await server.api().get(`/users/${u.id}/events`).set('Authorization', header);
    expectError(res, 401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource"/);
  }
});

describe('registration', () => {
  test('creates an account with a timezone; the email is unique ignoring case', async () => {
    const res = await server
      .api()
      .post('/auth/register')
      .send({ email: 'Reg@Example.com', password: 'long enough', timezone: 'Europe/Berlin' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'Reg@Example.com', timezone: 'Europe/Berlin', totp_enabled: false });
    expect(res.body.id).toMatch(UUID);
  });

  test('a taken address is answered as a free one (201, the same shape), and creates nothing: only the first password signs in', async () => {
    const first = { email: `taken-${Date.now()}@example.com`, password: 'first password' };
    const owner = await server.api().post('/auth/register').send(first);
    const again = await server.api().post('/auth/register').send({ email: first.email.toUpperCase(), password: 'second password' });
    const free = await server
      .api()
      .post('/auth/register')
      .send({ email: `free-${first.email}`, password: 'second password' });
    for (const res of [owner, again, free]) expect(res.status).toBe(201);
    const shape = (body: Record<string, unknown>) => ({ ...body, id: 'id', email: 'email', created_at: 'at', updated_at: 'at' });
    expect(shape(again.body)).toEqual(shape(free.body));
    expect(again.body).toMatchObject({ email: first.email.toUpperCase(), totp_enabled: false });
    expect(again.body.id).toMatch(UUID);
    expect(again.body.id).not.toBe(owner.body.id);
    // The account is the first one: its password signs in, the second one's does not.
    const signedIn = await server.api().post('/auth/login').send(first);
    expect(signedIn.body.user_id).toBe(owner.body.id);
    expectError(await server.api().post('/auth/login').send({ email: first.email, password: 'second password' }), 401);
    expect(
      (
        await server
          .api()
          .get(`/users/${owner.body.id}/profile`)
          .set({ Authorization: `Bearer ${signedIn.body.api_token}` })
      ).body.email,
    ).toBe(first.email);
  });

  test.each([
    [{ email: 'not-an-email', password: 'long enough' }, ['body', 'email']],
    [{ email: 'x@example.com', password: 'short' }, ['body', 'password']],
    [{ email: 'x@example.com', password: 'p'.repeat(257) }, ['body', 'password']],
    [{ email: 'x@example.com', password: 'long enough', timezone: 'Mars/Olympus' }, ['body', 'timezone']],
  ])('validation case %#', async (body, loc) => {
    expect422(await server.api().post('/auth/register').send(body), loc);
  });

  test('is refused with 403 when ALLOW_REGISTRATION is off', async () => {
    const closed = await startIsolatedServer({ allowRegistration: false });
    try {
      expectError(await closed.api().post('/auth/register').send({ email: 'a@example.com', password: 'long enough' }), 403);
    } finally {
      await closed.stop();
    }
  });
});

describe('logout', () => {
  test('revokes the session at once; other sessions keep working', async () => {
    const u = await signUp(server);
    const second = (await login({ email: u.email, password: u.password })).body.api_token;
    expect((await server.api().post('/auth/logout').set(u.auth)).status).toBe(204);
    expectError(await server.api().get(`/users/${u.id}/events`).set(u.auth), 401);
    expect((await server.api().get(`/users/${u.id}/events`).set('Authorization', `Bearer ${second}`)).status).toBe(200);
  });

  test('requires a token', async () => {
    expectError(await server.api().post('/auth/logout'), 401);
  });
});
