import { resolve } from 'node:path';
import { isServedByAnotherProcess, startEmbedded, type EmbeddedDatabase } from './embedded.ts';

/** Where the database is: what openDatabase connects its pools to. */
export type Connection = { host: string; port: number; user: string; password?: string; database: string };

export type LocateOptions = {
  databaseUrl?: string;
  pgliteDir: string;
  /** A server owns its PGlite dir; a CLI may borrow a running server's socket. */
  role: 'server' | 'cli';
};

/** The database found: PostgreSQL's address, or the embedded one started here (or a running server's). */
export type Located = { connection: Connection; description: string; embedded?: EmbeddedDatabase };

class DatabaseInUse extends Error {}

/**
 * The first half of opening the database, apart from the ORM so that it loads without it: main.ts
 * starts it before the rest of the server has loaded, and the embedded database boots on its own
 * thread (WASM compiled on V8's) while the main thread loads and evaluates the application.
 */
export async function locateDatabase(opts: LocateOptions): Promise<Located> {
  if (opts.databaseUrl) {
    const url = new URL(opts.databaseUrl);
    const connection = {
      host: decodeURIComponent(url.hostname) || 'localhost',
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username) || 'postgres',
      password: url.password ? decodeURIComponent(url.password) : undefined,
      database: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
    };
    return { connection, description: `postgresql://${connection.host}:${connection.port}/${connection.database}` };
  }
  const served = await isServedByAnotherProcess(opts.pgliteDir);
  if (served && opts.role === 'server') {
    throw new DatabaseInUse(`The embedded database in ${opts.pgliteDir} is already served by another process`);
  }
  const embedded = served ? undefined : await startEmbedded(opts.pgliteDir);
  const target = embedded ?? { socketDir: resolve(opts.pgliteDir), port: 5432 };
  return {
    connection: { host: target.socketDir, port: target.port, user: 'postgres', database: 'postgres' },
    description: `embedded PGlite (${opts.pgliteDir}${served ? ', through the running server' : ''})`,
    embedded,
  };
}
