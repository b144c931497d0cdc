import { createHash } from 'node:crypto';
import { NotFound } from '../core/errors.ts';
import { sourcesToSync, syncSource } from '../domain/calendar/sync.ts';
import { defineJob } from './job.ts';

const CALENDAR_SYNC_SOURCE_JOB = 'calendar.sync-source';
const PERIOD_MS = 15 * 60_000;

/** One job id per source and 15-minute slot, so a slow round never piles a second sync of a source behind the first. */
function slotId(sourceId: string, now: number): string {
  const h = createHash('sha256')
    .update(`${sourceId}:${Math.floor(now / PERIOD_MS)}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Every 15 minutes: one sync job per enabled calendar source that has a feed URL. */
export const calendarSyncJob = defineJob({
  name: 'calendar.sync',
  schedule: '*/15 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 300 },
  handler: async (_data, ctx) => {
    const now = Date.now();
    let queued = 0;
    for (const s of await sourcesToSync()) {
      if (await ctx.send(CALENDAR_SYNC_SOURCE_JOB, s, { id: slotId(s.sourceId, now) })) queued++;
    }
    if (queued) ctx.logger.info({ queued }, 'queued calendar syncs');
  },
});

/** One source's sync; a feed that fails is recorded on the source (not retried here), a deleted source is skipped. */
export const calendarSyncSourceJob = defineJob<{ userId: string; sourceId: string }>({
  name: CALENDAR_SYNC_SOURCE_JOB,
  concurrency: 'workers',
  queue: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
  handler: async (data, ctx) => {
    try {
      const source = await syncSource(data.userId, data.sourceId, new Date(), { periodic: true });
      ctx.logger.debug({ sourceId: source.id, status: source.lastSyncStatus }, 'calendar synced');
    } catch (err) {
      if (err instanceof NotFound) return;
      throw err;
    }
  },
});
