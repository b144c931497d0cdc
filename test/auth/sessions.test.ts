import { randomUUID } from 'node:crypto';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { codeAt } from '../helpers/totp.ts';

let server: SharedServer;
withSharedServer((s) => (server = s));

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** Another sign-in of the same user: a second session, as from another device. */
const signIn = async (u: TestUser) =>
  bearer((await server.api().post('/auth/login').send({ email: u.email, password: u.password })).body.api_token);
const works = async (auth: { Authorization: string }) => (await server.api().get('/auth/me').set(auth)).status;
const sessions = async (auth: { Authorization: string }) => {
  const res = await server.api().get('/auth/sessions').set(auth);
  expect(res.status).toBe(200);
  return res.body as { id: string; current: boolean; created_at: string; last_used_at: string | null; expires_at: string }[];
};
const currentId = async (auth: { Authorization: string }) => (await sessions(auth)).find((s) => s.current)!.id;

describe('GET /auth/sessions', () => {
  test('lists the live sessions newest first, marking the current one', async () => {
    const u = await signUp(server);
    const second = await signIn(u);
    const list = await sessions(u.auth);
    expect(list).toHaveLength(2);
    for (const s of list) {
      expect(s).toEqual({
        id: expect.stringMatching(UUID),
        created_at: expect.stringMatching(ISO_UTC),
        last_used_at: expect.stringMatching(ISO_UTC),
        expires_at: expect.stringMatching(ISO_UTC),
        current: expect.any(Boolean),
      });
    }
    expect(list.map((s) => s.current)).toEqual([false, true]);
    expect(list[0].created_at >= list[1].created_at).toBe(true);
    expect((await sessions(second)).map((s) => s.current)).toEqual([true, false]);
  });

  test('leaves out revoked and expired sessions, and shows only the caller’s', async () => {
    const u = await signUp(server);
    const other = await signUp(server);
    const revoked = await signIn(u);
    const expired = await signIn(u);
    const expiredId = await currentId(expired);
    await server.api().post('/auth/logout').set(revoked);
    await server.sql(`update sessions set expires_at = now() - interval '1 second' where id = $1`, [expiredId]);
    expect((await sessions(u.auth)).map((s) => s.current)).toEqual([true]);
    expect((await sessions(other.auth)).map((s) => s.id)).not.toContain(await currentId(u.auth));
  });

  test('pages with limit and offset', async () => {
    const u = await signUp(server);
    await signIn(u);
    await signIn(u);
    const page = await server.api().get('/auth/sessions?limit=2&offset=1').set(u.auth);
    expect(page.body).toHaveLength(2);
    expect(page.body[1].current).toBe(true);
    expect422(await server.api().get('/auth/sessions?limit=0').set(u.auth), ['query', 'limit']);
  });
});

describe('DELETE /auth/sessions/{session_id}', () => {
  test('another session stops working at once; the current one keeps working', async () => {
    const u = await signUp(server);
    const stolen = await signIn(u);
    const res = await server
      .api()
      .delete(`/auth/sessions/${await currentId(stolen)}`)
      .set(u.auth);
    expect(res.status).toBe(204);
    expectError(await server.api().get('/auth/me').set(stolen), 401);
    expect(await works(u.auth)).toBe(200);
    expect((await sessions(u.auth)).map((s) => s.current)).toEqual([true]);
  });

  test('revoking the current session works like logout', async () => {
    const u = await signUp(server);
    expect(
      (
        await server
          .api()
          .delete(`/auth/sessions/${await currentId(u.auth)}`)
          .set(u.auth)
      ).status,
    ).toBe(204);
    expectError(await server.api().get('/auth/me').set(u.auth), 401);
  });

  test('an unknown, revoked or foreign session id is a 404 and changes nothing', async () => {
    const u = await signUp(server);
    const other = await signUp(server);
    const foreign = await currentId(other.auth);
    expectError(await server.api().delete(`/auth/sessions/${foreign}`).set(u.auth), 404);
    expect(await works(other.auth)).toBe(200);
    expectError(await server.api().delete(`/auth/sessions/${randomUUID()}`).set(u.auth), 404);
    const gone = await signIn(u);
    const goneId = await currentId(gone);
    await server.api().delete(`/auth/sessions/${goneId}`).set(u.auth);
    expectError(await server.api().delete(`/auth/sessions/${goneId}`).set(u.auth), 404);
    expect422(await server.api().delete('/auth/sessions/x').set(u.auth), ['path', 'session_id']);
  });
});

