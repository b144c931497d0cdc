import { PgBoss, type Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { RequestContext } from '@mikro-orm/core';
import { withContext } from '../db/context.ts';
import type { JobContext, JobDefinition, SendJobOptions } from './job.ts';

/**
 * pg-boss on the application's own database. On the embedded PGlite it connects through the same
 * pglite-socket as MikroORM (db.connection), so every statement shares PGlite's one backend:
 * nothing here may run while the caller holds an ORM transaction (docs/architecture.md, Data rules). Services therefore
 * enqueue after commit, and the database row stays the source of truth: a row whose job was never
 * sent is found again by the job's onWorkerStart / periodic sweep.
 */
export type JobRuntime = {
  boss: PgBoss;
  /** Whether this runtime runs handlers (false: it only sends jobs, as the server does with WORKERS=0). */
  working: boolean;
  /**
   * Starts pg-boss and creates the queues, then (when `working`) the handlers, schedules and start-up
   * sweeps, once: what `startJobRuntime` does before it returns unless told `deferWorkers`. The
   * server calls it after it listens, so /readyz waits for none of it; a job sent meanwhile waits for
   * pg-boss's start, then in its queue.
   */
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
};

export type JobRuntimeOptions = {
  db: Pick<Database, 'connection' | 'orm'>;
  logger: Logger;
  definitions: JobDefinition<object>[];
  /** Run handlers, schedules and maintenance here. */
  work: boolean;
  /** The WORKERS setting: parallel handlers for definitions with concurrency 'workers'. */
  concurrency?: number;
  /** How often idle workers look for jobs; jobs sent from this process wake them at once. */
  pollingIntervalSeconds?: number;
  stopTimeoutMs?: number;
  /** Leave pg-boss's start and the handlers to `startWorkers()`: a send meanwhile waits for the start. */
  deferWorkers?: boolean;
};

const SCHEMA = 'pgboss';

/**
 * A runtime as this process sends through it: its jobs that run at once on send (runOnSend, where
 * workers run here) and its workers to wake. A process may hold more than one database with a
 * runtime each (the tests' shared-server process runs several servers): a job is sent to the
 * database of the unit of work that sends it, and only the runtimes on that database run it at
 * once or wake their workers. With one database (any deployment) that is every runtime, as before.
 */
type Sender = {
  runtime: JobRuntime;
  /** pg-boss started and this runtime's queues created (deferred start: sends wait for it). */
  started(): Promise<void>;
  orm: Database['orm'];
  /** Queue name -> how this runtime runs a runOnSend job at once (only where workers run). */
  onSend: Map<string, (data: object) => void>;
  /** Queue name -> this runtime's worker ids. */
  workers: Map<string, string[]>;
};
const running: Sender[] = [];

async function sendWith(boss: PgBoss, orm: Database['orm'], name: string, data: object, options: SendJobOptions = {}): Promise<boolean> {
  await running.find((s) => s.runtime.boss === boss)?.started();
  const id = await boss.send(name, data, {
    ...(options.id ? { id: options.id } : {}),
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
  });
  if (!id) return false;
  const here = running.filter((s) => s.orm === orm);
  const runNow = options.startAfterSeconds ? undefined : here.map((s) => s.onSend.get(name)).find((run) => run !== undefined);
  // Run here and now; the queued job is left to the next poll, by which time it is a no-op.
  if (runNow) runNow(data);
  else for (const s of here) for (const workerId of s.workers.get(name) ?? []) s.runtime.boss.notifyWorker(workerId);
  return true;
}

/**
 * Sends a job from application code. Call it after the transaction that wrote the row has
 * committed, never inside one. Returns false when no job system runs in this process, the send
 * fails (logged), or a job with options.id exists: the caller's row stays as it is and the job's
 * sweep picks it up later. It goes to the database of the current unit of work.
 */
export async function enqueue(name: string, data: object, options: SendJobOptions = {}): Promise<boolean> {
  const config = RequestContext.getEntityManager()?.config;
  const sender = running.find((s) => s.orm.config === config) ?? running[0];
  if (!sender) return false;
  try {
    return await sendWith(sender.runtime.boss, sender.orm, name, data, options);
  } catch (err) {
    sender.runtime.boss.emit('error', err instanceof Error ? err : new Error(String(err)));
    return false;
  }
}

export async function startJobRuntime(opts: JobRuntimeOptions): Promise<JobRuntime> {
  const { db, logger, definitions, work } = opts;
  const log = logger.child({ component: 'jobs' });
  const c = db.connection;
  const boss = new PgBoss({
    host: c.host,
    port: c.port,
    user: c.user,
    password: c.password,
    database: c.database,
    schema: SCHEMA,
    application_name: work ? 'lifetrack-worker' : 'lifetrack-producer',
    max: work ? 4 : 2,
    // Maintenance and cron belong to processes that run workers; a producer only sends.
    supervise: work,
    schedule: work,
    migrate: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job system error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job system warning'));
  // pg-boss's start (its schema check, maintenance, the clock) and the queues, once. Deferred with
  // the workers, it runs after the server listens: on the embedded database its ~40 statements were a
  // third of a warm start's time to /readyz. A job sent meanwhile waits for it (sendWith).
  let starting: Promise<void> | undefined;
  const started = () =>
    (starting ??= (async () => {
      await boss.start();
      for (const def of definitions) await boss.createQueue(def.name, def.queue ?? {});
      if (!work) log.info({ queues: definitions.map((d) => d.name) }, 'job producer started');
    })());

  const inline = new Set<Promise<void>>();
  let workers: Promise<void> | undefined;
  const runtime: JobRuntime = {
    boss,
    working: work,
    startWorkers: () => (workers ??= started().then(() => (work ? startWorkers() : undefined))),
    stop: async () => {
      const at = running.indexOf(sender);
      if (at >= 0) running.splice(at, 1);
      // Handlers registered while stopping would outlive the pool; a pg-boss never started has nothing to stop.
      await workers?.catch(() => undefined);
      if (!starting) return;
      await starting.catch(() => undefined);
      await Promise.all(inline);
      // Graceful: handlers in flight finish (or time out) before the pool closes; the caller
      // closes the database only after this resolves.
      await boss.stop({ graceful: true, close: true, timeout: opts.stopTimeoutMs ?? 10_000 });
    },
  };
  const sender: Sender = { runtime, started, orm: db.orm, onSend: new Map(), workers: new Map() };

  async function startWorkers(): Promise<void> {
    const send = (name: string, data: object, options?: SendJobOptions) => sendWith(boss, db.orm, name, data, options);
    for (const def of definitions) {
      if (def.queue) await boss.updateQueue(def.name, def.queue);
      const workerId = await boss.work<object>(
        def.name,
        {
          batchSize: 1,
          includeMetadata: true,
          localConcurrency: def.concurrency === 'workers' ? Math.max(1, opts.concurrency ?? 1) : (def.concurrency ?? 1),
          pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
        },
        async (jobs) => {
          for (const job of jobs) await runHandler(def, job, log, send, opts.db.orm);
        },
      );
      sender.workers.set(def.name, [...(sender.workers.get(def.name) ?? []), workerId]);
      if (def.runOnSend) {
        sender.onSend.set(def.name, (data) => {
          const run = runInline(def, data, log, send, opts.db.orm).finally(() => inline.delete(run));
          inline.add(run);
        });
      }
      if (def.schedule) await boss.schedule(def.name, def.schedule, {}, { tz: 'UTC' });
      else await boss.unschedule(def.name).catch(() => undefined);
    }
    for (const def of definitions) {
      if (!def.onWorkerStart) continue;
      const jobLog = log.child({ job: def.name });
      // A failed start-up sweep is not worth refusing to start: the periodic one runs again.
      await withContext(() => def.onWorkerStart!({ logger: jobLog, send }), opts.db.orm).catch((err) =>
        jobLog.error({ err }, 'start-up step failed'),
      );
    }
    log.info({ queues: definitions.map((d) => d.name) }, 'job workers started');
  }

  running.push(sender);
  if (!opts.deferWorkers) {
    try {
      await runtime.startWorkers();
    } catch (err) {
      await runtime.stop().catch(() => undefined);
      throw err;
    }
  }
  return runtime;
}

/** A runOnSend job run at once in this process; a failure is left to the queued job's retries. */
async function runInline(
  def: JobDefinition<object>,
  data: object,
  log: Logger,
  send: JobContext['send'],
  orm: JobRuntimeOptions['db']['orm'],
): Promise<void> {
  const logger = log.child({ job: def.name, inline: true });
  const ctx: JobContext = { jobId: 'inline', attempt: 0, finalAttempt: false, logger, send };
  try {
    await withContext(() => def.handler(data, ctx), orm);
  } catch (err) {
    logger.warn({ err }, 'run on send failed; the queued job retries it');
  }
}

async function runHandler(
  def: JobDefinition<object>,
  job: Job<object>,
  log: Logger,
  send: JobContext['send'],
  orm: JobRuntimeOptions['db']['orm'],
): Promise<void> {
  const meta = job as Job<object> & { retryLimit?: number };
  const attempt = job.retryCount ?? 0;
  const ctx: JobContext = {
    jobId: job.id,
    attempt,
    finalAttempt: attempt >= (meta.retryLimit ?? def.queue?.retryLimit ?? 2),
    logger: log.child({ job: def.name, jobId: job.id, attempt }),
    send,
  };
  try {
    await withContext(() => def.handler(job.data ?? {}, ctx), orm);
  } catch (err) {
    ctx.logger.warn({ err, finalAttempt: ctx.finalAttempt }, 'job attempt failed');
    throw err;
  }
}
