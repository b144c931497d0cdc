import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { prepareTemplate, scratchRoot } from './databases.ts';
import { startSharedServers } from './shared-servers.ts';
import { buildIfStale } from './start-command.ts';

/**
 * Files the test workers (which inherit this environment) append to: their checked-answer counts,
 * and every test server's log lines, which the teardown searches for secrets. And the run's
 * migrated database, which every test server starts from a copy of (databases.ts), a shared
 * server per worker on such a copy (shared-servers.ts), and the build of the sources when it is stale.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const dir = mkdtempSync(join(scratchRoot(), 'lifetrack-tests-'));
  process.env.OPENAPI_CHECK_COUNTS = join(dir, 'counts');
  process.env.TEST_LOG_DIR = join(dir, 'logs');
  mkdirSync(process.env.TEST_LOG_DIR);
  // Node's on-disk cache of compiled modules, for every process the run starts (the shared servers,
  // each server and CLI a test spawns: dozens of starts of the whole app's module graph, about 1 s of
  // a CLI's 6-7 s start from the sources here). Only code is cached: the processes run as they would.
  process.env.NODE_COMPILE_CACHE ??= join(dir, 'compile-cache');
  // The bundle `npm start` runs, which the tests that spawn a server start (process.ts, embedded-boot).
  buildIfStale();
  await prepareTemplate(dir);
  await startSharedServers(Math.max(1, globalConfig.maxWorkers));
}
