import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { SHARED_JWT_SECRET } from '../helpers/config.ts';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expectError } from '../helpers/expect.ts';

/**
 * A token signed with the server's own key but carrying ids that are not UUIDs is refused as a
 * 401 before any lookup, never a 500 from the database rejecting the value.
 */
let server: SharedServer;
withSharedServer((s) => (server = s));
withSharedServer((s) => (server = s));
let u: TestUser;
beforeAll(async () => {
  u = await signUp(server);
});

const sign = (claims: { sub: string; sid: string; use: string }, expires: string | number = '5m') =>
  new SignJWT({ sid: claims.sid, use: claims.use })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('lifetrack')
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(new TextEncoder().encode(SHARED_JWT_SECRET));

const me = (token: string) => server.api().get('/auth/me').set('Authorization', `Bearer ${token}`);

test('the key is the server’s: a well-formed token for a real session is accepted', async () => {
  const sid = (await server.api().get('/auth/sessions').set(u.auth)).body[0].id;
  expect((await me(await sign({ sub: u.id, sid, use: 'session' }))).status).toBe(200);
});

test.each([
  ['sid "x"', () => ({ sub: u.id, sid: 'x' })],
  ['sid empty', () => ({ sub: u.id, sid: '' })],
  ['sid with SQL', () => ({ sub: u.id, sid: "' or 1=1 --" })],
  ['sub not a UUID', () => ({ sub: 'admin', sid: randomUUID() })],
  ['sub with a trailing character', () => ({ sub: `${u.id}x`, sid: randomUUID() })],
])('a session token with %s is a 401', async (_label, claims) => {
  const res = await me(await sign({ ...claims(), use: 'session' }));
  expectError(res, 401);
  expect(res.headers['www-authenticate']).toMatch(
    /^Bearer resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource", error="invalid_token"/,
  );
});

test('a pending token with a malformed id is a 401 at /auth/totp/verify', async () => {
  for (const claims of [
    { sub: u.id, sid: 'x' },
    { sub: 'x', sid: randomUUID() },
  ]) {
    const pending_token = await sign({ ...claims, use: 'pending' });
    expectError(await server.api().post('/auth/totp/verify').send({ pending_token, code: '123456' }), 401);
  }
});

test('a token accepted once is still refused once it expires (the server remembers verified tokens, not their validity)', async () => {
  const sid = (await server.api().get('/auth/sessions').set(u.auth)).body[0].id;
  const token = await sign({ sub: u.id, sid, use: 'session' }, Math.floor(Date.now() / 1000) + 2);
  expect((await me(token)).status).toBe(200);
  expect((await me(token)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const res = await me(token);
  expectError(res, 401);
  expect(res.body.detail).toBe('Token expired');
});

test('a session token accepted once is refused as a pending token, and the other way round', async () => {
  const sid = (await server.api().get('/auth/sessions').set(u.auth)).body[0].id;
  const token = await sign({ sub: u.id, sid, use: 'session' });
  expect((await me(token)).status).toBe(200);
  expectError(await server.api().post('/auth/totp/verify').send({ pending_token: token, code: '123456' }), 401);
  const pending = await sign({ sub: u.id, sid: randomUUID(), use: 'pending' });
  expectError(await server.api().post('/auth/totp/verify').send({ pending_token: pending, code: '123456' }), 401);
  expectError(await me(pending), 401);
});
