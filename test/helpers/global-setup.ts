import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareTemplate } from './databases.ts';
import { startSharedServers } from './shared-servers.ts';

/**
 * Files the test workers (which inherit this environment) append to: their checked-answer counts,
 * and every test server's log lines, which the teardown searches for secrets. And the run's
 * migrated database, which every test server starts from a copy of (databases.ts), and a shared
 * server per worker on such a copy (shared-servers.ts).
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lifetrack-tests-'));
  process.env.OPENAPI_CHECK_COUNTS = join(dir, 'counts');
  process.env.TEST_LOG_DIR = join(dir, 'logs');
  mkdirSync(process.env.TEST_LOG_DIR);
  await prepareTemplate(dir);
  await startSharedServers(Math.max(1, globalConfig.maxWorkers));
}
