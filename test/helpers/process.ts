import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type supertest from 'supertest';
import { copyOfTemplate, freshDatabase, scratchRoot } from './databases.ts';
import { checkedAgent } from './server.ts';
import { MALLOC_SETTINGS } from '../../src/memory-settings.ts';
import { REPO, startArgs } from './start-command.ts';

/**
 * The real server as an operator runs it, `npm start` (node with its flags on dist/bundle/main.js,
 * built by the run's global setup), in its own process: for the tests
 * that signal, kill or cut it (test/hardening/faults.test.ts, instances.test.ts). It listens on
 * a port of its own choosing (PORT=0), read from its `Listening on <url>` log line.
 */
export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** A supertest agent whose answers are checked against /openapi.json, as server.api() does. */
  api: () => supertest.Agent;
  /** Everything the process wrote so far (stdout and stderr, JSON log lines). */
  logs: () => string;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then the exit code once it has exited. */
  stop: () => Promise<number | null>;
  /** SIGKILL (kill -9), resolving once the process is gone. */
  kill: () => Promise<void>;
  /** Resolves once `pattern` appears in the output (rejects after `timeoutMs`). */
  waitForLog: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
};

const NODE = process.execPath;
const running = new Set<ChildProcess>();

type SpawnOptions = { timeoutMs?: number; heapMb?: number };

/**
 * What `npm start` runs, spawned with `env` over a neutral base (no DATABASE_URL/PGLITE_DIR/NODE_ENV
 * from the test's own env), with the allocator settings it would otherwise restart itself to apply;
 * killAll's to clean up. For a test that watches the start itself; spawnServer waits for it to listen.
 */
export function spawnServerProcess(
  env: Record<string, string>,
  { heapMb }: SpawnOptions = {},
): ChildProcessByStdio<null, Readable, Readable> {
  // npm start's node flags and entry point; a heap cap, when given, in place of its old generation's.
  // Its young generation stays: capped alone, V8 sizes that from the cap (a few MB), and a 500,000-reading
  // export took 57 s instead of 22 s, promoting what a larger young generation drops young.
  // TEST_SERVER_FLAGS: node flags of one's own first (e.g. --cpu-prof to see where a test's server spends).
  const args = [
    ...(process.env.TEST_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
    ...startArgs().map((a) => (heapMb !== undefined && a.startsWith('--max-old-space-size=') ? `--max-old-space-size=${heapMb}` : a)),
  ];
  // Not NODE_ENV either: jest sets it to `test`, which libraries read (Apollo skipped its own
  // signal handlers under it, and so hid that they killed the process on SIGTERM).
  const { DATABASE_URL: _db, PGLITE_DIR: _dir, NODE_ENV: _env, ...base } = process.env;
  const child = spawn(NODE, args, {
    cwd: REPO,
    env: { ...MALLOC_SETTINGS, ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ALLOW_REGISTRATION: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** spawnServerProcess, once it listens (its `Listening on <url>` line, within `timeoutMs`). */
export async function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServerProcess> {
  const { timeoutMs = 90_000 } = options;
  const child = spawnServerProcess(env, options);
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const waitForLog = (pattern: RegExp, ms = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(output);
        if (m) {
          done();
          resolve(m[1] ?? m[0]);
        }
      };
      const timer = setTimeout(
        () => (done(), reject(new Error(`no ${pattern} in the output within ${ms} ms:\n${output.slice(-4000)}`))),
        ms,
      );
      const onExit = () => (done(), reject(new Error(`server exited before ${pattern}:\n${output.slice(-4000)}`)));
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      listeners.add(check);
      if (child.exitCode !== null || child.signalCode !== null) return onExit();
      child.once('exit', onExit);
      check();
    });

  let url: string;
  try {
    url = await waitForLog(/Listening on (http:\/\/[^\s"]+)/, timeoutMs);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    child,
    api: () => checkedAgent(url),
    logs: () => output,
    exited,
    waitForLog,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return (await exited).code;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Kills every server this file spawned that is still running (an afterAll safety net). */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map((c) => {
      const gone = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGKILL');
      return gone;
    }),
  );
}

/**
 * The database for spawned servers of one test file: with DATABASE_URL a PostgreSQL database of its
 * own, otherwise a PGlite data dir (only one process may serve it at a time). Empty, for what tests a
 * first start (migrating, several processes starting at once); `migrated`, a copy of the run's
 * migrated database, for everything else.
 */
export async function processDatabase(
  start: 'empty' | 'migrated',
): Promise<{ env: Record<string, string>; kind: 'postgresql' | 'pglite'; url?: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (start === 'migrated') {
    const copy = await copyOfTemplate();
    return copy.databaseUrl
      ? { env: { DATABASE_URL: copy.databaseUrl }, kind: 'postgresql', url: copy.databaseUrl, drop: copy.drop }
      : { env: { PGLITE_DIR: copy.pgliteDir }, kind: 'pglite', drop: copy.drop };
  }
  if (base) {
    const db = await freshDatabase(base);
    return { env: { DATABASE_URL: db.url }, kind: 'postgresql', url: db.url, drop: db.drop };
  }
  const dir = mkdtempSync(join(scratchRoot(), 'lifetrack-proc-'));
  return {
    env: { PGLITE_DIR: join(dir, 'pglite') },
    kind: 'pglite',
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
