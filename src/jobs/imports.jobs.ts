import { IMPORT_JOB, queuedImports } from '../imports/imports.service.ts';
import { recoverImports, removeStaleUploads, runImport } from '../imports/run.ts';
import { importSpoolDir } from '../imports/settings.ts';
import { defineJob } from './job.ts';

/** `user_id` since it was added: a job queued before has `import_id` alone. */
type RunData = { import_id: string; user_id?: string };

/**
 * One import at a time per worker slot: two users' imports run side by side (WORKERS), each
 * parsing in slices so requests are served between them. Not retried by pg-boss: a failed import
 * says why, and a restart puts an interrupted one back (recoverImports).
 */
export const importRunJob = defineJob<RunData>({
  name: IMPORT_JOB,
  concurrency: 'workers',
  queue: { retryLimit: 0, expireInSeconds: 24 * 3600 },
  handler: async (data, ctx) => {
    await runImport(data.import_id, ctx.logger, data.user_id);
  },
  onWorkerStart: async (ctx) => {
    const queue = await recoverImports(importSpoolDir());
    for (const { id, userId, jobId } of queue) await ctx.send(IMPORT_JOB, { import_id: id, user_id: userId }, { id: jobId });
    if (queue.length) ctx.logger.info({ imports: queue.length }, 'queued unfinished imports again');
  },
});

/**
 * Every minute: a queued import whose job was lost (a send that failed) is sent again (the job id
 * makes it once), and an upload a crash cut off is removed once nothing has written to it for 10 minutes.
 */
export const importSweepJob = defineJob({
  name: 'imports.sweep',
  schedule: '* * * * *',
  queue: { retryLimit: 0, expireInSeconds: 300 },
  handler: async (_data, ctx) => {
    await removeStaleUploads(importSpoolDir());
    for (const { id, userId, jobId } of await queuedImports(new Date(Date.now() - 60_000)))
      await ctx.send(IMPORT_JOB, { import_id: id, user_id: userId }, { id: jobId });
  },
});
