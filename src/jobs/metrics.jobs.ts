import { defineJob } from './job.ts';
import { runMissingByAutomations } from '../domain/metrics/automations.engine.ts';

/**
 * `missing_by` automations: every 15 minutes, each automation whose local deadline has passed today
 * without a reading fires (once per local day; the firing log makes reruns harmless).
 */
export const missingByJob = defineJob({
  name: 'metrics.missing-by',
  schedule: '*/15 * * * *',
  queue: { retryLimit: 2, retryDelay: 60 },
  handler: async (_data, ctx) => {
    const fired = await runMissingByAutomations(new Date());
    if (fired) ctx.logger.info({ fired }, 'missing_by automations fired');
  },
});
