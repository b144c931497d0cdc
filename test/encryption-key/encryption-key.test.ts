import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC } from '../helpers/expect.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other: other } = f));

const url = (user: TestUser) => `/users/${user.id}/encryption-key`;
const material = {
  kdf_salt: 'c2FsdA==',
  verifier: 'dmVyaWZpZXI=',
  wrapped_dek: 'd3JhcHBlZA==',
  kdf_params: { alg: 'argon2id', m: 65536, t: 3 },
};

test('404 before any key; PUT stores exactly what was sent; PUT again replaces it', async () => {
  expectError(await server.api().get(url(u)).set(u.auth), 404);
  const put = await server.api().put(url(u)).set(u.auth).send(material);
  expect(put.status).toBe(200);
  expect(put.body).toEqual({ ...material, created_at: expect.stringMatching(ISO_UTC), updated_at: expect.stringMatching(ISO_UTC) });
  expect((await server.api().get(url(u)).set(u.auth)).body).toEqual(put.body);

  const rewrapped = { kdf_salt: 'bmV3', verifier: 'bmV3dg==', wrapped_dek: 'bmV3ZA==' };
  const again = await server.api().put(url(u)).set(u.auth).send(rewrapped);
  expect(again.body).toMatchObject({ ...rewrapped, kdf_params: {}, created_at: put.body.created_at });
  expect((await server.api().get(url(u)).set(u.auth)).body.wrapped_dek).toBe('bmV3ZA==');
});

test.each([
  [{ ...material, kdf_salt: undefined }, ['body', 'kdf_salt']],
  [{ ...material, verifier: '' }, ['body', 'verifier']],
  [{ ...material, wrapped_dek: 42 }, ['body', 'wrapped_dek']],
  [{ ...material, wrapped_dek: 'x'.repeat(4097) }, ['body', 'wrapped_dek']],
  [{ ...material, kdf_params: 'argon2' }, ['body', 'kdf_params']],
])('validation case %#', async (body, loc) => {
  expect422(await server.api().put(url(u)).set(u.auth).send(body), loc);
});

test("another user's key is out of reach: 403 on the path, and each user has their own", async () => {
  expectError(await server.api().get(url(u)).set(other.auth), 403);
  expectError(await server.api().put(url(u)).set(other.auth).send(material), 403);
  expectError(await server.api().get(url(other)).set(other.auth), 404);
  expectError(await server.api().get(url(u)), 401);
});

describe('a replaced key is never lost', () => {
  const writeToken = async (user: TestUser) => {
    const res = await server.api().post('/auth/tokens').set(user.auth).send({ name: 'sync', scope: 'write' });
    return { Authorization: `Bearer ${res.body.token}` };
  };
  const replaced = async (user: TestUser) => {
    const res = await server
      .api()
      .get(`${url(user)}/replaced`)
      .set(user.auth);
    expect(res.status).toBe(200);
    return res.body as { id: string; wrapped_dek: string; kdf_params: object; stored_at: string; replaced_at: string }[];
  };

  test('a write token stores the first key and may resend it, but replacing it needs a signed-in session', async () => {
    const user = await signUp(server);
    const token = await writeToken(user);
    expect((await server.api().put(url(user)).set(token).send(material)).status).toBe(200);
    // The same material again (a retry, kdf_params in another key order) changes nothing.
    const retry = await server
      .api()
      .put(url(user))
      .set(token)
      .send({ ...material, kdf_params: { t: 3, m: 65536, alg: 'argon2id' } });
    expect(retry.status).toBe(200);
    const refused = await server
      .api()
      .put(url(user))
      .set(token)
      .send({ ...material, wrapped_dek: 'b3RoZXI=' });
    expectError(refused, 403);
    expect(refused.body.detail).toMatch(/needs a signed-in session/);
    expect((await server.api().get(url(user)).set(user.auth)).body.wrapped_dek).toBe(material.wrapped_dek);
    expect(await replaced(user)).toEqual([]);
  });

  test('a session replaces it and the old material is listed; restoring brings it back and keeps the one it replaces', async () => {
    const user = await signUp(server);
    const first = (await server.api().put(url(user)).set(user.auth).send(material)).body;
    const second = { kdf_salt: 'bmV3', verifier: 'bmV3dg==', wrapped_dek: 'bmV3ZA==' };
    expect((await server.api().put(url(user)).set(user.auth).send(second)).status).toBe(200);
    const [old] = await replaced(user);
    expect(old).toEqual({
      id: expect.any(String),
      kdf_salt: material.kdf_salt,
      verifier: material.verifier,
      wrapped_dek: material.wrapped_dek,
      kdf_params: material.kdf_params,
      stored_at: first.updated_at,
      replaced_at: expect.stringMatching(ISO_UTC),
    });
    // A token may read the list but not restore.
    const token = await writeToken(user);
    expect(
      (
        await server
          .api()
          .get(`${url(user)}/replaced`)
          .set(token)
      ).body,
    ).toHaveLength(1);
    expectError(
      await server
        .api()
        .post(`${url(user)}/replaced/${old.id}/restore`)
        .set(token),
      403,
    );

    const restored = await server
      .api()
      .post(`${url(user)}/replaced/${old.id}/restore`)
      .set(user.auth);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ ...material, created_at: first.created_at });
    const now = await replaced(user);
    expect(now.map((k) => k.wrapped_dek)).toEqual([second.wrapped_dek]);
    expectError(
      await server
        .api()
        .post(`${url(user)}/replaced/${old.id}/restore`)
        .set(user.auth),
      404,
    );
  });

  test("another user's replaced keys are out of reach, and a malformed id is a 422 at its loc", async () => {
    const user = await signUp(server);
    await server.api().put(url(user)).set(user.auth).send(material);
    await server
      .api()
      .put(url(user))
      .set(user.auth)
      .send({ ...material, wrapped_dek: 'c2Vjb25k' });
    const [old] = await replaced(user);
    expectError(
      await server
        .api()
        .get(`${url(user)}/replaced`)
        .set(other.auth),
      403,
    );
    expectError(
      await server
        .api()
        .post(`${url(user)}/replaced/${old.id}/restore`)
        .set(other.auth),
      403,
    );
    expectError(
      await server
        .api()
        .post(`${url(other)}/replaced/${old.id}/restore`)
        .set(other.auth),
      404,
    );
    expect422(
      await server
        .api()
        .post(`${url(user)}/replaced/nope/restore`)
        .set(user.auth),
      ['path', 'replaced_id'],
    );
    expect422(
      await server
        .api()
        .get(`${url(user)}/replaced?limit=0`)
        .set(user.auth),
      ['query', 'limit'],
    );
  });
});
