import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Registry, collectDefaultMetrics, Gauge, Histogram } from 'prom-client';
import type { Database } from '../db/database.ts';
import { replicasOf } from '../db/replicas.ts';
import type { JobRuntime } from '../jobs/boss.ts';
import { sendError } from './errors.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time: both sides are hashed to one length before comparing. */
function bearerMatches(req: Request, token: string): boolean {
  const header = req.get('authorization') ?? '';
  const given = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics at /metrics: process defaults, request durations by route template
 * (never by raw path, which would carry user ids and explode cardinality), the database pool and
 * the job queues, both read when scraped.
 */
export function createMetrics(
  opts: { token?: string | undefined; db?: Pick<Database, 'pool' | 'orm'>; jobs?: Pick<JobRuntime, 'boss'> } = {},
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const { db, jobs } = opts;
  if (db) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the database pool serving requests, by state (total, idle, and requests waiting for one)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = db.pool();
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
  }
  if (db) {
    // Read replicas (DATABASE_REPLICA_URLS), read when scraped: which are used, how far behind, and who served the reads.
    const replicas = () => replicasOf(db.orm)?.stats();
    new Gauge({
      name: 'db_replica_healthy',
      help: 'Whether a read replica takes reads (1) or is skipped, down or lagging past DATABASE_REPLICA_MAX_LAG_MS (0)',
      labelNames: ['replica'] as const,
      registers: [registry],
      collect() {
        for (const r of replicas()?.replicas ?? []) this.set({ replica: r.name }, r.healthy ? 1 : 0);
      },
    });
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: "A read replica's lag behind the primary at its last check (absent while it does not answer)",
      labelNames: ['replica'] as const,
      registers: [registry],
      collect() {
        for (const r of replicas()?.replicas ?? []) if (r.lagMs !== null) this.set({ replica: r.name }, r.lagMs / 1000);
      },
    });
    new Gauge({
      name: 'db_reads_served',
      help: 'Reads that could come from a replica, by the server that answered them: a replica, or the primary (the replica lacked the caller’s writes, lagged, or failed)',
      labelNames: ['server'] as const,
      registers: [registry],
      collect() {
        const stats = replicas();
        if (!stats) return;
        this.set({ server: 'primary' }, stats.primaryReads);
        for (const r of stats.replicas) this.set({ server: r.name }, r.reads);
      },
    });
  }
  if (jobs) {
    new Gauge({
      name: 'job_queue_jobs',
      help: 'Background jobs by queue and state: ready (waiting for a worker), deferred (scheduled later), active, failed (retained)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        // A scrape while the database is down still answers, without this family.
        const queues = await jobs.boss.getQueues().catch(() => []);
        for (const q of queues) {
          this.set({ queue: q.name, state: 'ready' }, q.readyCount);
          this.set({ queue: q.name, state: 'deferred' }, q.deferredCount);
          this.set({ queue: q.name, state: 'active' }, q.activeCount);
          this.set({ queue: q.name, state: 'failed' }, q.failedCount);
        }
      },
    });
  }

  function observe(req: Request, res: Response, next: NextFunction) {
    const end = duration.startTimer();
    res.on('finish', () => {
      const matched = (req.route as { path?: string } | undefined)?.path;
      const route = matched ? `${req.baseUrl}${matched}` : 'unmatched';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  }

  async function expose(req: Request, res: Response) {
    if (opts.token && !bearerMatches(req, opts.token)) {
      return sendError(res, 401, 'Metrics need the METRICS_TOKEN bearer token', { 'WWW-Authenticate': 'Bearer' });
    }
    res.type(registry.contentType).send(await registry.metrics());
  }

  return { observe, expose };
}
