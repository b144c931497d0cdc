import { RequestContext, type Configuration } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { em } from './context.ts';
import { ormSettings, servingSettings, type PgPool } from './database.ts';
import { connectionOf, describe } from './locate.ts';
import { query } from './sql.ts';

/** One read replica (a streaming standby) and what is known of it. */
type Replica = {
  name: string;
  orm: MikroORM;
  /** Reachable and within the lag bound: reads may go to it. */
  healthy: boolean;
  /** Why not, for the log and /metrics. */
  reason: string | null;
  lagMs: number | null;
  statements: number;
  reads: number;
};

type ReplicaStats = {
  name: string;
  healthy: boolean;
  reason: string | null;
  lagMs: number | null;
  reads: number;
  statements: number;
};

export type ReplicaSet = {
  /** Runs a read for a user on a replica that has replayed the user's last write (and `minVersion`), else on the primary. */
  read<T>(userId: string, minVersion: number | null, fn: () => Promise<T>): Promise<T>;
  /** After a user's write: the primary's WAL position now, which a replica must have replayed to serve that user. */
  recordWrite(userId: string): Promise<void>;
  stats(): { primaryReads: number; replicas: ReplicaStats[] };
  close(): Promise<void>;
};

const sets = new WeakMap<Configuration, ReplicaSet>();

/** A WAL position (`16/B374D848`) as a number that orders as positions do. */
const lsn = (text: string | null): bigint | null => {
  if (!text) return null;
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

/** An error that says the server is unreachable or going away, not that the read was wrong: such a read is run again on the primary. */
function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  const code = e?.code ?? '';
  return (
    /^(08|57P)/.test(code) ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(e?.message ?? '')
  );
}

/**
 * Opens DATABASE_REPLICA_URLS beside the primary. Reads that may come from a replica (GET routes,
 * GraphQL queries, MCP tools) go to a healthy one when it has replayed the caller's own last write:
 * the user's change version (numbered at commit for every resource) and the primary's WAL position
 * after the user's last write request must both be on the replica; otherwise, or when it fails to
 * answer, the primary serves the read. A monitor checks each replica every `checkMs`: one down or
 * lagging past `maxLagMs` is skipped (a warning, /metrics) until it has caught up.
 */
