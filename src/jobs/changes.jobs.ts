import { pruneEmptyBatches, pruneTombstones } from '../domain/changes/retention.ts';
import { defineJob } from './job.ts';

/** Deletions older than CHANGES_RETENTION_DAYS leave the changes feed (older cursors then resync), and so do batches left empty. */
export const changesPruneJob = defineJob({
  name: 'changes.prune',
  schedule: '17 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 600 },
  handler: async (_data, ctx) => {
    const pruned = await pruneTombstones();
    if (pruned) ctx.logger.info({ pruned }, 'pruned deletions from the changes feed');
    const emptied = await pruneEmptyBatches();
    if (emptied) ctx.logger.info({ emptied }, 'pruned empty batches from the changes feed');
  },
});
