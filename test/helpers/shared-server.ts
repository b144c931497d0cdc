import { appendFileSync, createWriteStream } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { withContext } from '../../src/db/context.ts';
import { query } from '../../src/db/sql.ts';
import type { Config } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { configureProcess } from '../../src/process-settings.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { appFunction, decode, encode, type AppCall } from './app-call.ts';
import { sharedServerConfig, testConfig } from './config.ts';
import { copyOfTemplate } from './databases.ts';

/**
 * One of the run's shared test servers (shared-servers.ts starts one per jest worker): a real
 * server, run by Node itself on a copy of the run's migrated database, for the test files that
 * need nothing of a server but its HTTP interface. Its log goes to the run's log directory (searched
 * for secrets at the end). It trusts one proxy hop, so each test file, sending its own
 * X-Forwarded-For, has per-address throttles of its own, as clients behind a proxy do.
 * A second listener on loopback, the test files' way into what is not HTTP (its control: this
 * process is test code, the app has no such door): `{ sql, params }` runs a statement on the
 * server's database and answers its rows; `{ job, data, options }` queues a job as the app would;
 * `{ call: { module, name, args } }` runs one of the app's functions in a unit of work on the
 * server's database and answers what it returns (app-call.ts: JSON, dates kept).
 * `{ start: config }` starts another server in this process, a test file's own (its own copy of the
 * database, its configuration over testConfig's, not the shared one's), and answers its id, address
 * and database; the commands above then take `server: id`, and `{ server: id, statements: true }`
 * counts its statements, `{ server: id, stop: true }` stops it and drops its database. Such a server
 * starts in about a second on modules this process has loaded and warmed already, against ~4 s for
 * a server in the test file's own module registry. The settings the app keeps per process
 * (process-settings.ts) are the last started server's: the shared server's are set again when it stops.
 * Prints `listening <url> <control url>` once ready; SIGTERM stops it and drops its database.
 * Should it die otherwise, the run's main process starts another for the next file and the file it
 * died under is told how it ended, with the last lines of its log (shared-servers.ts).
 */
const logPath = join(process.env.TEST_LOG_DIR!, `shared-${process.pid}.log`);
const log = createWriteStream(logPath, { flags: 'a' });
// How this process ends, written at once (the stream above may not flush in time): the run's main
// process quotes the last lines of this file when a shared server dies (shared-servers.ts).
const lastWords = (msg: string, err?: Error) =>
  appendFileSync(
    logPath,
    `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg, ...(err ? { err: { message: err.message, stack: err.stack } } : {}) })}\n`,
  );
process.on('uncaughtExceptionMonitor', (err, origin) => lastWords(`shared test server failing: ${origin}`, err));
process.on('exit', (code) => lastWords(`shared test server exiting with code ${code}`));
const level = process.env.TEST_LOG_LEVEL;
const logger = createLogger(level && level !== 'silent' ? level : 'info', log);

/** The servers of this process by id: the shared one is 0, the files' own ones follow. */
const servers = new Map<number, { server: RunningServer; drop: () => Promise<void> }>();
let lastId = -1;

/** A server on a copy of the run's migrated database, with `overrides` over testConfig. */
async function startOn(overrides: Partial<Config>): Promise<{ id: number; url: string; databaseUrl: string | null }> {
  const copy = await copyOfTemplate();
  const started = await startServer(testConfig({ databaseUrl: copy.databaseUrl, pgliteDir: copy.pgliteDir, ...overrides }), logger);
  servers.set(++lastId, { server: started, drop: copy.drop });
  return { id: lastId, url: started.url, databaseUrl: copy.databaseUrl ?? null };
}

async function stop(id: number): Promise<void> {
  const s = servers.get(id);
  servers.delete(id);
  await s?.server.stop();
  await s?.drop();
}

const shared = await startOn(sharedServerConfig);
/** The shared server's settings, set again when a file's server stops (they do not depend on its database). */
const sharedConfig = testConfig(sharedServerConfig);

type Request =
  | { start: Partial<Config> }
  | ((
      | { sql: string; params?: unknown[] }
      | { job: string; data: object; options?: object }
      | { call: AppCall }
      | { statements: true }
      | { stop: true }
    ) & {
      server?: number;
    });
/** The answer's JSON text. */
async function run(request: Request): Promise<string> {
  if ('start' in request) return JSON.stringify(await startOn(request.start));
  return 'call' in request ? encode(await answer(request)) : JSON.stringify((await answer(request)) ?? null);
}
async function answer(request: Exclude<Request, { start: Partial<Config> }>): Promise<unknown> {
  const id = request.server ?? shared.id;
  const target = servers.get(id)?.server;
  if (!target) throw new Error(`no server ${id}`);
  if ('stop' in request) {
    if (id === shared.id) throw new Error('the shared server stops with this process');
    await stop(id);
    configureProcess(sharedConfig);
    return null;
  }
  if ('statements' in request) return target.db.statements();
  if ('sql' in request) return withContext(() => query(request.sql, request.params ?? []), target.db.orm);
  if ('call' in request) {
    const { call } = request;
    const fn = await appFunction(call);
    return withContext(async () => fn(...call.args), target.db.orm);
  }
  return target.jobs.boss.send(request.job, request.data, request.options);
}
async function bodyOf(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  // A call's arguments carry their dates tagged (app-call.ts); nothing else has such a tag.
  return decode<Request>(Buffer.concat(chunks).toString());
}
const control = createServer((req, res) => {
  bodyOf(req)
    .then(run)
    .then(
      (text) => res.writeHead(200, { 'content-type': 'application/json' }).end(text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err)),
    );
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
process.stdout.write(`listening ${shared.url} http://127.0.0.1:${(control.address() as AddressInfo).port}\n`);
process.once('SIGTERM', () => {
  control.close();
  void Promise.all([...servers.keys()].map(stop))
    .then(() => new Promise((resolve) => log.end(resolve)))
    .then(() => process.exit(0));
});
