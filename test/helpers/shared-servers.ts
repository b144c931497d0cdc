import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The run's shared test servers, one per jest worker (global-setup.ts starts them, global-teardown.ts
 * stops them): `node test/helpers/shared-server.ts` each, on its own copy of the migrated database.
 * A file that needs only a server's HTTP interface uses its worker's (server.ts, withSharedServer)
 * and pays neither the app's imports in jest's module registry nor a server start (~3 s a file here).
 *
 * A shared server that dies (killed under load, a crash) is started again at once, on a new copy of
 * the database, for the next file of its worker; the file it died under fails, and each of its
 * failed tests says why: how the process ended (exit code or signal) and its last log and stderr
 * lines. Who serves which worker is kept in a small file per worker in the run's log directory
 * (`shared-server-<worker>.json`), written by the run's main process, read by each file as it starts.
 */
const SCRIPT = fileURLToPath(new URL('./shared-server.ts', import.meta.url));
const ENV_PREFIX = 'TEST_SHARED_SERVER_';
const START_TIMEOUT_MS = 120_000;
/** Lines of a dead server's log and stderr its report quotes, each cut to LINE_CHARS. */
const LAST_LINES = 20;
const LINE_CHARS = 400;

/** How one server process ended. */
type Death = {
  pid: number;
  generation: number;
  code: number | null;
  signal: string | null;
  at: string;
  /** Its last log lines, then its last stderr lines. */
  lastLines: string[];
  /** Set when starting its successor failed too. */
  restartFailed?: string;
};

/** A worker's shared server as the run's main process last wrote it. */
export type SharedServerState = {
  url: string;
  control: string;
  pid: number;
  /** 1 for the first server of the worker, +1 for each restart. */
  generation: number;
  /** While a successor is starting: files wait for it rather than take the dead one's address. */
  restarting: boolean;
  /** The run's main process: a file run in it (jest in band) must not block it by waiting. */
  mainPid: number;
  deaths: Death[];
};

type Shared = { children: Map<string, ChildProcess>; stopping: boolean; restarts: Set<Promise<unknown>> };
const state = globalThis as typeof globalThis & { __sharedServers?: Shared };

const stateFile = (worker: string) => join(process.env.TEST_LOG_DIR!, `shared-server-${worker}.json`);

function writeState(worker: string, next: SharedServerState): void {
  const file = stateFile(worker);
  // Whole or not at all: a file starting now reads the old state or the new one, never half.
  writeFileSync(`${file}.tmp`, JSON.stringify(next));
  renameSync(`${file}.tmp`, file);
}

/** This worker's shared server, as the main process last wrote it; undefined when the run started none. */
export function sharedServerState(worker = process.env.JEST_WORKER_ID ?? '1'): SharedServerState | undefined {
  const dir = process.env.TEST_LOG_DIR;
  if (!dir || !existsSync(stateFile(worker))) return undefined;
  return JSON.parse(readFileSync(stateFile(worker), 'utf8')) as SharedServerState;
}

/** The last `n` non-empty lines of a text, each cut to LINE_CHARS. */
const lastLines = (text: string, n: number) =>
  text
    .split('\n')
    .filter((l) => l.trim())
    .slice(-n)
    .map((l) => (l.length > LINE_CHARS ? `${l.slice(0, LINE_CHARS)}…` : l));

function logTail(pid: number | undefined): string[] {
  const file = pid && process.env.TEST_LOG_DIR ? join(process.env.TEST_LOG_DIR, `shared-${pid}.log`) : undefined;
  return file && existsSync(file) ? lastLines(readFileSync(file, 'utf8'), LAST_LINES).map((l) => `log: ${l}`) : [];
}

function startOne(): Promise<{ child: ChildProcess; url: string; control: string; stderr: () => string[] }> {
  // Not jest's NODE_ENV=test: the server runs as it would anywhere (test/helpers/process.ts says why).
  const { NODE_ENV: _env, ...env } = process.env;
  const child = spawn(process.execPath, ['--no-warnings', SCRIPT], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Its stderr still reaches the run's, and its last lines are kept for the report of its death.
  let errText = '';
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    errText = `${errText}${chunk.toString()}`.slice(-64 * 1024);
  });
  const stderr = () => lastLines(errText, LAST_LINES).map((l) => `stderr: ${l}`);
  return new Promise((resolve, reject) => {
    let out = '';
    // A server that neither listens nor exits would hold the whole run: it is killed and named.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`shared test server did not listen within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    const listening = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\S+) (\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout.off('data', listening);
      child.stdout.resume();
      child.off('exit', early);
      resolve({ child, url: m[1], control: m[2], stderr });
    };
    const early = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      const lines = [...logTail(child.pid), ...stderr()];
      reject(new Error(`shared test server exited with ${code ?? signal} before listening${lines.length ? `:\n${lines.join('\n')}` : ''}`));
    };
    child.stdout.on('data', listening);
    child.once('exit', early);
  });
}

/**
 * The worker's server started and written down; when it dies later (not stopped by the teardown),
 * its death is written down with its last lines and its successor started the same way.
 */
