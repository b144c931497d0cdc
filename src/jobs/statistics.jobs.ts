import { query } from '../db/sql.ts';
import { analyzeGrownTables, autovacuumRuns, vacuumDeadTables } from '../db/statistics.ts';
import { defineJob } from './job.ts';

/**
 * Autovacuum's work where it does not run (db/statistics.ts): on the embedded database, which has
 * none, and on a PostgreSQL with it off. It keeps the readings' planner statistics (a large import
 * otherwise leaves every page of a long history planned as if it were short) and vacuums the tables
 * that updates and deletes have filled with dead rows. Where autovacuum runs this does nothing.
 */
export const statisticsJob = defineJob({
  name: 'db.statistics',
  schedule: '* * * * *',
  queue: { retryLimit: 0, expireInSeconds: 300 },
  handler: async (_data, ctx) => {
    if (await autovacuumRuns(query)) return;
    // Vacuum first: it analyzes what it vacuums, so a table is not analyzed twice in one round.
    const vacuumed = await vacuumDeadTables(query);
    const analyzed = await analyzeGrownTables(query);
    if (analyzed.length || vacuumed.length) ctx.logger.info({ analyzed, vacuumed }, 'did what autovacuum would have');
  },
});
