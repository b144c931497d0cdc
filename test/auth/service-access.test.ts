import { randomUUID } from 'node:crypto';
import { createAccessToken, deleteAccessToken, listAccessTokens } from '../../src/auth/access-tokens.service.ts';
import { changePassword } from '../../src/auth/password.service.ts';
import { listSessions, logout, revokeOtherSessions, revokeSession } from '../../src/auth/sessions.service.ts';
import { disableTotp, enableTotp, setupTotp } from '../../src/auth/totp.service.ts';
import type { Actor } from '../../src/core/actor.ts';
import { Forbidden } from '../../src/core/errors.ts';
import { withContext } from '../../src/db/context.ts';
import { createShare, revokeShare } from '../../src/domain/shares/shares.service.ts';
import { getProfile, updateProfile } from '../../src/domain/users/users.service.ts';
import { withOwnServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * "Only an interactive session may manage credentials" is the services' rule, not the router's:
 * called directly (as GraphQL or MCP would), every credential use case refuses a write access token.
 */
let server: TestServer;
let owner: TestUser;
withOwnServer((f) => ({ server, owner } = f));

const pat = (): Actor => ({ userId: owner.id, scope: 'write', via: 'access_token', credentialId: randomUUID() });
const run = <T>(fn: () => Promise<T>) => withContext(fn, server.db.orm);

const credentialUseCases: [string, (a: Actor) => Promise<unknown>][] = [
  ['createAccessToken', (a) => createAccessToken(a, { name: 'more', scope: 'write' })],
  ['listAccessTokens', (a) => listAccessTokens(a)],
  ['deleteAccessToken', (a) => deleteAccessToken(a, randomUUID())],
  ['setupTotp', (a) => setupTotp(a)],
  ['enableTotp', (a) => enableTotp(a, { code: '123456' })],
  ['disableTotp', (a) => disableTotp(a, { code: '123456' })],
  ['logout', (a) => logout(a)],
  ['listSessions', (a) => listSessions(a, {})],
  ['revokeSession', (a) => revokeSession(a, randomUUID())],
  ['revokeOtherSessions', (a) => revokeOtherSessions(a)],
  ['changePassword', (a) => changePassword(a, { current_password: owner.password, new_password: 'taken over!' }, { ip: '192.0.2.1' })],
  ['updateProfile (email)', (a) => updateProfile(a, { email: 'attacker@example.com' })],
  // A share link opens the data to anyone holding it: as much an account decision as a new token.
  [
    'createShare',
    (a) =>
      createShare(a, {
        label: 'x',
        scope: { metrics: ['steps'] },
        last_days: 7,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      }),
  ],
  ['revokeShare', (a) => revokeShare(a, randomUUID())],
];

test.each(credentialUseCases)('%s refuses a write access token with Forbidden', async (_name, useCase) => {
  await expect(run(() => useCase(pat()))).rejects.toBeInstanceOf(Forbidden);
});

test('nothing changed: the owner still signs in with the same email and password, and the session works', async () => {
  expect((await server.api().post('/auth/login').send({ email: owner.email, password: owner.password })).status).toBe(200);
  expect((await server.api().get('/auth/me').set(owner.auth)).body).toMatchObject({ email: owner.email, totp_enabled: false });
  expect((await server.api().get('/auth/tokens').set(owner.auth)).body).toEqual([]);
});

test('the same token may still read the profile and change the timezone', async () => {
  expect(await run(() => getProfile(pat()))).toMatchObject({ id: owner.id });
  expect(await run(() => updateProfile(pat(), { timezone: 'Europe/Berlin' }))).toMatchObject({ timezone: 'Europe/Berlin' });
});

test('a read-only OAuth actor may read the profile but not change it', async () => {
  const oauth: Actor = { userId: owner.id, scope: 'read', via: 'oauth', credentialId: randomUUID() };
  expect(await run(() => getProfile(oauth))).toMatchObject({ id: owner.id });
  await expect(run(() => updateProfile(oauth, { timezone: 'UTC' }))).rejects.toBeInstanceOf(Forbidden);
});
