import { expireSuggestions } from '../domain/suggestions/suggestions.service.ts';
import { defineJob } from './job.ts';

/** Pending suggestions past expires_at become expired (reads already show them so). */
export const suggestionExpiryJob = defineJob({
  name: 'suggestions.expire',
  schedule: '*/5 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 300 },
  handler: async (_data, ctx) => {
    const expired = await expireSuggestions();
    if (expired) ctx.logger.info({ expired }, 'expired suggestions');
  },
});
