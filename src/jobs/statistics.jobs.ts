import { query } from '../db/sql.ts';
import { analyzeGrownTables } from '../db/statistics.ts';
import { defineJob } from './job.ts';

/**
 * Keeps the readings' planner statistics where autovacuum does not (db/statistics.ts): on a
 * PostgreSQL with autovacuum off, a large import otherwise leaves every page of a long history
 * planned as if it were short. With autovacuum on this does nothing; the embedded database's own
 * thread does the same after its checkpoints.
 */
export const statisticsJob = defineJob({
  name: 'db.statistics',
  schedule: '* * * * *',
  queue: { retryLimit: 0, expireInSeconds: 300 },
  handler: async (_data, ctx) => {
    const [setting] = await query<{ autovacuum: string }>(`select current_setting('autovacuum') as autovacuum`);
    if (setting?.autovacuum === 'on') return;
    const analyzed = await analyzeGrownTables(query);
    if (analyzed.length) ctx.logger.info({ analyzed }, 'analyzed tables autovacuum would have');
  },
});
