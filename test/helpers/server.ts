import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import supertest from 'supertest';
import { randomInt } from 'node:crypto';
import type { Config } from '../../src/config.ts';
import type { RunningServer } from '../../src/server.ts';
import { appFunction, decode, encode, type CallApp } from './app-call.ts';
import { sharedServerConfig, testConfig } from './config.ts';
import { openApiChecker, recentErrors } from './openapi-check.ts';
import { copyOfTemplate } from './databases.ts';
import { sharedServer } from './shared-servers.ts';
import { signUp, type TestUser } from './users.ts';

/**
 * A real server on a real database for one test file. With DATABASE_URL set (CI's first run)
 * each file gets its own PostgreSQL database; without it, its own PGlite data dir: either way a
 * copy of the run's migrated database (template.ts).
 */
export type TestServer = RunningServer & IsolatedServer;

let logStream: WriteStream | undefined;
/** This worker's file in the run's log directory (global-setup.ts), opened on first use. */
function logFile(): WriteStream | undefined {
  const dir = process.env.TEST_LOG_DIR;
  if (!dir) return undefined;
  logStream ??= createWriteStream(join(dir, `${process.pid}.log`), { flags: 'a' });
  return logStream;
}

type Thenable = { then: (ok?: (r: supertest.Response) => unknown, fail?: (e: unknown) => unknown) => Promise<unknown> };
type Send = (url: string) => Thenable;

/** A supertest agent whose every answer is checked against the server's /openapi.json. */
export function checkedAgent(url: string, headers: Record<string, string> = {}): supertest.Agent {
  const agent = supertest.agent(url).set(headers);
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
  // Loaded here, not at the top: a file on the shared server never loads the app itself.
  const [{ startServer }, { createLogger }, { withContext }, { query }] = await Promise.all([
    import('../../src/server.ts'),
    import('../../src/logger.ts'),
    import('../../src/db/context.ts'),
    import('../../src/db/sql.ts'),
  ]);
  const database = await copyOfTemplate();
  const config = testConfig({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir, ...overrides });
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
    databaseUrl: database.databaseUrl,
    api: () => checkedAgent(server.url),
    // As a shared server's control answers (shared-server.ts): rows through JSON, dates as strings.
    sql: async <R>(text: string, params: unknown[] = []) =>
      JSON.parse(JSON.stringify(await withContext(() => query<R>(text, params), server.db.orm))) as R[],
    queueJob: (name, data, options) => server.jobs.boss.send(name, data, options),
    // Through JSON both ways, as a call to a server in another process goes (app-call.ts).
    call: (async (module: string, name: string, ...args: unknown[]) => {
      const fn = await appFunction({ module, name, args });
      return decode(encode(await withContext(async () => fn(...decode<unknown[]>(encode(args))), server.db.orm)));
    }) as CallApp,
    statements: async () => server.db.statements(),
    stop: async () => {
      await server.stop();
      await database.drop();
    },
  };
}

/** What a test file sees of a server it only talks to over HTTP. */
export type HttpServer = { url: string; api: () => supertest.Agent };

/**
 * What a test file sees of its worker's shared server: its HTTP interface, a statement on its
 * database (rows as JSON has them: dates are strings), a job queued as the app queues one, and a
 * call of one of the app's functions in a unit of work on its database (app-call.ts).
 */
export type SharedServer = HttpServer & {
  sql: <R>(text: string, params?: unknown[]) => Promise<R[]>;
  queueJob: (name: string, data: object, options?: { startAfter?: number }) => Promise<unknown>;
  call: CallApp;
};

