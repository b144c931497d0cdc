import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { WorkerInput } from './embedded-worker.ts';
import { compiledPgliteIfAny, keepCompiledPglite, type CompiledPglite } from './pglite-wasm.ts';

/**
 * The embedded database: PGlite behind pglite-socket in a worker thread of this process
 * (embedded-worker.ts), so the application (and pg-boss, and the CLIs) talk to it with the
 * ordinary postgres driver, and its WASM runs beside the event loop rather than on it.
 * The socket is a Unix socket inside the data dir: nothing on the network can reach it,
 * and a CLI finds a running server's database at a known path.
 */
export type EmbeddedTarget = { socketDir: string; port: number };
export type EmbeddedDatabase = EmbeddedTarget & {
  /** collectStartupGarbage on the database's thread. */
  collectStartupGarbage(): void;
  close(): Promise<void>;
};

const SOCKET_PORT = 5432;
export const MEMORY = ':memory:';

/**
 * PostgreSQL settings of the embedded database. Its shared buffers live in PGlite's WASM heap, which
 * never shrinks: initdb's 128MB default became ~130MB of resident memory once pages were read.
 * 16MB holds a self-hosted user's hot pages (months of data are a few MB of heap and index pages);
 * pages beyond it come from the OS file cache. Idle RSS and bench:load figures: docs/decisions.md (Hardening).
 * max_wal_size bounds the write-ahead log a checkpoint keeps for reuse (1GB by default: after a bulk
 * import the data dir held that much log); the checkpoints themselves are the database thread's
 * (embedded-worker.ts), as PGlite has no checkpointer.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB', 'max_wal_size=64MB', 'min_wal_size=32MB'];

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

  const input: WorkerInput = {
    dataDir: inMemory ? undefined : socketDir,
    socketPath,
    settings: EMBEDDED_SETTINGS,
    wasmModule: await compiledPgliteIfAny(),
  };
  // Beside this module, compiled or not: dist/bundle/embedded-worker.js under `npm start`, the .ts file under tests and CLIs.
  const worker = new Worker(new URL(`./embedded-worker${extname(import.meta.filename)}`, import.meta.url), { workerData: input });
  const cleanUp = () => {
    if (inMemory) rmSync(socketDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((ready, fail) => {
      worker.once('message', (m: { ready?: true; wasmModule?: CompiledPglite; error?: string }) => {
        if (m.wasmModule) keepCompiledPglite(m.wasmModule);
        if (m.ready) ready();
        else fail(new Error(`Embedded database did not start: ${m.error}`));
      });
      worker.once('error', fail);
      worker.once('exit', (code) => fail(new Error(`Embedded database exited with ${code} while starting`)));
    });
  } catch (err) {
    await worker.terminate();
    cleanUp();
    throw err;
  }
  worker.removeAllListeners();
  let closing = false;
  // The database gone while the server runs is what a crash of in-process PGlite was: fatal.
  worker.on('error', (err) =>
    setImmediate(() => {
      throw err;
    }),
  );
  worker.on('exit', (code) => {
    if (!closing)
      setImmediate(() => {
        throw new Error(`Embedded database thread exited with ${code}`);
      });
  });
  return {
    socketDir,
    port: SOCKET_PORT,
    collectStartupGarbage: () => worker.postMessage('collect'),
    async close() {
      closing = true;
      const closed = new Promise((done) => worker.once('exit', done));
      worker.postMessage('close');
      await closed;
      cleanUp();
    },
  };
}
