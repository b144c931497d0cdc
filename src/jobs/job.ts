import type { Logger } from 'pino';
import type { QueueOptions } from 'pg-boss';

/** What a handler gets besides its data: which attempt this is, and a way to enqueue follow-up work. */
export type JobContext = {
  jobId: string;
  /** 0 on the first run, +1 on each retry. */
  attempt: number;
  /** True when a throw from this attempt ends the job as failed (no retries left). */
  finalAttempt: boolean;
  logger: Logger;
  /** Resolves false when a job with the given id already exists (nothing was queued). */
  send(name: string, data: object, options?: SendJobOptions): Promise<boolean>;
};

export type SendJobOptions = {
  /** A deterministic job id (uuid) makes the send idempotent while the job row exists. */
  id?: string;
  startAfterSeconds?: number;
};

/**
 * One background job. The registry in src/jobs/index.ts lists them; every process that runs
 * workers creates the queue, works it, and installs its schedule.
 * Handlers run in a fresh unit of work (withContext), so they may call services directly.
 */
export type JobDefinition<T extends object = Record<string, unknown>> = {
  /** Queue name: letters, digits, `_ - . /`. */
  name: string;
  handler(data: T, ctx: JobContext): Promise<void>;
  /** Cron expression (UTC) for periodic jobs, e.g. `*\/5 * * * *`. Scheduled jobs get `{}` as data. */
  schedule?: string;
  /** Retry, backoff and expiry of this queue's jobs (pg-boss queue options). */
  queue?: QueueOptions;
  /** Parallel handlers per process; 'workers' uses the WORKERS setting. Default 1. */
  concurrency?: number | 'workers';
  /**
   * Work a person waits for (a capture's suggestions): when this process runs workers, a job sent
   * here is also run here at once, right after the send, instead of after the next poll. The queued
   * job stays as the durable fallback (a crash, a failed run), so the handler must make a second
   * run of the same job a no-op.
   */
  runOnSend?: boolean;
  /** Runs once when workers start (after the queues exist): e.g. re-enqueue rows a crash left behind. */
  onWorkerStart?(ctx: Pick<JobContext, 'logger' | 'send'>): Promise<void>;
};

/** Identity helper that keeps the data type of a definition checked. */
export function defineJob<T extends object>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}
