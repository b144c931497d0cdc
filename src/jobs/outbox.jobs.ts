import { pruneOutbox } from '../domain/outbox/outbox.service.ts';
import { defineJob } from './job.ts';

/** Published events and finished deliveries older than EVENTS_RETENTION_DAYS are dropped. */
export const outboxPruneJob = defineJob({
  name: 'outbox.prune',
  schedule: '23 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 600 },
  handler: async (_data, ctx) => {
    const pruned = await pruneOutbox();
    if (pruned) ctx.logger.info({ pruned }, 'pruned old events and deliveries');
  },
});
