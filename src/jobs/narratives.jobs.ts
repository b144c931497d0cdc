import { runWeeklyNarratives } from '../domain/narratives/generate.ts';
import { defineJob } from './job.ts';

/**
 * Weekly narratives: hourly, so each user's week is written soon after it ends at midnight on
 * Sunday in the user's own timezone; a week that already has a narrative is left alone, so later
 * runs do nothing. Without a configured model it returns at once.
 */
export const weeklyNarrativesJob = defineJob<{ now?: string }>({
  name: 'narratives.weekly',
  schedule: '7 * * * *',
  // The next hourly run is the retry: a failed week has no narrative yet and is tried again.
  queue: { retryLimit: 0, expireInSeconds: 3000 },
  // `now` (an ISO instant) fixes the clock the run reads: scheduled runs get `{}` and read the real one.
  handler: async (data, ctx) => {
    const run = await runWeeklyNarratives(data.now ? new Date(data.now) : new Date(), ctx.logger);
    if (run.generated || run.failed) ctx.logger.info(run, 'weekly narratives');
    if (run.failed) throw new Error(`${run.failed} weekly narrative(s) not written; the next run tries again`);
  },
});
