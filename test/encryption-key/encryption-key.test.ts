import { withServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC } from '../helpers/expect.ts';

let server: TestServer;
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