export async function openReplicas(opts: {
  primary: MikroORM;
  urls: string[];
  maxLagMs: number;
  checkMs: number;
  poolMax?: number;
  statementTimeoutMs?: number;
  logger?: Logger;
}): Promise<ReplicaSet> {
  const log = opts.logger?.child({ component: 'replicas' });
  const replicas: Replica[] = await Promise.all(
    opts.urls.map(async (url) => {
      const connection = connectionOf(url);
      const replica: Replica = {
        name: describe(connection),
        orm: undefined!,
        healthy: false,
        reason: 'not checked yet',
        lagMs: null,
        statements: 0,
        reads: 0,
      };
      const count = (pool: PgPool) =>
        pool.on('connect', (client) => {
          const send = client.query.bind(client);
          client.query = (...args: unknown[]) => (replica.statements++, send(...args));
        });
      replica.orm = await MikroORM.init(servingSettings(ormSettings(connection, opts.logger), { ...opts, databaseUrl: url }, count));
      return replica;
    }),
  );
  let primaryReads = 0;
  let turn = 0;

  // Without disableContextResolution a fork made inside a request would fork the request's own (primary) unit of work.
  const fork = (orm: MikroORM) => orm.em.fork({ disableContextResolution: true });
  const onReplica = <T>(r: Replica, fn: () => Promise<T>) => RequestContext.create(fork(r.orm), fn);

  function mark(r: Replica, healthy: boolean, reason: string | null, lagMs: number | null): void {
    r.lagMs = lagMs;
    if (healthy === r.healthy && reason === r.reason) return;
    if (!healthy) log?.warn({ replica: r.name, reason }, 'read replica skipped: reads go to the primary');
    else if (r.reason !== 'not checked yet') log?.info({ replica: r.name }, 'read replica caught up: reads go to it again');
    r.healthy = healthy;
    r.reason = reason;
  }

  /** How far behind a replica is: nothing when it has replayed all the primary has written, else the time since its last replayed commit. */
  async function check(r: Replica): Promise<void> {
    try {
      const [[primary], [replica]] = await Promise.all([
        RequestContext.create(fork(opts.primary), () => query<{ lsn: string }>(`select pg_current_wal_lsn()::text as lsn`)),
        onReplica(r, () =>
          query<{ standby: boolean; replay: string | null; since_ms: number | null }>(
            `select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replay,
                    (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 as since_ms`,
          ),
        ),
      ]);
      if (!replica.standby) return mark(r, false, 'not a standby (pg_is_in_recovery() is false)', null);
      const behind = (lsn(replica.replay) ?? 0n) < (lsn(primary.lsn) ?? 0n);
      const lagMs = behind ? Math.max(0, Math.round(replica.since_ms ?? Infinity)) : 0;
      if (lagMs > opts.maxLagMs) return mark(r, false, `lagging ${lagMs} ms behind (DATABASE_REPLICA_MAX_LAG_MS=${opts.maxLagMs})`, lagMs);
      mark(r, true, null, lagMs);
    } catch (err) {
      mark(r, false, `not answering: ${(err as Error).message}`, null);
    }
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const monitor = async () => {
    await Promise.all(replicas.map(check));
    if (!stopped) timer = setTimeout(() => void monitor(), opts.checkMs);
  };
  await monitor();

  const onPrimary = <T>(fn: () => Promise<T>) => {
    primaryReads++;
    return fn();
  };

  const set: ReplicaSet = {
    async read(userId, minVersion, fn) {
      const healthy = replicas.filter((r) => r.healthy);
      if (healthy.length === 0) return onPrimary(fn);
      const r = healthy[turn++ % healthy.length];
      try {
        const [[mine], [theirs]] = await Promise.all([
          query<{ version: string | null; write_lsn: string | null }>(
            `select version::text as version, write_lsn::text as write_lsn from change_counters where user_id = $1`,
            [userId],
          ).then((rows) => (rows.length ? rows : [{ version: null, write_lsn: null }])),
          onReplica(r, () =>
            query<{ version: string | null; replay: string | null }>(
              `select (select version::text from change_counters where user_id = $1) as version, pg_last_wal_replay_lsn()::text as replay`,
              [userId],
            ),
          ),
        ]);
        const need = BigInt(Math.max(Number(mine.version ?? 0), minVersion ?? 0));
        const fresh = BigInt(theirs.version ?? 0) >= need && (lsn(theirs.replay) ?? 0n) >= (lsn(mine.write_lsn) ?? 0n);
        if (!fresh) return onPrimary(fn);
        r.reads++;
        return await onReplica(r, fn);
      } catch (err) {
        // A standby cancels a query whose rows replay is removing (40001, "conflict with recovery"): the primary answers it.
        if ((err as { code?: string } | null)?.code === '40001') return onPrimary(fn);
        if (!isConnectionError(err)) throw err;
        mark(r, false, `not answering: ${(err as Error).message}`, null);
        return onPrimary(fn);
      }
    },
    async recordWrite(userId) {
      await query(
        `insert into change_counters (user_id, write_lsn) values ($1, pg_current_wal_lsn())
         on conflict (user_id) do update set write_lsn = excluded.write_lsn`,
        [userId],
      );
    },
    stats: () => ({
      primaryReads,
      replicas: replicas.map((r) => ({
        name: r.name,
        healthy: r.healthy,
        reason: r.reason,
        lagMs: r.lagMs,
        reads: r.reads,
        statements: r.statements,
      })),
    }),
    async close() {
      stopped = true;
      clearTimeout(timer);
      sets.delete(opts.primary.config);
      await Promise.all(replicas.map((r) => r.orm.close(true)));
    },
  };
  sets.set(opts.primary.config, set);
  return set;
}

/** A primary's replicas, if it has any. */
export const replicasOf = (primary: MikroORM): ReplicaSet | undefined => sets.get(primary.config);

/** The replicas of the current unit of work's database, if it has any. */
const current = (): ReplicaSet | undefined => sets.get(em().config);

/** Whether the current unit of work's database has replicas: only then is it worth telling reads from writes. */
export const hasReplicas = (): boolean => current() !== undefined;

/** A read that a replica may serve (see openReplicas); with no replicas configured, it runs as it is. */
export function readOnReplica<T>(userId: string, minVersion: number | null, fn: () => Promise<T>): Promise<T> {
  const set = current();
  return set ? set.read(userId, minVersion, fn) : fn();
}

/** Marks where a user's write ended on the primary, so their next read waits for a replica that has it (nothing without replicas). */
export async function recordWrite(userId: string): Promise<void> {
  await current()?.recordWrite(userId);
}

/**
 * The change version a client says it has seen (`X-Min-Version`: a changes cursor's version or an
 * ETag), which the server reading for it must hold; null when it sends none or something else.
 */
export function minVersion(req: { get(name: string): string | undefined }): number | null {
  const value = req.get('x-min-version')?.replace(/^W\/|"/g, '');
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}
