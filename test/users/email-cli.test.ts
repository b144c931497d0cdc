import { execFile } from 'node:child_process';
import { copyOfTemplate, type DatabaseCopy } from '../helpers/databases.ts';
import { expectError } from '../helpers/expect.ts';
import { oauthToken } from '../helpers/oauth.ts';
import { startIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

/**
 * `npm run user:email`: the operator sets a sign-in email, which the API refuses to anyone alike
 * (test/users/profile.test.ts). Run as a person runs it, beside the running server on its database
 * (on the embedded one through the socket the server serves in its data dir).
 */
let database: DatabaseCopy;
let server: IsolatedServer;
let a: TestUser;
let b: TestUser;

type Result = { code: number; stdout: string; stderr: string };
function userEmail(args: string[]): Promise<Result> {
  const { DATABASE_URL: _db, ...rest } = process.env;
  const env = { ...rest, ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { PGLITE_DIR: database.pgliteDir }) };
  return new Promise((resolve) => {
    execFile(process.execPath, ['src/cli/user-email.ts', ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const login = (email: string, password: string) => server.api().post('/auth/login').send({ email, password });

beforeAll(async () => {
  database = await copyOfTemplate();
  server = await startIsolatedServer({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir });
  [a, b] = [await signUp(server), await signUp(server)];
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

test("another account's address is refused and named; a free one is set: the old address no longer signs in, sessions and agents' grants end, access tokens stay", async () => {
  const agent = await oauthToken(server, a);
  const pat = await server.api().post('/auth/tokens').set(a.auth).send({ name: 'script', scope: 'read' });
  expect(pat.status).toBe(201);

  const taken = await userEmail(['--user', a.id, '--email', b.email.toUpperCase()]);
  expect([taken.code, taken.stderr.trim()]).toEqual([1, `An account with email ${b.email.toUpperCase()} already exists`]);
  const invalid = await userEmail(['--user', a.id, '--email', 'not-an-address']);
  expect([invalid.code, invalid.stderr.trim()]).toEqual([1, '--email: Input should be a valid email address']);
  expect((await server.api().get(`/users/${a.id}/profile`).set(a.auth)).body.email).toBe(a.email);

  const moved = `moved-${a.email}`;
  const set = await userEmail(['--user', a.email, '--email', moved]);
  expect(set.stderr).toBe('');
  expect([set.code, set.stdout.trim()]).toEqual([
    0,
    `User ${a.id} signs in as ${moved} now (was ${a.email}); their sessions and OAuth grants have ended`,
  ]);

  expectError(await server.api().get(`/users/${a.id}/profile`).set(a.auth), 401);
  expectError(await server.api().get('/auth/me').set(agent.auth), 401);
  expect(
    (
      await server
        .api()
        .get('/auth/me')
        .set({ Authorization: `Bearer ${pat.body.token}` })
    ).status,
  ).toBe(200);
  expectError(await login(a.email, a.password), 401);
  const signedIn = await login(moved, a.password);
  expect(signedIn.body.user_id).toBe(a.id);
  const profile = await server
    .api()
    .get(`/users/${a.id}/profile`)
    .set({ Authorization: `Bearer ${signedIn.body.api_token}` });
  expect(profile.body.email).toBe(moved);
  // The other account is untouched.
  expect((await login(b.email, b.password)).body.user_id).toBe(b.id);
}, 120_000);