test('POST /auth/sessions/revoke-others signs out every other session of the user only', async () => {
  const u = await signUp(server);
  const other = await signUp(server);
  const a = await signIn(u);
  const b = await signIn(u);
  const res = await server.api().post('/auth/sessions/revoke-others').set(u.auth);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ revoked: 2 });
  expect(await works(a)).toBe(401);
  expect(await works(b)).toBe(401);
  expect(await works(u.auth)).toBe(200);
  expect(await works(other.auth)).toBe(200);
  expect((await server.api().post('/auth/sessions/revoke-others').set(u.auth)).body).toEqual({ revoked: 0 });
});

describe('POST /auth/password', () => {
  test('changes the password and signs out the other sessions, not this one', async () => {
    const u = await signUp(server);
    const elsewhere = await signIn(u);
    const res = await server
      .api()
      .post('/auth/password')
      .set(u.auth)
      .send({ current_password: u.password, new_password: 'a brand new secret' });
    expect(res.status).toBe(204);
    expect(await works(elsewhere)).toBe(401);
    expect(await works(u.auth)).toBe(200);
    expectError(await server.api().post('/auth/login').send({ email: u.email, password: u.password }), 401);
    expect((await server.api().post('/auth/login').send({ email: u.email, password: 'a brand new secret' })).status).toBe(200);
  });

  test('a wrong current password is a 422 at current_password and changes nothing', async () => {
    const u = await signUp(server);
    const elsewhere = await signIn(u);
    const res = await server
      .api()
      .post('/auth/password')
      .set(u.auth)
      .send({ current_password: 'not it at all', new_password: 'a brand new secret' });
    expect422(res, ['body', 'current_password']);
    expect(await works(elsewhere)).toBe(200);
    expect((await server.api().post('/auth/login').send({ email: u.email, password: u.password })).status).toBe(200);
  });

  test('personal access tokens survive a password change unless revoke_access_tokens asks to end them; revoke-all ends them any time', async () => {
    const u = await signUp(server);
    const pat = async () => {
      const res = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'script', scope: 'read' });
      return { Authorization: `Bearer ${res.body.token}` };
    };
    const kept = await pat();
    const change = (from: string, to: string, extra = {}) =>
      server
        .api()
        .post('/auth/password')
        .set(u.auth)
        .send({ current_password: from, new_password: to, ...extra });
    expect((await change(u.password, 'a brand new secret')).status).toBe(204);
    expect(await works(kept)).toBe(200);
    expect((await change('a brand new secret', 'and another one', { revoke_access_tokens: true })).status).toBe(204);
    expect(await works(kept)).toBe(401);
    const [one, two] = [await pat(), await pat()];
    expect((await server.api().post('/auth/tokens/revoke-all').set(u.auth)).body).toEqual({ revoked: 2 });
    expect(await works(one)).toBe(401);
    expect(await works(two)).toBe(401);
    expect(await works(u.auth)).toBe(200);
    // A token cannot end the tokens: managing credentials needs a signed-in session.
    expect(
      (
        await server
          .api()
          .post('/auth/tokens/revoke-all')
          .set(await pat())
      ).status,
    ).toBe(403);
    expect422(await change('and another one', 'x'.repeat(12), { revoke_access_tokens: 'yes' }), ['body', 'revoke_access_tokens']);
  });

  test.each([
    [{ new_password: 'long enough' }, ['body', 'current_password']],
    [{ current_password: '', new_password: 'long enough' }, ['body', 'current_password']],
    [{ current_password: 'x' }, ['body', 'new_password']],
    [{ current_password: 'x', new_password: 'short' }, ['body', 'new_password']],
    [{ current_password: 'x', new_password: 'p'.repeat(257) }, ['body', 'new_password']],
  ])('validation case %#', async (body, loc) => {
    const u = await signUp(server);
    expect422(await server.api().post('/auth/password').set(u.auth).send(body), loc);
  });
});

test('turning TOTP on and off signs out the other sessions, not this one', async () => {
  const u = await signUp(server);
  const before = await signIn(u);
  const secret = (await server.api().post('/auth/totp/setup').set(u.auth)).body.secret;
  expect(
    (
      await server
        .api()
        .post('/auth/totp/enable')
        .set(u.auth)
        .send({ code: await codeAt(secret, -1) })
    ).status,
  ).toBe(200);
  expect(await works(before)).toBe(401);
  expect(await works(u.auth)).toBe(200);

  const pending = (await server.api().post('/auth/login').send({ email: u.email, password: u.password })).body.pending_token;
  const after = bearer(
    (
      await server
        .api()
        .post('/auth/totp/verify')
        .send({ pending_token: pending, code: await codeAt(secret) })
    ).body.api_token,
  );
  expect(await works(after)).toBe(200);
  expect(
    (
      await server
        .api()
        .post('/auth/totp/disable')
        .set(u.auth)
        .send({ code: await codeAt(secret, 1) })
    ).status,
  ).toBe(200);
  expect(await works(after)).toBe(401);
  expect(await works(u.auth)).toBe(200);
});
