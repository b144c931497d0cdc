import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * The embedded database's own thread (started by startEmbedded in embedded.ts): PGlite and its
 * socket server. PostgreSQL compiled to WASM runs each statement synchronously; on the server's
 * main thread every query stalled every request in flight, and the two shared one core. Here the
 * database has its own core and the main thread only waits on a socket, as with PostgreSQL.
 *
 * Messages: in, 'close'; out, { ready: true } | { error: message } | { closed: true }.
 */
export type WorkerInput = { dataDir: string | undefined; socketPath: string; settings: string[] };

type Queued = {
  handlerId: number;
  message: Uint8Array;
  resolve(size: number): void;
  reject(err: Error): void;
  onData(data: Uint8Array): void;
};
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
  if (
    !queue ||
    !Array.isArray(queue.queue) ||
    typeof queue.processQueue !== 'function' ||
    typeof queue.clearTransactionIfNeeded !== 'function'
  ) {
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
        const query = this.queue.splice(i, 1)[0];
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
        midExchange = ENDS_EXCHANGE.has(query.message[0]) ? null : query.handlerId;
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

async function main(): Promise<void> {
  const { dataDir, socketPath, settings } = workerData as WorkerInput;
  const port = parentPort!;
  let db: PGlite | undefined;
  try {
    db = await PGlite.create(dataDir, { startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])] });
    const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 64 });
    keepExtendedQueriesTogether(server, db);
    await server.start();
    port.once('message', () => {
      void (async () => {
        await server.stop();
        await db!.close();
        port.postMessage({ closed: true });
        port.close();
      })();
    });
    port.postMessage({ ready: true });
  } catch (err) {
    await db?.close().catch(() => undefined);
    port.postMessage({ error: err instanceof Error ? err.message : String(err) });
    port.close();
  }
}

void main();
