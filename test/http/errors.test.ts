import supertest from 'supertest';
import { MEMORY, socketPathFor, startEmbedded } from '../../src/db/embedded.ts';
import { createLogger } from '../../src/logger.ts';
import { startServer } from '../../src/server.ts';
import { tcpProxy } from '../helpers/proxy.ts';
import { testConfig } from '../helpers/config.ts';
import { startIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expectError } from '../helpers/expect.ts';

let server: IsolatedServer;
let u: TestUser;
beforeAll(async () => {
  server = await startIsolatedServer();
  u = await signUp(server);
});
afterAll(() => server.stop());

test('malformed JSON is a 400 with a sentence', async () => {
  const res = await server.api().post(`/users/${u.id}/events`).set(u.auth).set('Content-Type', 'application/json').send('{"notes": ');
  expectError(res, 400);
});

test('a body over 1 MiB is a 413', async () => {
  const res = await server
    .api()
    .post(`/users/${u.id}/events`)
    .set(u.auth)
    .send({ notes: 'x'.repeat(1_100_000) });
  expectError(res, 413);
});

test('a non-JSON body is a 415', async () => {
  const res = await server.api().post(`/users/${u.id}/events`).set(u.auth).set('Content-Type', 'text/plain').send('hello');
  expectError(res, 415);
});

test('unknown routes are JSON 404s', async () => {
  const res = await server.api().get('/nope');
  expectError(res, 404);
  expect(res.headers['content-type']).toMatch(/application\/json/);
});

test('request ids are echoed or generated', async () => {
  expect((await server.api().get('/healthz').set('X-Request-Id', 'abc-123')).headers['x-request-id']).toBe('abc-123');
  expect((await server.api().get('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('every answer says the server time it took (Server-Timing), errors and GraphQL included', async () => {
  for (const res of [await server.api().get('/healthz'), await server.api().get('/nope'), await server.api().post('/graphql').send({})]) {
    expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{2}$/);
  }
});

test('healthz and readyz report the process and the database', async () => {
  expect((await server.api().get('/healthz')).body).toEqual({ status: 'ok' });
  expect((await server.api().get('/readyz')).body).toEqual({ status: 'ok', database: 'reachable' });
});

test('unknown JSON fields are ignored and not stored', async () => {
  const res = await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'x', admin: true, user_id: 'someone' });
  expect(res.status).toBe(201);
  expect(res.body.user_id).toBe(u.id);
  expect(res.body.admin).toBeUndefined();
});

/** A second server whose database sits behind a proxy the test can break; its log lines are kept. */
async function serverBehindProxy() {
  const embedded = server.databaseUrl ? undefined : await startEmbedded(MEMORY);
  const target = server.databaseUrl
    ? { host: new URL(server.databaseUrl).hostname, port: Number(new URL(server.databaseUrl).port || 5432) }
    : { path: socketPathFor(embedded!.socketDir) };
  const proxy = await tcpProxy(target);
  const dbName = server.databaseUrl ? new URL(server.databaseUrl).pathname : '/postgres';
  const lines: string[] = [];
  const doomed = await startServer(
    testConfig({ databaseUrl: `postgres://postgres@127.0.0.1:${proxy.port}${dbName}` }),
    createLogger('error', { write: (line: string) => void lines.push(line) }),
  );
  const api = () => supertest(doomed.url);
  const email = `down-${Date.now()}@example.com`;
  const reg = await api().post('/auth/register').send({ email, password: 'long enough' });
  const login = await api().post('/auth/login').send({ email, password: 'long enough' });
  const events = () => api().get(`/users/${reg.body.id}/events`).set('Authorization', `Bearer ${login.body.api_token}`);
  const stop = async () => {
    await doomed.stop().catch(() => undefined);
    await proxy.cut();
    await embedded?.close();
  };
  return { proxy, api, events, lines, stop };
}

test('readyz is a 503 while the database is unreachable, and the API answers 503, not 500', async () => {
  const s = await serverBehindProxy();
  await s.proxy.cut();
  try {
    expectError(await s.api().get('/readyz'), 503);
    expect((await s.api().get('/healthz')).status).toBe(200);
    const res = await s.events();
    expectError(res, 503);
    expect(res.headers['retry-after']).toBe('5');
  } finally {
    await s.stop();
  }
});

test('a reset connection (ECONNRESET, "Connection terminated") is a 503 too, logged without the driver client', async () => {
  const s = await serverBehindProxy();
  expect((await s.events()).status).toBe(200);
  try {
    s.proxy.reset();
    for (let i = 0; i < 3; i++) expectError(await s.events(), 503);
    const errors = s.lines.map((l) => JSON.parse(l)).filter((l) => l.err);
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) {
      expect(Object.keys(line.err).every((k) => ['type', 'message', 'error_code', 'stack', 'cause'].includes(k))).toBe(true);
      expect(JSON.stringify(line)).not.toMatch(/"client"|"connectionParameters"|"password"/);
    }
  } finally {
    await s.stop();
  }
});

test('/metrics can be protected with METRICS_TOKEN (compared in constant time)', async () => {
  const guarded = await startIsolatedServer({ metricsToken: 'a-metrics-token-of-some-length' });
  try {
    const none = await guarded.api().get('/metrics');
    expectError(none, 401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expectError(await guarded.api().get('/metrics').set('Authorization', 'Bearer wrong'), 401);
    const ok = await guarded.api().get('/metrics').set('Authorization', 'Bearer a-metrics-token-of-some-length');
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('process_cpu_user_seconds_total');
  } finally {
    await guarded.stop();
  }
});

test('/metrics exposes Prometheus metrics labelled by route template, not by user id', async () => {
  await server.api().get(`/users/${u.id}/events`).set(u.auth);
  const res = await server.api().get('/metrics');
  expect(res.status).toBe(200);
  expect(res.text).toContain('process_cpu_user_seconds_total');
  expect(res.text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/users\/:user_id\/events",status="200"\} \d+/);
  expect(res.text).not.toContain(u.id);
});
