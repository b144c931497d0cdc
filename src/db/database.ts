import type { Logger } from 'pino';
import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities.ts';
import { migrations } from './migrations/index.ts';
import { bindOrm, unbindOrm } from './context.ts';
import { CoalescingSocket } from './coalescing-socket.ts';
import type { EmbeddedDatabase } from './embedded.ts';
import { locateDatabase, type Connection, type LocateOptions, type Located } from './locate.ts';

export type DatabaseOptions = LocateOptions & {
  poolMax?: number;
  /** Longest one statement may run on the serving pool, in ms (0 or unset: no limit); migrations run without it. */
  statementTimeoutMs?: number;
  logger?: Logger;
};

export type Database = {
  orm: MikroORM;
  /** For logs: which database this is, without credentials. */
  description: string;
  /** Connection parameters for other pg clients in this process (pg-boss, benchmarks). */
  connection: Connection;
  /** SQL statements sent through the ORM's pool since start (ORM and query() alike; pg-boss has its own pool). */
  statements(): number;
  /** The ORM pool's connections right now: for /metrics. */
  pool(): { total: number; idle: number; waiting: number };
  ping(): Promise<void>;
  /** collectStartupGarbage on the embedded database's thread (nothing on PostgreSQL). */
  collectStartupGarbage(): void;
  close(): Promise<void>;
};

type PgClient = { query: (...args: unknown[]) => unknown };
export type PgPool = {
  on(event: 'connect', listener: (client: PgClient) => void): void;
  totalCount: number;
  idleCount: number;
  waitingCount: number;
};

/** How long a request waits for a new PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A PostgreSQL server that stops answering without closing anything (a frozen host, a network
 * partition) would hold requests forever: a new connection waits for a handshake that never comes,
 * and a statement on an open one for a reply. Connecting gives up after CONNECT_TIMEOUT_MS, and a
 * statement a second after the server's own statement_timeout would have stopped it, so such an
 * outage is a 503 too. Not on the embedded database: its connections wait in pglite-socket's queue
 * behind whatever holds the one session, which is load, not an outage.
 */
function unresponsiveServerLimits(statementTimeoutMs: number | undefined) {
  return {
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(statementTimeoutMs ? { query_timeout: statementTimeoutMs + 1000 } : {}),
  };
}

/** Any fixed number: the key of the advisory lock the processes migrating one database take. */
const MIGRATION_LOCK_KEY = 7_402_113_001;

/** A session-level advisory lock on its own connection, held until release(). */
async function migrationLock(c: Database['connection']): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ host: c.host, port: c.port, user: c.user, password: c.password, database: c.database });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return { release: () => client.end() };
}

/**
 * Whether the database has every migration of this build already (a warm start): then the
 * migrator's own ORM, its discovery and its reading of the list are skipped (~0.4 s of an embedded
 * start). One query on a connection of its own; anything unexpected answers no, and the migrator
 * decides as before.
 */
async function allMigrated(c: Database['connection']): Promise<boolean> {
  const client = new pg.Client({ host: c.host, port: c.port, user: c.user, password: c.password, database: c.database });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(`select name from mikro_orm_migrations`);
    const applied = new Set(rows.map((r) => r.name));
    return migrations.every((m) => applied.has(m.name));
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Opens the database where `located` found it (by default, locating it now): migrated, with the ORM's pool. */
/** The ORM's settings for a server: the entities, where it is, our logger. */
export function ormSettings(connection: Connection, logger: Logger | undefined) {
  return {
    entities,
    host: connection.host,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    dbName: connection.database,
    debug: false,
    // MikroORM's own lines (migrations applied, warnings) go to our log, not to stdout.
    logger: (message: string) => logger?.debug({ component: 'orm' }, message),
    colors: false,
    allowGlobalContext: false,
    // No entity has a relation to keep in sync, and the per-instance accessors this defines for
    // that cost a third of hydrating a row (measured: 60 rows 1.45 ms -> 0.91 ms of CPU).
    propagationOnPrototype: false,
    // Named, so MikroORM.init does not look for it (and its siblings) with a dynamic import of its own.
    extensions: [Migrator],
  };
}

/** A pool that serves requests: its size, statement timeout and the limits that make an unresponsive server a 503. */
export function servingSettings(
  settings: ReturnType<typeof ormSettings>,
  opts: Pick<DatabaseOptions, 'poolMax' | 'statementTimeoutMs' | 'databaseUrl'>,
  onPoolCreated: (pool: PgPool) => void,
) {
  return {
    ...settings,
    pool: { min: 0, max: opts.poolMax ?? 10 },
    // pg sends statement_timeout with each connection's start-up: no statement per request.
    driverOptions: {
      onPoolCreated,
      stream: () => new CoalescingSocket(),
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      ...(opts.databaseUrl ? unresponsiveServerLimits(opts.statementTimeoutMs) : {}),
    },
  };
}

export async function openDatabase(opts: DatabaseOptions, located: Promise<Located> = locateDatabase(opts)): Promise<Database> {
  const { connection, description, started } = await located;

  let statements = 0;
  let pool: PgPool | undefined;
  // Counted where every statement passes, each client's query(): what tests and benchmarks read
  // to prove a GraphQL query costs the same statements whatever the size of its lists.
  const countStatements = (created: PgPool) => {
    pool = created;
    created.on('connect', (client) => {
      const send = client.query.bind(client);
      client.query = (...args: unknown[]) => (statements++, send(...args));
    });
  };
  const settings = ormSettings(connection, opts.logger);
  // The serving ORM first: its discovery needs no connection, so it runs while an embedded database boots.
  const serving = MikroORM.init(servingSettings(settings, opts, countStatements));
  serving.catch(() => undefined);
  let embedded: EmbeddedDatabase | undefined;
  let orm: MikroORM;
  try {
    embedded = await started;
    // Migrations on their own short-lived connection, free of the statement timeout: building an
    // index on a big table may rightly take longer than any request should.
    if (!(await allMigrated(connection))) {
      const migrating = await MikroORM.init({
        ...settings,
        pool: { min: 0, max: 1 },
        migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, snapshot: false },
      });
      // Several server processes may start at once on one PostgreSQL database: one migrates, the
      // others wait on a session lock, then find nothing left to do (without it both created the
      // same tables and one failed to start).
      const lock = opts.databaseUrl ? await migrationLock(connection) : undefined;
      try {
        await migrating.migrator.up();
      } finally {
        await lock?.release();
        await migrating.close(true);
      }
    }
    orm = await serving;
  } catch (err) {
    await serving.then((o) => o.close(true)).catch(() => undefined);
    await embedded?.close();
    throw err;
  }
  bindOrm(orm);

  return {
    orm,
    description,
    connection,
    statements: () => statements,
    pool: () => ({ total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 }),
    async ping() {
      await orm.em.getConnection().execute('select 1');
    },
    collectStartupGarbage: () => embedded?.collectStartupGarbage(),
    async close() {
      unbindOrm(orm);
      await orm.close(true);
      await embedded?.close();
    },
  };
}
