import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import supertest from 'supertest';
import type { Config } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { openApiChecker, recentErrors } from './openapi-check.ts';
import { signUp, type TestUser } from './users.ts';

/**
 * A real server on a real database for one test file. With DATABASE_URL set (CI's first run)
 * each file gets its own fresh PostgreSQL database; without it, its own in-memory PGlite.
 */
export type TestServer = RunningServer & { api: () => supertest.Agent; databaseUrl: string | undefined };

export async function freshDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let logStream: WriteStream | undefined;
/** This worker's file in the run's log directory (global-setup.ts), opened on first use. */
function logFile(): WriteStream | undefined {
  const dir = process.env.TEST_LOG_DIR;
  if (!dir) return undefined;
  logStream ??= createWriteStream(join(dir, `${process.pid}.log`), { flags: 'a' });
  return logStream;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    pgliteDir: ':memory:',
    jwtSecret: undefined,
    allowRegistration: true,
    logLevel: (process.env.TEST_LOG_LEVEL as Config['logLevel']) ?? 'silent',
    workers: 1,
    trustProxy: false,
    metricsToken: undefined,
    graphqlIntrospection: true,
    shutdownTimeoutMs: 2000,
    // Nothing listens there: a test that looks barcodes up starts its own recorded provider.
    openFoodFactsUrl: 'http://127.0.0.1:9',
    openFoodFactsTimeoutMs: 2000,
    // Off here (tests write fast on purpose); test/hardening/write-budget.test.ts sets one.
    writeBudget: { perMinute: 0, burst: 1 },
    statementTimeoutMs: 30_000,
    publicUrl: undefined,
    calendarFetchTimeoutMs: 2000,
    calendarMaxBytes: 1024 * 1024,
    // The test feeds are served on 127.0.0.1; test/calendar/egress.test.ts runs with the default.
    calendarFeedNetworks: 'any',
    narrativeLlm: undefined,
    ...overrides,
  };
}

type Thenable = { then: (ok?: (r: supertest.Response) => unknown, fail?: (e: unknown) => unknown) => Promise<unknown> };
type Send = (url: string) => Thenable;

/** A supertest agent whose every answer is checked against the server's /openapi.json. */
export function checkedAgent(url: string): supertest.Agent {
  const agent = supertest.agent(url);
  for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
    const send = (agent[method] as unknown as Send).bind(agent);
    (agent as unknown as Record<string, Send>)[method] = (path: string) => {
      const test = send(path);
      const then = test.then.bind(test);
      test.then = (ok, fail) =>
        then(async (res) => {
          (await openApiChecker(url))(res);
          return res;
        }).then(ok as (r: unknown) => unknown, fail);
      return test;
    };
  }
  return agent;
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const base = process.env.DATABASE_URL;
  const database = base ? await freshDatabase(base) : undefined;
  const config = testConfig({ databaseUrl: database?.url, ...overrides });
  // Every line goes to the run's log file (searched for secrets at the end); errors are kept, so an
  // unexpected 500 names its cause; the console shows them only when TEST_LOG_LEVEL says so.
  const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel, {
    write: (line: string) => {
      logFile()?.write(line);
      if (config.logLevel !== 'silent') process.stdout.write(line);
      if (!/"level":[5-6]\d/.test(line)) return;
      recentErrors.push(line);
      if (recentErrors.length > 20) recentErrors.shift();
    },
  });
  const server = await startServer(config, logger);
  return {
    ...server,
    databaseUrl: database?.url,
    api: () => checkedAgent(server.url),
    stop: async () => {
      await server.stop();
      await database?.drop();
    },
  };
}

export type Fixture = { server: TestServer; owner: TestUser; other: TestUser };

/**
 * The usual test file: a server on its own database and two users, the owner of the data and
 * another one (for the 403/404 checks). `assign` hands them to the file's variables; `config`, read
 * when the server starts, overrides its configuration (a stub provider's address).
 */
export function withServer(
  assign: (f: Fixture) => void,
  owner: { timezone?: string } = {},
  config: () => Partial<Config> = () => ({}),
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(config());
    assign({ server, owner: await signUp(server, owner), other: await signUp(server) });
  });
  afterAll(() => server?.stop());
}
