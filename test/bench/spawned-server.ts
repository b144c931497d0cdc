import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MALLOC_SETTINGS } from '../../src/memory-settings.ts';
import { freshDatabase } from '../helpers/databases.ts';
import { buildForStart, REPO, startArgs } from '../helpers/start-command.ts';

/** What the benches that run the server as `npm start` does (bench:ingest, bench:load) need around it. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on right now, for the spawned server. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  const port = (s.address() as { port: number }).port;
  await new Promise((done) => s.close(done));
  return port;
}

/** Until /readyz answers, asking every `everyMs`; the server's log tail if it exits first. */
export async function waitReady(base: string, server: ChildProcess, logPath: string, everyMs = 100): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${readFileSync(logPath, 'utf8').slice(-3000)}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(everyMs);
  }
  throw new Error('server not ready after 120 s');
}

export type StartedServer = {
  base: string;
  pid: number;
  /** The PGlite data dir (with no DATABASE_URL), for a raw connection through the server's socket. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  /** The node arguments it runs with. */
  args: string[];
  /** From the spawn to /readyz's first 200, in ms (asked every 20 ms). */
  readyMs: number;
  /** SIGTERM, wait for the exit, drop the fresh database (not the caller's own) and the scratch directory. */
  stop(): Promise<void>;
};

/**
 * The server as `npm start` runs it (the build, node with its flags on dist/bundle/main.js, its allocator
 * settings) in a process of its own, on a fresh database: a PostgreSQL database next to
 * DATABASE_URL, or without it a fresh embedded PGlite in a temporary directory. With `database`,
 * on the caller's own instead (a PostgreSQL URL, or a PGlite data dir the first start creates),
 * left as it is when the server stops: a second start then finds what the first left (bench:start).
 */
export async function startAsNpmStart(
  name: string,
  extraFlags: string[] = [],
  database?: { databaseUrl: string } | { pgliteDir: string },
): Promise<StartedServer> {
  const scratch = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const baseUrl = process.env.DATABASE_URL;
  const fresh = !database && baseUrl ? await freshDatabase(baseUrl) : undefined;
  const databaseUrl = database ? ('databaseUrl' in database ? database.databaseUrl : undefined) : fresh?.url;
  const pgliteDir = database && 'pgliteDir' in database ? database.pgliteDir : join(scratch, 'pglite');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logPath = join(scratch, 'server.log');
  const env: NodeJS.ProcessEnv = {
    // The allocator settings npm start would apply by restarting itself (as the Docker image sets them).
    ...MALLOC_SETTINGS,
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: pgliteDir,
    ALLOW_REGISTRATION: 'true',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  await buildForStart();
  const log = openSync(logPath, 'a');
  const args = [...extraFlags, ...startArgs()];
  const spawnedAt = performance.now();
  const server = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise((done) => server.once('exit', done));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    await fresh?.drop();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    // Asked often enough for the start-up time it reports to be close to the moment it got ready.
    await waitReady(base, server, logPath, 20);
  } catch (err) {
    await stop();
    throw err;
  }
  const readyMs = performance.now() - spawnedAt;
  return { base, pid: server.pid!, pgliteDir, databaseUrl, args, readyMs, stop };
}

/** A new account on the server, signed in: its id and bearer header. */
export async function signUpOn(base: string): Promise<{ id: string; auth: string }> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  const json = { 'content-type': 'application/json' };
  const reg = await fetch(`${base}/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  const { id } = (await reg.json()) as { id: string };
  const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  return { id, auth: `Bearer ${((await login.json()) as { api_token: string }).api_token}` };
}

/** POSTs a file to POST /users/{id}/imports as the raw body, streamed from disk; answers the status and the body. */
export function uploadFile(base: string, user: { id: string; auth: string }, path: string, size: number, filename: string) {
  return new Promise<{ status: number; body: Record<string, any> }>((done, fail) => {
    const req = request(
      `${base}/users/${user.id}/imports?filename=${encodeURIComponent(filename)}`,
      {
        method: 'POST',
        headers: { authorization: user.auth, 'content-type': 'application/octet-stream', 'content-length': String(size) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            done({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, any> });
          } catch {
            fail(new Error(`upload answered ${res.statusCode}: ${text.slice(0, 300)}`));
          }
        });
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    createReadStream(path, { highWaterMark: 1 << 20 })
      .on('error', fail)
      .pipe(req);
  });
}
