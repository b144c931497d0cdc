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

export async function startEmbedded(dataDir: string): Promise<EmbeddedDatabase> {
  const inMemory = dataDir === MEMORY;
  const socketDir = inMemory ? mkdtempSync(join(tmpdir(), 'pglite-')) : resolve(dataDir);
  if (!inMemory) mkdirSync(socketDir, { recursive: true });
  const socketPath = socketPathFor(socketDir);
  // A socket file left by a crashed process would make listen() fail with EADDRINUSE.
  if (existsSync(socketPath)) rmSync(socketPath);

  const db = await PGlite.create(inMemory ? undefined : socketDir);
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 64 });
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