/** A command to a shared server's control (shared-server.ts). */
async function command<T>(control: string, body: object): Promise<T> {
  const res = await fetch(control, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`shared server control: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The control's `call` of the server `id` (the shared one when undefined). */
function callThrough(control: string, id: number | undefined): CallApp {
  return (async (module: string, name: string, ...args: unknown[]) => {
    const res = await fetch(control, { method: 'POST', body: encode({ server: id, call: { module, name, args } }) });
    if (!res.ok) throw new Error(await res.text());
    return decode(await res.text());
  }) as CallApp;
}

/**
 * A server of the file's own (its own copy of the database, its own configuration) that the file
 * reaches over HTTP and the control only: besides a shared server's means, how many statements it
 * has sent (`db.statements()`) and a stop.
 */
export type IsolatedServer = SharedServer & {
  databaseUrl: string | undefined;
  statements: () => Promise<number>;
  stop: () => Promise<void>;
};

/**
 * Starts a server of the file's own in its worker's shared-server process (shared-server.ts,
 * `start`), where the app's modules are loaded and warm: ~1 s, against ~4 s for startTestServer,
 * which loads the app into the file's own module registry. For a file that configures its server,
 * needs its database to itself (a snapshot of every table, a count of statements) or stops it, but
 * calls nothing in-process. Without shared servers, it is startTestServer's.
 */
export async function startIsolatedServer(overrides: Partial<Config> = {}): Promise<IsolatedServer> {
  const shared = sharedServer();
  if (!shared) return startTestServer(overrides);
  const { control } = shared;
  const { id, url, databaseUrl } = await command<{ id: number; url: string; databaseUrl: string | null }>(control, { start: overrides });
  return {
    url,
    databaseUrl: databaseUrl ?? undefined,
    api: () => checkedAgent(url),
    sql: (sql, params) => command(control, { server: id, sql, params }),
    queueJob: (job, data, options) => command(control, { server: id, job, data, options }),
    call: callThrough(control, id),
    statements: () => command(control, { server: id, statements: true }),
    stop: () => command(control, { server: id, stop: true }),
  };
}

export type Fixture<S extends HttpServer = TestServer> = { server: S; owner: TestUser; other: TestUser };

/**
 * This file's own address as the shared server sees it (it trusts one proxy hop): per-address
 * throttles (50 registrations an hour ...) count each file apart, as they would count clients.
 */
const FILE_ADDRESS = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * The server of a file that talks to it over HTTP only: this worker's shared one (shared-servers.ts),
 * which the file reaches as a client behind a proxy at an address of its own. Without shared servers
 * (a run that did not start them) it is a server of the file's own, started before the file's tests
 * and stopped after them. `assign` hands it to the file's variable.
 */
export function withSharedServer(assign: (server: SharedServer) => void): void {
  const shared = sharedServer();
  if (shared) {
    const { url, control } = shared;
    return assign({
      url,
      api: () => checkedAgent(url, { 'X-Forwarded-For': FILE_ADDRESS }),
      sql: (sql, params) => command(control, { sql, params }),
      queueJob: (job, data, options) => command(control, { job, data, options }),
      call: callThrough(control, undefined),
    });
  }
  let own: TestServer | undefined;
  beforeAll(async () => assign((own = await startTestServer(sharedServerConfig))));
  afterAll(() => own?.stop());
}

/**
 * The usual test file: a server it talks to over HTTP only (withSharedServer) and two users, the owner
 * of the data and another one (for the 403/404 checks), both its own. `assign` hands them to the
 * file's variables.
 */
export function withServer(assign: (f: Fixture<SharedServer>) => void, owner: { timezone?: string } = {}): void {
  let server: SharedServer;
  withSharedServer((s) => (server = s));
  beforeAll(async () => {
    assign({ server, owner: await signUp(server, owner), other: await signUp(server) });
  });
}

/** A fixture on a server `start` starts before the file's tests, stopped after them. */
function withStarted<S extends IsolatedServer>(
  start: (overrides: Partial<Config>) => Promise<S>,
  assign: (f: Fixture<S>) => void,
  owner: { timezone?: string },
  config: () => Partial<Config>,
): void {
  let server: S | undefined;
  beforeAll(async () => {
    server = await start(config());
    assign({ server, owner: await signUp(server, owner), other: await signUp(server) });
  });
  afterAll(() => server?.stop());
}

/**
 * A test file that needs a server of its own in its own module registry: to call services or the
 * database in-process (server.db), or to drive its jobs. `config` is read when the server starts.
 */
export function withOwnServer(
  assign: (f: Fixture) => void,
  owner: { timezone?: string } = {},
  config: () => Partial<Config> = () => ({}),
): void {
  withStarted(startTestServer, assign, owner, config);
}

/**
 * A test file that needs a server of its own, but only over HTTP and the control (startIsolatedServer):
 * its configuration (`config`: a stub provider's address, a limit) or its database to itself.
 */
export function withIsolatedServer(
  assign: (f: Fixture<IsolatedServer>) => void,
  owner: { timezone?: string } = {},
  config: () => Partial<Config> = () => ({}),
): void {
  withStarted(startIsolatedServer, assign, owner, config);
}
