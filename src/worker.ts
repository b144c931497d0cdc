import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { startJobRuntime } from './jobs/boss.ts';
import { jobDefinitions } from './jobs/index.ts';
import { createLogger } from './logger.ts';

/**
 * `npm run worker`: the background jobs without the HTTP server, for running them as their own
 * process (start the server with WORKERS=0). On the embedded database it borrows a running
 * server's socket, or opens the data dir itself when no server runs.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, role: 'cli', logger });
  const jobs = await startJobRuntime({
    db,
    logger,
    definitions: jobDefinitions,
    work: true,
    concurrency: Math.max(1, config.workers),
    stopTimeoutMs: config.shutdownTimeoutMs,
  }).catch(async (err) => {
    await db.close();
    throw err;
  });
  logger.info(`Workers running with database ${db.description}`);

  const shutdown = async (signal: string) => {
    logger.info(`${signal} received, finishing the jobs in progress`);
    await jobs.stop();
    await db.close();
    logger.info('Stopped cleanly');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
