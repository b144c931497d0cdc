import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isServedByAnotherProcess, MEMORY, startEmbedded, type EmbeddedDatabase } from './embedded.ts';

/** Where the database is: what openDatabase connects its pools to. */
export type Connection = { host: string; port: number; user: string; password?: string; database: string };

export type LocateOptions = {
  databaseUrl?: string;
  pgliteDir: string;
  /** A server owns its PGlite dir; a CLI may borrow a running server's socket. */
  role: 'server' | 'cli';
};

/**
 * The database found: PostgreSQL's address, or the embedded one's. `started` is the embedded
 * database this process starts (undefined for PostgreSQL or a running server's): it may still be
 * booting, on threads of its own, while the caller prepares the ORM for it.
 */
export type Located = { connection: Connection; description: string; started: Promise<EmbeddedDatabase | undefined> };

class DatabaseInUse extends Error {}

/** The embedded database's data dir when PGLITE_DIR is unset (config.ts). */
export const DEFAULT_PGLITE_DIR = './data/pglite';

const socketConnection = (socketDir: string): Connection => ({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres' });

/**
 * The first half of opening the database, apart from the ORM so that it loads without it: main.ts
 * starts it before the rest of the server has loaded, and the embedded database boots on its own
 * thread (WASM compiled there too) while the main thread loads and evaluates the application.
 */
/** A postgres:// URL's connection parameters. */
export function connectionOf(databaseUrl: string): Connection {
  const url = new URL(databaseUrl);
  return {
    host: decodeURIComponent(url.hostname) || 'localhost',
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username) || 'postgres',
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
  };
}

/** A server for logs: where it is, never its credentials. */
export const describe = (c: Connection): string => `postgresql://${c.host}:${c.port}/${c.database}`;

export async function locateDatabase(opts: LocateOptions): Promise<Located> {
  const none = Promise.resolve(undefined);
  if (opts.databaseUrl) {
    const connection = connectionOf(opts.databaseUrl);
    return { connection, description: describe(connection), started: none };
  }
  const description = `embedded PGlite (${opts.pgliteDir})`;
  if (await isServedByAnotherProcess(opts.pgliteDir)) {
    if (opts.role === 'server') throw new DatabaseInUse(`The embedded database in ${opts.pgliteDir} is already served by another process`);
    return {
      connection: socketConnection(resolve(opts.pgliteDir)),
      description: `embedded PGlite (${opts.pgliteDir}, through the running server)`,
      started: none,
    };
  }
  // In memory, the socket's directory is made by the start: known only once it is done.
  if (opts.pgliteDir === MEMORY) {
    const embedded = await startEmbedded(MEMORY);
    return { connection: socketConnection(embedded.socketDir), description, started: Promise.resolve(embedded) };
  }
  const started = startEmbedded(opts.pgliteDir);
  // Its failure is the caller's to see when it waits for it; not an unhandled rejection meanwhile.
  started.catch(() => undefined);
  return { connection: socketConnection(resolve(opts.pgliteDir)), description, started };
}

/**
 * The server's embedded database located (and booting) from the environment alone, before the
 * config and its schema library load (~0.5 s of a warm embedded start, docs/decisions.md): what
 * locateDatabase would find for the config read from the same variables, with the same default.
 * Only for a data dir that already holds a database (a warm start) and no DATABASE_URL: a new data
 * dir waits for the config to pass, so a mistyped variable cannot stop its initdb half-way.
 */
export function locateServerDatabaseEarly(env: NodeJS.ProcessEnv): Promise<Located> | undefined {
  const pgliteDir = env.PGLITE_DIR || DEFAULT_PGLITE_DIR;
  if (env.DATABASE_URL || pgliteDir === MEMORY || !existsSync(join(pgliteDir, 'PG_VERSION'))) return undefined;
  const located = locateDatabase({ pgliteDir, role: 'server' });
  // Its failure (the dir served by another process) is the caller's to see when it waits for it.
  located.catch(() => undefined);
  return located;
}
