import type { Logger } from 'pino';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities.ts';
import { migrations } from './migrations/index.ts';
import { bindOrm, unbindOrm } from './context.ts';
import { isServedByAnotherProcess, startEmbedded, type EmbeddedDatabase } from './embedded.ts';

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir: string;
  /** A server owns its PGlite dir; a CLI may borrow a running server's socket. */
  role: 'server' | 'cli';
  poolMax?: number;
  logger?: Logger;
};

export type Database = {
  orm: MikroORM;
  /** For logs: which database this is, without credentials. */
  description: string;
  /** Connection parameters for other pg clients in this process (pg-boss, benchmarks). */
  connection: { host: string; port: number; user: string; password?: string; database: string };
  /** SQL statements sent through the ORM's pool since start (ORM and query() alike; pg-boss has its own pool). */
  statements(): number;
  ping(): Promise<void>;
  close(): Promise<void>;
};

type PgClient = { query: (...args: unknown[]) => unknown };
type PgPool = { on(event: 'connect', listener: (client: PgClient) => void): void };

export class DatabaseInUse extends Error {}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let connection: Database['connection'];
  let description: string;

  if (opts.databaseUrl) {
    const url = new URL(opts.databaseUrl);
    connection = {
      host: decodeURIComponent(url.hostname) || 'localhost',
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username) || 'postgres',
      password: url.password ? decodeURIComponent(url.password) : undefined,
      database: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
    };
    description = `postgresql://${connection.host}:${connection.port}/${connection.database}`;
  } else {
    const served = await isServedByAnotherProcess(opts.pgliteDir);
    if (served && opts.role === 'server') {
      throw new DatabaseInUse(`The embedded database in ${opts.pgliteDir} is already served by another process`);
    }
    const { resolve } = await import('node:path');
    const target = served
      ? { socketDir: resolve(opts.pgliteDir), port: 5432 }
      : (embedded = await startEmbedded(opts.pgliteDir));
    connection = { host: target.socketDir, port: target.port, user: 'postgres', database: 'postgres' };
    description = `embedded PGlite (${opts.pgliteDir}${served ? ', through the running server' : ''})`;
  }

  let statements = 0;
  // Counted where every statement passes, each client's query(): what tests and benchmarks read
  // to prove a GraphQL query costs the same statements whatever the size of its lists.
  const countStatements = (pool: PgPool) =>
    pool.on('connect', (client) => {
      const send = client.query.bind(client);
      client.query = (...args: unknown[]) => (statements++, send(...args));
    });
  let orm: MikroORM;
  try {
    orm = await MikroORM.init({
      entities,
      extensions: [Migrator],
      host: connection.host,
      port: connection.port,
      user: connection.user,
      password: connection.password,
      dbName: connection.database,
      pool: { min: 0, max: opts.poolMax ?? 10 },
      driverOptions: { onPoolCreated: countStatements },
      migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, snapshot: false },
      debug: false,
      // MikroORM's own lines (migrations applied, warnings) go to our log, not to stdout.
      logger: (message: string) => opts.logger?.debug({ component: 'orm' }, message),
      colors: false,
      allowGlobalContext: false,
    });
    await orm.migrator.up();
  } catch (err) {
    await embedded?.close();
    throw err;
  }
  bindOrm(orm);

  return {
    orm,
    description,
    connection,
    statements: () => statements,
    async ping() {
      await orm.em.getConnection().execute('select 1');
    },
    async close() {
      unbindOrm(orm);
      await orm.close(true);
      await embedded?.close();
    },
  };
}
