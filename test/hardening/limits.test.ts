import { withContext } from '../../src/db/context.ts';
import { query } from '../../src/db/sql.ts';
import { createLogger } from '../../src/logger.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { gql } from '../helpers/graphql.ts';
import { testConfig } from '../helpers/config.ts';
import { copyOfTemplate } from '../helpers/databases.ts';
import { checkedAgent, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

/**
 * Resource limits that protect the service from one client: the per-user write budget (both
 * transports), the statement timeout, and what /metrics and the request log tell an operator.
 * One server with small limits and a log it keeps.
 */
const lines: string[] = [];
let server: RunningServer & HttpServer;
let alice: TestUser;
let bob: TestUser;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const database = await copyOfTemplate();
  drop = database.drop;
  const config = testConfig({ ...database, writeBudget: { perMinute: 1, burst: 5 }, statementTimeoutMs: 200 });
  const running = await startServer(config, createLogger('info', { write: (line: string) => void lines.push(line) }));
  server = { ...running, api: () => checkedAgent(running.url) };
  alice = await signUp(server);
  bob = await signUp(server);
});
afterAll(async () => {
  await server?.stop();
  await drop?.();
});

const event = (user: TestUser) => server.api().post(`/users/${user.id}/events`).set(user.auth).send({ notes: 'tea' });

describe('write budget per user', () => {
  test('past the burst, writes are 429 with Retry-After on REST and RATE_LIMITED on GraphQL; reads and other users go on', async () => {
    for (let i = 0; i < 5; i++) expect((await event(alice)).status).toBe(201);
    const refused = await event(alice);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('Too many writes, try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const mutation = await gql(server, alice, 'mutation { createEvent(input: { notes: "tea" }) { id } }');
    expect(mutation.body.errors[0].extensions.code).toBe('RATE_LIMITED');

    const list = await server.api().get(`/users/${alice.id}/events`).set(alice.auth);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(5); // nothing refused was written
    expect((await event(bob)).status).toBe(201);
  });

  test('with the budget spent by a stolen session, the owner still signs everyone out and ends every token; what spends it declares 429', async () => {
    const owner = await signUp(server);
    const login = async () => {
      const res = await server.api().post('/auth/login').send({ email: owner.email, password: owner.password });
      expect(res.status).toBe(200);
      return { Authorization: `Bearer ${res.body.api_token}` };
    };
    const thief = await login();
    const other = await login();
    const token = await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'script', scope: 'write' });
    expect(token.status).toBe(201);
    // The thief spends the budget.
    let spent = 0;
    while ((await server.api().post(`/users/${owner.id}/events`).set(thief).send({ notes: 'x' })).status === 201) spent++;
    expect(spent).toBeLessThanOrEqual(5);
    // Creating a token spends it: 429, declared in /openapi.json (the checked agent holds every answer to it).
    expect((await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'more', scope: 'read' })).status).toBe(429);
    // Ending access never does.
    expect((await server.api().get('/auth/sessions').set(owner.auth)).status).toBe(200);
    const sessions = (await server.api().get('/auth/sessions').set(owner.auth)).body as { id: string; current: boolean }[];
    const notMine = sessions.filter((x) => !x.current);
    expect(notMine.length).toBeGreaterThanOrEqual(2);
    expect((await server.api().delete(`/auth/sessions/${notMine[0].id}`).set(owner.auth)).status).toBe(204);
    const others = await server.api().post('/auth/sessions/revoke-others').set(owner.auth);
    expect(others.status).toBe(200);
    expect(others.body.revoked).toBeGreaterThanOrEqual(1);
    expect((await server.api().get('/auth/me').set(thief)).status).toBe(401);
    expect((await server.api().get('/auth/me').set(other)).status).toBe(401);
    expect((await server.api().delete(`/auth/tokens/${token.body.id}`).set(owner.auth)).status).toBe(204);
    expect((await server.api().post('/auth/tokens/revoke-all').set(owner.auth)).body).toEqual({ revoked: 0 });
    expect((await server.api().post('/auth/logout').set(owner.auth)).status).toBe(204);
    expect((await server.api().get('/auth/me').set(owner.auth)).status).toBe(401);
  });

  test('the bucket refills at the configured rate, up to the burst, per user', async () => {
    const { configureWriteBudget, spendWrite } = await import('../../src/core/write-budget.ts');
    configureWriteBudget({ perMinute: 60, burst: 2 }); // this module's own copy: the server above keeps its budget
    const carol = { userId: 'carol' };
    spendWrite({ userId: 'carol' }, 0);
    spendWrite({ userId: 'carol' }, 0);
    expect(() => spendWrite(carol, 500)).toThrow(expect.objectContaining({ kind: 'RateLimited', retryAfterSeconds: 1 }));
    spendWrite(carol, 1000); // one a second
    spendWrite({ userId: 'carol' }, 60_000); // a minute later: full again (2), not 60
    spendWrite({ userId: 'carol' }, 60_000);
    expect(() => spendWrite({ userId: 'carol' }, 60_000)).toThrow(expect.objectContaining({ kind: 'RateLimited' }));
    spendWrite({ userId: 'dave' }, 60_000); // another user's bucket is full
    spendWrite(carol, 60_000); // the same request pays once
  });
});

// PGlite runs one statement at a time in this process and has no timer to stop one: PostgreSQL only (docs/decisions.md).
const onPostgres = process.env.DATABASE_URL ? test : test.skip;

describe('statement timeout', () => {
  onPostgres(
    "the serving pool's connections stop a statement at DATABASE_STATEMENT_TIMEOUT_MS, and that is a 503 to the client",
    async () => {
      const [setting] = await withContext(() => query<{ statement_timeout: string }>('show statement_timeout'), server.db.orm);
      expect(setting.statement_timeout).toBe('200ms');
      const slow = withContext(() => query('select pg_sleep(2)'), server.db.orm);
      await expect(slow).rejects.toMatchObject({ code: '57014' });
      const { isDatabaseDown } = await import('../../src/http/errors.ts');
      expect(isDatabaseDown(await slow.catch((e: unknown) => e))).toBe(true);
    },
  );
});

describe('what an operator sees', () => {
  test('/metrics has request latency by route, the database pool and the job queues', async () => {
    await server.api().get(`/users/${alice.id}/events`).set(alice.auth);
    const text = (await server.api().get('/metrics')).text;
    expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/users\/:user_id\/events"/);
    expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
    expect(text).toMatch(/job_queue_jobs\{queue="captures.parse",state="ready"\} \d+/);
  });

  test('request log lines carry the request id and the user id, never the token', async () => {
    const res = await server.api().get(`/users/${alice.id}/events`).set(alice.auth).set('X-Request-Id', 'trace-me-1');
    expect(res.status).toBe(200);
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.req?.id === 'trace-me-1');
    expect(line).toMatchObject({ userId: alice.id, res: { statusCode: 200 } });
    expect(lines.join('\n')).not.toContain(alice.token);
  });
});
