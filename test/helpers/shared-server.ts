import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '../../src/logger.ts';
import { startServer } from '../../src/server.ts';
import { testConfig } from './config.ts';
import { copyOfTemplate } from './databases.ts';

/**
 * One of the run's shared test servers (shared-servers.ts starts one per jest worker): a real
 * server, run by Node itself on a copy of the run's migrated database, for the test files that
 * need nothing of a server but its HTTP interface. Its log goes to the run's log directory (searched
 * for secrets at the end). It trusts one proxy hop, so each test file, sending its own
 * X-Forwarded-For, has per-address throttles of its own, as clients behind a proxy do.
 * Prints `listening <url>` once ready; SIGTERM stops it and drops its database.
 */
const database = await copyOfTemplate();
const log = createWriteStream(join(process.env.TEST_LOG_DIR!, `shared-${process.pid}.log`), { flags: 'a' });
const level = process.env.TEST_LOG_LEVEL;
const config = testConfig({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir, trustProxy: 1 });
const server = await startServer(config, createLogger(level && level !== 'silent' ? level : 'info', log));
process.stdout.write(`listening ${server.url}\n`);
process.once('SIGTERM', () => {
  void server
    .stop()
    .then(() => database.drop())
    .then(() => new Promise((resolve) => log.end(resolve)))
    .then(() => process.exit(0));
});
