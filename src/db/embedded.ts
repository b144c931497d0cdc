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

/**
 * PostgreSQL settings of the embedded database. Its shared buffers live in PGlite's WASM heap, which
 * never shrinks: initdb's 128MB default became ~130MB of resident memory once pages were read.
 * 16MB holds a self-hosted user's hot pages (months of data are a few MB of heap and index pages);
 * pages beyond it come from the OS file cache. Idle RSS and bench:load figures: docs/decisions.md (Hardening).
 */
export const EMBEDDED_SETTINGS = ['shared_buffers=16MB'];

type Queued = { handlerId: number; message: Uint8Array; resolve(size: number): void; reject(err: Error): void; onData(data: Uint8Array): void };
type QueryQueue = {
  queue: Queued[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
};

/** Messages after which a connection's exchange is complete: Sync, simple Query, Terminate (and the untyped start-up packet). */
const ENDS_EXCHANGE = new Set([0x53, 0x51, 0x58, 0x00]);

/**
 * pglite-socket 0.2.17 queues each protocol MESSAGE of every connection in one queue and, outside
 * a transaction, takes them in arrival order. node-postgres sends a parameterised query as
 * Parse/Bind/Describe/Execute/Sync, and the socket handler enqueues the next message only once
 * the previous one ran: with two connections busy, one connection's Bind lands on the other's
 * unnamed statement ("bind message supplies 4 parameters, but prepared statement "" requires 1",
 * "portal "" does not exist"). Seen under bench:load at 60 requests/s, and in any GraphQL query
 * that reads in parallel. Here the queue keeps serving one connection from its first message to
 * its Sync (as it already does inside a transaction), waiting for that connection's next message
 * rather than taking another's. The library's own loop also stays "processing" forever after a
 * failed execution; this one does not.
 */
function keepExtendedQueriesTogether(server: PGLiteSocketServer, db: PGlite): void {
  const queue = (server as unknown as { queryQueue?: QueryQueue }).queryQueue;
  if (!queue || !Array.isArray(queue.queue) || typeof queue.processQueue !== 'function' || typeof queue.clearTransactionIfNeeded !== 'function') {
    throw new Error('pglite-socket internals changed: re-check keepExtendedQueriesTogether in src/db/embedded.ts');
  }
  let midExchange: number | null = null;
  queue.processQueue = async function (this: QueryQueue) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = midExchange ?? (db.isInTransaction() ? this.lastHandlerId : null);
        const i = owner === null ? 0 : this.queue.findIndex((q) => q.handlerId === owner);
        // The connection holding the database has not sent its next message yet: wait for it.
        if (i === -1) break;
        const query = this.queue.splice(i, 1)[0]!;
        let size = 0;
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(query.message, {
              onRawData: (data) => {
                size += data.length;
                query.onData(data);
              },
            }),
          );
        } catch (err) {
          midExchange = null;
          query.reject(err as Error);
          continue;
        }
        this.lastHandlerId = query.handlerId;
        midExchange = ENDS_EXCHANGE.has(query.message[0]!) ? null : query.handlerId;
        query.resolve(size);
      }
    } finally {
      this.processing = false;
    }
  };
  // A connection that goes away mid-exchange must not hold the database.
  const clear = queue.clearTransactionIfNeeded.bind(queue);
  queue.clearTransactionIfNeeded = async (handlerId: number) => {
    if (midExchange === handlerId) midExchange = null;
    await clear(handlerId);
    await queue.processQueue();
  };
}

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

export async function startEmbedded(dataDir: string): Promise<EmbeddedDatabase> {
  const inMemory = dataDir === MEMORY;
  const socketDir = inMemory ? mkdtempSync(join(tmpdir(), 'pglite-')) : resolve(dataDir);
  if (!inMemory) mkdirSync(socketDir, { recursive: true });
  const socketPath = socketPathFor(socketDir);
  // A socket file left by a crashed process would make listen() fail with EADDRINUSE.
  if (existsSync(socketPath)) rmSync(socketPath);

  const db = await PGlite.create(inMemory ? undefined : socketDir, {
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((s) => ['-c', s])],
  });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 64 });
  keepExtendedQueriesTogether(server, db);
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