async function launch(worker: string, previous: SharedServerState | undefined): Promise<SharedServerState> {
  const shared = state.__sharedServers!;
  const started = await startOne();
  if (shared.stopping) {
    // The run ended while it started: it serves nobody.
    started.child.kill('SIGTERM');
    return previous!;
  }
  const current: SharedServerState = {
    url: started.url,
    control: started.control,
    pid: started.child.pid!,
    generation: (previous?.generation ?? 0) + 1,
    restarting: false,
    mainPid: process.pid,
    deaths: previous?.deaths ?? [],
  };
  shared.children.set(worker, started.child);
  writeState(worker, current);
  started.child.once('exit', (code, signal) => {
    if (shared.stopping) return;
    const death: Death = {
      pid: current.pid,
      generation: current.generation,
      code,
      signal,
      at: new Date().toISOString(),
      lastLines: [...logTail(current.pid), ...started.stderr()],
    };
    const dead = { ...current, restarting: true, deaths: [...current.deaths, death] };
    writeState(worker, dead);
    process.stderr.write(`\n${describeDeath(death)}\n`);
    const restart = launch(worker, dead)
      .catch((err: unknown) => {
        death.restartFailed = String((err as Error).message ?? err);
        writeState(worker, { ...dead, restarting: false });
      })
      .finally(() => shared.restarts.delete(restart));
    shared.restarts.add(restart);
  });
  return current;
}

/** Starts `count` servers and hands their addresses to the workers (the state files; the environment too). */
export async function startSharedServers(count: number): Promise<void> {
  state.__sharedServers = { children: new Map(), stopping: false, restarts: new Set() };
  const workers = Array.from({ length: count }, (_, i) => String(i + 1));
  const started = await Promise.all(workers.map((worker) => launch(worker, undefined)));
  started.forEach(({ url, control }, i) => {
    process.env[`${ENV_PREFIX}${i + 1}`] = url;
    process.env[`${ENV_PREFIX}${i + 1}_CONTROL`] = control;
  });
}

export async function stopSharedServers(): Promise<void> {
  const shared = state.__sharedServers;
  if (!shared) return;
  shared.stopping = true;
  // A server still starting in a dead one's place is stopped once it has started.
  await Promise.all(shared.restarts);
  await Promise.all(
    [...shared.children.values()]
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
  );
}

/** A death as a failure message says it. */
function describeDeath(death: Death): string {
  const how =
    death.signal !== null
      ? `was killed by ${death.signal}${death.signal === 'SIGKILL' ? ' (from outside: the kernel out of memory, or a kill -9)' : ''}`
      : `exited with code ${death.code}`;
  const next = death.restartFailed
    ? `Starting another failed too: ${death.restartFailed}`
    : "Another was started for the worker's next file.";
  const lines = death.lastLines.length ? death.lastLines.join('\n') : '(it wrote no log or stderr lines)';
  return `The shared test server of jest worker ${process.env.JEST_WORKER_ID ?? '1'} (pid ${death.pid}) ${how} at ${death.at}, under this file: its requests failed with it. ${next} Its last lines:\n${lines}`;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The file's server: which generation it took, so a later death of that one is told apart. */
let used: { worker: string; pid: number; generation: number } | undefined;

/**
 * This worker's shared server (its address and its control's), if the run started them. While a
 * dead one's successor is starting, it waits for it; not in the main process, which starts it (a
 * run in band, one file or --runInBand: a file that follows a death there may find it still down).
 */
export function sharedServer(): { url: string; control: string } | undefined {
  const worker = process.env.JEST_WORKER_ID ?? '1';
  let current = sharedServerState(worker);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (current?.restarting && current.mainPid !== process.pid && Date.now() < deadline) {
    sleep(100);
    current = sharedServerState(worker);
  }
  if (current) {
    used ??= { worker, pid: current.pid, generation: current.generation };
    return { url: current.url, control: current.control };
  }
  const key = `${ENV_PREFIX}${worker}`;
  const [url, control] = [process.env[key], process.env[`${key}_CONTROL`]];
  return url && control ? { url, control } : undefined;
}

/** Whether the process runs: not gone, and not a zombie its parent has yet to reap (Linux's /proc says). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
};

/**
 * Why the server `of` is gone, as a failure should say it, or undefined while it lives. A process
 * just gone may not be written down yet (the main process hears of it a moment later): that is
 * waited for, up to a few seconds.
 */
export async function deathReport(of: { worker?: string; pid: number; generation: number }): Promise<string | undefined> {
  const worker = of.worker ?? process.env.JEST_WORKER_ID ?? '1';
  const find = () => sharedServerState(worker)?.deaths.find((d) => d.generation === of.generation);
  let death = find();
  if (!death && alive(of.pid)) return undefined;
  for (let waited = 0; !death && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    death = find();
  }
  return death
    ? describeDeath(death)
    : `The shared test server of jest worker ${worker} (pid ${of.pid}) is gone, and the run's main process has not said how.`;
}

// Each test of a file that uses its worker's shared server: if that server died, the test fails
// saying why, where it would otherwise only say "fetch failed: other side closed".
if (typeof afterEach === 'function' && process.env.JEST_WORKER_ID) {
  afterEach(async () => {
    if (!used) return;
    const why = await deathReport(used);
    if (why) throw new Error(why);
  });
}
