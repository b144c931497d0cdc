import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { asInputIssues } from '../helpers/input-issues.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

/** The wrapped encryption key through GraphQL: the same material as REST, null rather than 404 before any. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

type Rest = Record<string, any>;
const url = (u: TestUser) => `/users/${u.id}/encryption-key`;
const KEY = 'kdfSalt verifier wrappedDek kdfParams createdAt updatedAt';
const PUT = `mutation($input: EncryptionKeyPutInput!) { putEncryptionKey(input: $input) { ${KEY} } }`;
const material = {
  kdfSalt: 'c2FsdA==',
  verifier: 'dmVyaWZpZXI=',
  wrappedDek: 'd3JhcHBlZA==',
  kdfParams: { alg: 'argon2id', m: 65536, t: 3 },
};

const asGraphQL = (k: Rest) => ({
  kdfSalt: k.kdf_salt,
  verifier: k.verifier,
  wrappedDek: k.wrapped_dek,
  kdfParams: k.kdf_params,
  createdAt: k.created_at,
  updatedAt: k.updated_at,
});
const restKey = async (u: TestUser) => (await server.api().get(url(u)).set(u.auth)).body;

test('null before any key (REST: 404); put answers what REST then shows; a replace keeps createdAt', async () => {
  expect((await gqlData(server, owner, `{ me { id encryptionKey { ${KEY} } } }`)).me).toEqual({ id: owner.id, encryptionKey: null });
  expect((await server.api().get(url(owner)).set(owner.auth)).status).toBe(404);

  const put = (await gqlData(server, owner, PUT, { input: material })).putEncryptionKey;
  expect(put).toMatchObject(material);
  expect(put).toEqual(asGraphQL(await restKey(owner)));
  expect((await gqlData(server, owner, `{ me { encryptionKey { ${KEY} } } }`)).me.encryptionKey).toEqual(put);

  const rewrapped = { kdfSalt: 'bmV3', verifier: 'bmV3dg==', wrappedDek: 'bmV3ZA==' };
  const again = (await gqlData(server, owner, PUT, { input: rewrapped })).putEncryptionKey;
  expect(again).toMatchObject({ ...rewrapped, kdfParams: {}, createdAt: put.createdAt });
  expect(again).toEqual(asGraphQL(await restKey(owner)));
});

test('validation failures are BAD_USER_INPUT under input with the REST issues; nothing is stored', async () => {
  const before = await restKey(owner);
  const cases: [object, string, object][] = [
    [{ ...material, verifier: '' }, 'input.verifier', { verifier: '' }],
    [{ ...material, wrappedDek: 'x'.repeat(4097) }, 'input.wrappedDek', { wrapped_dek: 'x'.repeat(4097) }],
    [{ ...material, kdfParams: { pad: 'x'.repeat(4096) } }, 'input.kdfParams', { kdf_params: { pad: 'x'.repeat(4096) } }],
  ];
  const body = {
    kdf_salt: material.kdfSalt,
    verifier: material.verifier,
    wrapped_dek: material.wrappedDek,
    kdf_params: material.kdfParams,
  };
  for (const [input, loc, change] of cases) {
    const error = await gqlError(server, owner, PUT, { input });
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.locs).toEqual([loc]);
    expect(error.detail).toEqual(
      asInputIssues(
        await server
          .api()
          .put(url(owner))
          .set(owner.auth)
          .send({ ...body, ...change }),
      ),
    );
  }
  expect(await restKey(owner)).toEqual(before);
});

test("a read-only token is FORBIDDEN and stores nothing; another user cannot reach the owner's key and has their own", async () => {
  const before = await restKey(owner);
  const error = await gqlError(server, await readOnly(server, owner), PUT, { input: { ...material, wrappedDek: 'b3RoZXI=' } });
  expect(error.code).toBe('FORBIDDEN');
  expect(await restKey(owner)).toEqual(before);

  const path = await gqlError(server, other, 'query($id: UUID!) { user(id: $id) { encryptionKey { wrappedDek } } }', { id: owner.id });
  expect(path.code).toBe('FORBIDDEN');
  expect((await gqlData(server, other, '{ me { encryptionKey { wrappedDek } } }')).me.encryptionKey).toBeNull();
  await gqlData(server, other, PUT, { input: { ...material, wrappedDek: 'b3RoZXI=' } });
  expect((await restKey(owner)).wrapped_dek).toBe(before.wrapped_dek);
});

test('replaced material through GraphQL: listed as REST lists it; a write token cannot replace or restore, a session can', async () => {
  const user = await signUp(server);
  await gqlData(server, user, PUT, { input: material });
  await gqlData(server, user, PUT, { input: { ...material, wrappedDek: 'bmV3ZA==' } });
  const listed = await gqlData(server, user, '{ me { replacedEncryptionKeys { id wrappedDek kdfParams storedAt replacedAt } } }');
  const rest = (
    await server
      .api()
      .get(`${url(user)}/replaced`)
      .set(user.auth)
  ).body as Rest[];
  expect(listed.me.replacedEncryptionKeys).toEqual(
    rest.map((k) => ({ id: k.id, wrappedDek: k.wrapped_dek, kdfParams: k.kdf_params, storedAt: k.stored_at, replacedAt: k.replaced_at })),
  );
  const [old] = listed.me.replacedEncryptionKeys as { id: string }[];
  const token = (await server.api().post('/auth/tokens').set(user.auth).send({ name: 'w', scope: 'write' })).body.token as string;
  const writeToken = { auth: { Authorization: `Bearer ${token}` } };
  expect((await gqlError(server, writeToken, PUT, { input: { ...material, wrappedDek: 'dGhpcmQ=' } })).code).toBe('FORBIDDEN');
  const RESTORE = `mutation($id: UUID!) { restoreEncryptionKey(id: $id) { ${KEY} } }`;
  expect((await gqlError(server, writeToken, RESTORE, { id: old.id })).code).toBe('FORBIDDEN');
  const restored = await gqlData(server, user, RESTORE, { id: old.id });
  expect(restored.restoreEncryptionKey).toEqual(asGraphQL(await restKey(user)));
  expect(restored.restoreEncryptionKey.wrappedDek).toBe(material.wrappedDek);
  expect((await gqlError(server, user, RESTORE, { id: old.id })).code).toBe('NOT_FOUND');
});
