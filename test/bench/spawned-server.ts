import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

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

/** Until /readyz answers; the server's log tail if it exits first. */
export async function waitReady(base: string, server: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${readFileSync(logPath, 'utf8').slice(-3000)}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('server not ready after 120 s');
}
