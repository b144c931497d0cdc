import { createWriteStream } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { withContext } from '../../src/db/context.ts';
import { query } from '../../src/db/sql.ts';
import { createLogger } from '../../src/logger.ts';
import { startServer } from '../../src/server.ts';
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
 * server's database and answers its rows; `{ job, data, options }` queues a job as the app would.
 * Prints `listening <url> <control url>` once ready; SIGTERM stops it and drops its database.
 */
const database = await copyOfTemplate();
const log = createWriteStream(join(process.env.TEST_LOG_DIR!, `shared-${process.pid}.log`), { flags: 'a' });
const level = process.env.TEST_LOG_LEVEL;
const config = testConfig({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir, ...sharedServerConfig });
const server = await startServer(config, createLogger(level && level !== 'silent' ? level : 'info', log));

type Command = { sql: string; params?: unknown[] } | { job: string; data: object; options?: object };
async function run(command: Command): Promise<unknown> {
  if ('sql' in command) return withContext(() => query(command.sql, command.params ?? []), server.db.orm);
  return server.jobs.boss.send(command.job, command.data, command.options);
}
async function bodyOf(req: IncomingMessage): Promise<Command> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as Command;
}
const control = createServer((req, res) => {
  bodyOf(req)
    .then(run)
    .then(
      (result) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null)),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err)),
    );
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
process.stdout.write(`listening ${server.url} http://127.0.0.1:${(control.address() as AddressInfo).port}\n`);
process.once('SIGTERM', () => {
  control.close();
  void server
    .stop()
    .then(() => database.drop())
    .then(() => new Promise((resolve) => log.end(resolve)))
    .then(() => process.exit(0));
});
