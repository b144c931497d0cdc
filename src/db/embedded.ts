import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * The embedded database: PGlite in-process behind pglite-socket, so the application
 * (and pg-boss, and the CLIs) talk to it with the ordinary postgres driver.
 * The socket is a Unix socket inside the data dir: nothing on the network can reach it,
 * and a CLI finds a running server's database at a known path.
 */
export type EmbeddedTarget = { socketDir: string; port: number };
export type EmbeddedDatabase = EmbeddedTarget & { close(): Promise<void> };

const SOCKET_PORT = 5432;
export const MEMORY = ':memory:';

export function socketPathFor(dir: string): string {
  return join(dir, `.s.PGSQL.${SOCKET_PORT}`);
}

/** Connection parameters for the pg driver (a host that is a directory means a Unix socket). */
export function embeddedUrl(target: EmbeddedTarget): string {
  return `postgres://postgres@localhost:${target.port}/postgres?host=${encodeURIComponent(target.socketDir)}`;
}

/** True when a server process already serves this data dir through its socket. */
export async function isServedByAnotherProcess(dataDir: string): Promise<boolean> {
  const path = socketPathFor(resolve(dataDir));
  if (!existsSync(path)) return false;
  return new Promise((done) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Frontend messages of an extended-protocol query before its Sync: Parse, Bind, Describe, Execute, Close, Flush. */
const UNTIL_SYNC = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));

/**
 * pglite-socket runs one protocol message at a time on PGlite's one session, taking the next from
 * any connection, and keeps a connection's turn only while an SQL transaction is open. A query
 * with parameters is several messages (Parse, Bind, Execute ... Sync), so two connections' queries
 * interleaved and one bound the other's unnamed statement (electric-sql/pglite#1046, open): under
 * concurrent requests, "unnamed prepared statement does not exist" 500s, or a row from the wrong
 * statement. The session pglite-socket gets here also counts as "in a transaction" from a
 * Parse/Bind/... until its Sync, so each query keeps the session to itself until it is done.
 */
function oneQueryAtATime(db: PGlite): PGlite {
  let midQuery = false;
  return new Proxy(db, {
    get(target, key) {
      if (key === 'isInTransaction') return () => midQuery || target.isInTransaction();
      if (key === 'execProtocolRawStream') {
        return (message: Uint8Array, ...rest: unknown[]) => {
          midQuery = UNTIL_SYNC.has(message[0]!);
          return (target.execProtocolRawStream as (m: Uint8Array, ...r: unknown[]) => unknown)(message, ...rest);
        };
      }
      // pglite-socket's ROLLBACK for a connection that left mid-transaction ends its turn too.
      if (key === 'exec') return (...args: Parameters<PGlite['exec']>) => ((midQuery = false), target.exec(...args));
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function startEmbedded(dataDir: string): Promise<EmbeddedDatabase> {
  const inMemory = dataDir === MEMORY;
  const socketDir = inMemory ? mkdtempSync(join(tmpdir(), 'pglite-')) : resolve(dataDir);
  if (!inMemory) mkdirSync(socketDir, { recursive: true });
  const socketPath = socketPathFor(socketDir);
  // A socket file left by a crashed process would make listen() fail with EADDRINUSE.
  if (existsSync(socketPath)) rmSync(socketPath);

  const db = await PGlite.create(inMemory ? undefined : socketDir);
  const server = new PGLiteSocketServer({ db: oneQueryAtATime(db), path: socketPath, maxConnections: 64 });
  await server.start();
  return {
    socketDir,
    port: SOCKET_PORT,
    async close() {
      await server.stop();
      await db.close();
      if (inMemory) rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
