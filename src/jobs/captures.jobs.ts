import { PARSE_JOB } from '../domain/captures/captures.service.ts';
import { MAX_ATTEMPTS, markFailed, processCapture, requeue, strandedCaptures, type ParseFn } from '../domain/captures/processing.ts';
import type { QueueOptions } from 'pg-boss';
import { defineJob, type JobContext } from './job.ts';

type ParseData = { capture_id: string; user_id?: string };

const PARSE_QUEUE: QueueOptions = {
  retryLimit: 4,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 120,
  expireInSeconds: 120,
};

/** The parse job; a test may pass its own parse function and queue options. */
export function captureParseJob(parse?: ParseFn, queue: QueueOptions = PARSE_QUEUE) {
  return defineJob<ParseData>({
    name: PARSE_JOB,
    concurrency: 'workers',
    queue,
    // Suggestions right after the capture commits; a second run finds it parsed and does nothing.
    runOnSend: true,
    handler: async (data, ctx) => {
      await processCapture(data.capture_id, { userId: data.user_id, finalAttempt: ctx.finalAttempt, logger: ctx.logger, parse });
    },
  });
}

/** A processing capture untouched this long lost its worker (crash, kill -9). */
const PROCESSING_STALE_MS = 5 * 60_000;
/** A queued capture whose job exists but has not moved for this long lost its job. */
const QUEUED_STALE_MS = 15 * 60_000;

/**
 * Finds captures a crash left unfinished and queues them again. Runs when workers start (every
 * queued capture) and every minute (those queued for over a minute), so a capture committed just
 * before a crash, or while no worker ran, is parsed once workers are back.
 */
async function sweepCaptures(ctx: Pick<JobContext, 'send' | 'logger'>, minAgeMs: number): Promise<number> {
  const now = Date.now();
  let requeued = 0;
  for (const c of await strandedCaptures(new Date(now - minAgeMs))) {
    const age = now - c.updatedAt.getTime();
    const data = { capture_id: c.id, user_id: c.userId };
    if (c.status === 'queued') {
      if (await ctx.send(PARSE_JOB, data, { id: c.id })) {
        requeued++;
        continue;
      }
      if (age < QUEUED_STALE_MS) continue;
    } else if (age < PROCESSING_STALE_MS) {
      continue;
    }
    if (c.attempts >= MAX_ATTEMPTS) {
      await markFailed(c.id, c.userId, `The text could not be parsed after ${c.attempts} attempts`);
      continue;
    }
    await requeue(c.id, c.userId);
    await ctx.send(PARSE_JOB, data);
    requeued++;
  }
  if (requeued) ctx.logger.info({ requeued }, 'queued unfinished captures again');
  return requeued;
}

export const captureSweepJob = defineJob({
  name: 'captures.sweep',
  schedule: '* * * * *',
  queue: { retryLimit: 0, expireInSeconds: 300 },
  handler: async (_data, ctx) => {
    await sweepCaptures(ctx, 60_000);
  },
  onWorkerStart: async (ctx) => {
    await sweepCaptures(ctx, 0);
  },
});
