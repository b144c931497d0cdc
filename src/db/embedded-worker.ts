import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { analyzeGrownTables } from './statistics.ts';
import { collectStartupGarbage } from '../memory-settings.ts';
import { compilePglite, type CompiledPglite } from './pglite-wasm.ts';

/**
 * The embedded database's own thread (started by startEmbedded in embedded.ts): PGlite and its
 * socket server. PostgreSQL compiled to WASM runs each statement synchronously; on the server's
 * main thread every query stalled every request in flight, and the two shared one core. Here the
 * database has its own core and the main thread only waits on a socket, as with PostgreSQL.
 *
 * Messages: in, 'close' | 'collect'; out, { ready: true, wasmModule? } | { error: message } | { closed: true }.
 */
export type WorkerInput = {
  dataDir: string | undefined;
  socketPath: string;
  settings: string[];
  /**
   * PGlite's compiled WebAssembly, shared with the thread that started this one (pglite-wasm.ts);
   * absent, this thread compiles it and hands it back with `ready` for the next database to share.
   */
  wasmModule: CompiledPglite | undefined;
};

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
 * failed execution; this one does not. `onDrained` is called whenever the queue has run dry with no
 * connection mid-exchange or in a transaction; the gate it returns runs work of the thread's own
 * (a checkpoint) in such a moment, holding the queue meanwhile.
 */
function keepExtendedQueriesTogether(server: PGLiteSocketServer, db: PGlite, onDrained: () => void): Gate {
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
    let ran = false;
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
        ran = true;
        this.lastHandlerId = query.handlerId;
        midExchange = ENDS_EXCHANGE.has(query.message[0]) ? null : query.handlerId;
        query.resolve(size);
      }
    } finally {
      this.processing = false;
    }
    if (ran && idle()) onDrained();
  };
  const idle = () => !queue.processing && queue.queue.length === 0 && midExchange === null && !db.isInTransaction();
  // A connection that goes away mid-exchange must not hold the database.
  const clear = queue.clearTransactionIfNeeded.bind(queue);
  queue.clearTransactionIfNeeded = async (handlerId: number) => {
    if (midExchange === handlerId) midExchange = null;
    await clear(handlerId);
    await queue.processQueue();
  };
  return {
    idle,
    async hold(work) {
      if (!idle()) return;
      queue.processing = true;
      try {
        await work();
      } finally {
        queue.processing = false;
      }
      // Whatever arrived meanwhile waited in the queue.
      await queue.processQueue();
    },
  };
}

type Gate = {
  /** No connection mid-exchange or in a transaction, nothing queued. */
  idle(): boolean;
  /** Runs `work` now if idle (else not at all), the queue held until it ends. */
  hold(work: () => Promise<void>): Promise<void>;
};

/**
 * PGlite is PostgreSQL as a single process, without a checkpointer: it checkpoints only when it
 * shuts down, so the write-ahead log grows with every write for as long as the server runs (a bulk
 * import left 700 MB of it in the data dir). Here the thread checkpoints itself, in a moment when
 * no connection is mid-exchange or in a transaction, once the log since the last checkpoint has
 * passed BUSY_CHECKPOINT_BYTES, or has passed one segment and stopped growing (less than a trickle
 * since the previous look, a second or more before): after an import, a large ingest or a migration
 * the log is back to a few segments within seconds, whatever else keeps polling the database.
 * max_wal_size (embedded.ts) bounds what a checkpoint keeps for reuse. With fsync off a checkpoint
 * writes out at most the 16 MB of shared buffers: tens of milliseconds. PGlite has no autovacuum
 * either: after a checkpoint, the tables whose plans need statistics are analyzed once they have
 * grown by a tenth since their last analysis (statistics.ts), as autovacuum would on PostgreSQL.
 */
const BUSY_CHECKPOINT_BYTES = 64 * 1024 * 1024;
const SEGMENT_BYTES = 16 * 1024 * 1024;
const TRICKLE_BYTES = 1024 * 1024;
/** How often the log is looked at, at most, and at least while there is something to look for. */
const CHECK_EVERY_MS = 1000;

function checkpointing(db: PGlite): { onDrained: () => void; start: (gate: Gate) => void; stop: () => void } {
  let gate: Gate | undefined;
  let lastCheck = 0;
  let lastLsn = 0;
  /** Statements ran since the last look, or the log had passed a segment then: worth another look. */
  let dirty = false;
  let pending = false;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    lastCheck = Date.now();
    void gate
      ?.hold(async () => {
        dirty = false;
        const [row] = (
          await db.query<{ lsn: number; wal: number }>(
            `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::float8 as lsn,
                    pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as wal
               from pg_control_checkpoint()`,
          )
        ).rows;
        const grown = row.lsn - lastLsn;
        lastLsn = row.lsn;
        pending = row.wal >= SEGMENT_BYTES;
        if (row.wal >= BUSY_CHECKPOINT_BYTES || (pending && grown < TRICKLE_BYTES)) {
          await db.exec('checkpoint');
          pending = false;
          await analyzeGrownTables(async <R>(sql: string, params?: unknown[]) => (await db.query<R>(sql, params)).rows);
        }
      })
      // A failed checkpoint leaves the log as it was; the next look tries again.
      .catch(() => undefined);
  };
  return {
    onDrained: () => {
      dirty = true;
      if (Date.now() - lastCheck >= CHECK_EVERY_MS) check();
    },
    start: (g) => {
      gate = g;
      timer = setInterval(() => {
        if ((dirty || pending) && Date.now() - lastCheck >= CHECK_EVERY_MS) check();
      }, CHECK_EVERY_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}

async function main(): Promise<void> {
  const { dataDir, socketPath, settings, wasmModule: given } = workerData as WorkerInput;
  const port = parentPort!;
  let db: PGlite | undefined;
  try {
    const wasmModule = given ?? (await compilePglite());
    db = await PGlite.create(dataDir, {
      // PGlite's option is typed WebAssembly.Module, which this project's libs do not declare.
      pgliteWasmModule: wasmModule as never,
      startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
    });
    const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 64 });
    const checkpoints = checkpointing(db);
    checkpoints.start(keepExtendedQueriesTogether(server, db, checkpoints.onDrained));
    await server.start();
    port.on('message', (message: 'close' | 'collect') => {
      // The start's garbage (PGlite's files unpacked, its JavaScript loaded), once the server's start is done.
      if (message === 'collect') return collectStartupGarbage();
      void (async () => {
        checkpoints.stop();
        await server.stop();
        await db!.close();
        port.postMessage({ closed: true });
        port.close();
      })();
    });
    port.postMessage({ ready: true, wasmModule: given ? undefined : wasmModule });
  } catch (err) {
    await db?.close().catch(() => undefined);
    port.postMessage({ error: err instanceof Error ? err.message : String(err) });
    port.close();
  }
}

void main();
