import { openDatabase } from './db/database.ts';
import { startJobRuntime } from './jobs/boss.ts';
import { jobDefinitions } from './jobs/index.ts';
import { startOutbound } from './outbound/index.ts';
import { runProcess } from './process.ts';
import { configureProcess } from './process-settings.ts';

/**
 * `npm run worker`: the background jobs without the HTTP server, for running them as their own
 * process (start the server with WORKERS=0). On the embedded database it borrows a running
 * server's socket, or opens the data dir itself when no server runs.
 */
runProcess(async (config, logger) => {
  configureProcess(config);
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
  const outbound = await startOutbound(config, db, logger, true);
  logger.info(`Workers running with database ${db.description}`);
  return {
    stopping: 'finishing the jobs in progress',
    async stop() {
      await outbound.stop();
      await jobs.stop();
      await db.close();
    },
  };
});
