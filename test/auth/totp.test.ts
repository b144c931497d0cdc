import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError } from '../helpers/expect.ts';
import { codeAt } from '../helpers/totp.ts';

let server: SharedServer;
withSharedServer((s) => (server = s));

/** The code an authenticator shows `stepsAhead` 30-second steps from now. */

async function enrol(u: TestUser): Promise<string> {
  const setup = await server.api().post('/auth/totp/setup').set(u.auth);
  expect(setup.status).toBe(200);
  expect(setup.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const secret = setup.body.secret as string;
  const enabled = await server
    .api()
    .post('/auth/totp/enable')
    .set(u.auth)
    .send({ code: await codeAt(secret, -1) });
  expect(enabled.body).toEqual({ totp_enabled: true });
  return secret;
}

const login = (u: TestUser) => server.api().post('/auth/login').send({ email: u.email, password: u.password });
const verify = (pending_token: string, code: string) => server.api().post('/auth/totp/verify').send({ pending_token, code });

test('login with TOTP: pending token, then the code gives an api_token', async () => {
  const u = await signUp(server);
  const secret = await enrol(u);
  const first = await login(u);
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ totp_required: true, pending_token: expect.any(String), expires_at: expect.any(String) });
  expect(first.body.api_token).toBeUndefined();
  // The pending token is not an api_token.
  expectError(await server.api().get(`/users/${u.id}/events`).set('Authorization', `Bearer ${first.body.pending_token}`), 401);

  const done = await verify(first.body.pending_token, await codeAt(secret));
  expect(done.status).toBe(200);
  expect(done.body.user_id).toBe(u.id);
  expect((await server.api().get(`/users/${u.id}/events`).set('Authorization', `Bearer ${done.body.api_token}`)).status).toBe(200);
});

test('a code already used is rejected, and a used pending token cannot be reused', async () => {
  const u = await signUp(server);
  const secret = await enrol(u);
  const code = await codeAt(secret);
  const a = (await login(u)).body.pending_token;
  expect((await verify(a, code)).status).toBe(200);

  const b = (await login(u)).body.pending_token;
  expectError(await verify(b, code), 401); // replayed code
  expectError(await verify(a, await codeAt(secret, 1)), 401); // reused pending token
});

test('an expired pending token is rejected', async () => {
  const u = await signUp(server);
  const secret = await enrol(u);
  const pending = (await login(u)).body.pending_token;
  // Age the pending login past its five minutes (the clock is the database row's).
  await server.sql(`update pending_logins set expires_at = now() - interval '1 second' where user_id = $1`, [u.id]);
  expectError(await verify(pending, await codeAt(secret)), 401);
});

test('five wrong codes end the pending login even before a right one', async () => {
  const u = await signUp(server);
  const secret = await enrol(u);
  const pending = (await login(u)).body.pending_token;
  for (let i = 0; i < 5; i++) expectError(await verify(pending, '000000'), 401);
  expectError(await verify(pending, await codeAt(secret)), 401);
});

test('enrolment rules: wrong code 422, double enable 409, disable needs a code', async () => {
  const u = await signUp(server);
  expectError(await server.api().post('/auth/totp/enable').set(u.auth).send({ code: '123456' }), 409);
  const setup = await server.api().post('/auth/totp/setup').set(u.auth);
  expect422(await server.api().post('/auth/totp/enable').set(u.auth).send({ code: '12345' }), ['body', 'code']);
  const wrong = String((Number(await codeAt(setup.body.secret)) + 500_000) % 1_000_000).padStart(6, '0');
  expect422(await server.api().post('/auth/totp/enable').set(u.auth).send({ code: wrong }), ['body', 'code']);
  await server
    .api()
    .post('/auth/totp/enable')
    .set(u.auth)
    .send({ code: await codeAt(setup.body.secret, -1) });
  expectError(await server.api().post('/auth/totp/setup').set(u.auth), 409);
  expect422(await server.api().post('/auth/totp/disable').set(u.auth).send({}), ['body', 'code']);
  const off = await server
    .api()
    .post('/auth/totp/disable')
    .set(u.auth)
    .send({ code: await codeAt(setup.body.secret) });
  expect(off.body).toEqual({ totp_enabled: false });
  expect((await login(u)).body.api_token).toEqual(expect.any(String));
});

test.each([
  [{ code: '123456' }, ['body', 'pending_token']],
  [{ pending_token: 'x' }, ['body', 'code']],
  [{ pending_token: 'x', code: 'abcdef' }, ['body', 'code']],
])('verify validation case %#', async (body, loc) => {
  expect422(await server.api().post('/auth/totp/verify').send(body), loc);
});

test('TOTP management needs a signed-in session', async () => {
  expectError(await server.api().post('/auth/totp/setup'), 401);
});
