import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { scratchRoot } from './databases.ts';

/**
 * A throwaway PostgreSQL primary and a real streaming hot standby of it, for the tests of read
 * replicas. Both are clusters of their own (initdb into the run's scratch, ports of their own on
 * 127.0.0.1): the machine's cluster on :5432 and its configuration are never touched. The standby
 * is a pg_basebackup of the primary streaming over a physical replication slot, so it catches up
 * after stopReplica()/startReplica() however much the primary wrote meanwhile.
 *
 * initdb and postgres refuse to run as root: as root, every PostgreSQL binary runs as the `postgres`
 * OS user (spawned with its uid and gid) and the scratch directory is handed to that user.
 */
export type StandbyPair = {
  /** postgres://postgres@127.0.0.1:<port>/<database> on the primary (trust auth). */
  primaryUrl: string;
  /** The same database on the standby: read-only, a write fails with "read-only transaction". */
  replicaUrl: string;
  /** Pauses WAL replay on the standby; resolves once pg_get_wal_replay_pause_state() is 'paused'. */
  pauseReplay(): Promise<void>;
  /** Resumes replay; resolves once the standby reports 'not paused'. */
  resumeReplay(): Promise<void>;
  /** The standby's pg_last_wal_replay_lsn(), as text (e.g. '0/3000148'). */
  replayLsn(): Promise<string>;
  /** The primary's pg_current_wal_lsn(), as text. */
  primaryLsn(): Promise<string>;
  /** Resolves once the standby has replayed everything the primary had written when it was called. */
  waitCaughtUp(timeoutMs?: number): Promise<void>;
  /** pg_ctl stop -m fast on the standby: connections to replicaUrl are refused until startReplica(). */
  stopReplica(): Promise<void>;
  /** pg_ctl start -w on the standby (same port); resolves once it streams again. Replay starts unpaused. */
  startReplica(): Promise<void>;
  /** Stops both clusters and removes their directories. Safe to call twice. */
  stop(): Promise<void>;
};

type Runner = { bin: string; uid?: number; gid?: number; env: NodeJS.ProcessEnv; cwd: string };

const execFileAsync = promisify(execFile);
const POLL_MS = 10;

/** Starts a primary and a hot standby of it. About 1-2 s here; see the test for what it proves. */
export async function startStandbyPair(opts: { database?: string } = {}): Promise<StandbyPair> {
  const database = opts.database ?? 'test';
  if (!/^[a-z_][a-z0-9_]*$/.test(database))
    throw new Error(`startStandbyPair: database name ${JSON.stringify(database)} is not a plain identifier`);
  const owner = osUser();
  const bin = binDir();
  const root = mkdtempSync(join(scratchRoot(), 'lifetrack-standby-'));
  if (owner.uid !== undefined) chownSync(root, owner.uid, owner.gid!);
  const runner: Runner = {
    bin,
    ...owner,
    cwd: root,
    // Nothing of the caller's PG* variables (PGDATABASE, PGHOST ...) and no HOME whose .pgpass the
    // postgres user cannot read: the clusters see only what this file configures.
    env: { PATH: process.env.PATH, HOME: root, LC_ALL: 'C', ...(process.env.TZ ? { TZ: process.env.TZ } : {}) },
  };
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  const watchdog = startWatchdog(runner, root, [standbyDir, primaryDir]);
  let primaryPort = 0;
  let standbyPort: number;
  let stopped = false;

  const stopAll = async (): Promise<void> => {
    if (stopped) return;
    const failures: string[] = [];
    for (const dir of [standbyDir, primaryDir]) {
      if (!existsSync(join(dir, 'postmaster.pid'))) continue;
      try {
        await pgCtl(runner, dir, ['-m', 'fast', 'stop']);
      } catch (err) {
        // A cluster that will not stop fast (a stuck client) is stopped without its shutdown checkpoint.
        try {
          await pgCtl(runner, dir, ['-m', 'immediate', 'stop']);
        } catch {
          failures.push((err as Error).message);
        }
      }
    }
    // Left to the watchdog, which stops what is still running when this process exits.
    if (failures.length) throw new Error(`StandbyPair.stop(): ${failures.join('\n')}`);
    stopped = true;
    rmSync(root, { recursive: true, force: true });
    watchdog.kill('SIGKILL');
  };

  /** pg_ctl start -w returns once the standby takes connections; its WAL receiver may not have connected yet. */
  async function waitStreaming(): Promise<void> {
    await withClient(adminUrl(primaryPort), (c) =>
      poll(
        async () => (await c.query(`select 1 from pg_stat_replication where state = 'streaming'`)).rowCount === 1,
        30_000,
        () => `the standby did not start streaming from the primary\n${logTail(standbyDir)}`,
      ),
    );
  }

  try {
    await run(runner, 'initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        '',
        '# test/helpers/standby.ts',
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'fsync = off',
        'shared_buffers = 16MB',
        'max_connections = 40',
        'wal_level = replica',
        'max_wal_senders = 4',
        'max_replication_slots = 4',
        'hot_standby = on',
        '',
      ].join('\n'),
    );
    appendFileSync(
      join(primaryDir, 'pg_hba.conf'),
      ['', 'local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust', ''].join('\n'),
    );
    primaryPort = await startOnFreePort(runner, primaryDir);
    await withClient(adminUrl(primaryPort), (c) => c.query(`create database ${database}`));
    // -C -S: a physical slot keeps the WAL a stopped standby has not received yet.
    await run(runner, 'pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', standbyDir, '-R', '-X', 'stream', '-c', 'fast', '-C', '-S', 'standby', '--no-sync'],
    ]);
    appendFileSync(join(standbyDir, 'postgresql.conf'), ['', 'hot_standby = on', 'hot_standby_feedback = on', ''].join('\n'));
    standbyPort = await startOnFreePort(runner, standbyDir);
    await waitStreaming();
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }

  const replicaAdmin = adminUrl(standbyPort);
  const primaryLsn = () =>
    withClient(
      adminUrl(primaryPort),
      async (c) => (await c.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn,
    );
  const pauseState = (c: pg.Client) =>
    c.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state').then((r) => r.rows[0].state);

  return {
    primaryUrl: databaseUrl(primaryPort, database),
    replicaUrl: databaseUrl(standbyPort, database),
    primaryLsn,
    replayLsn: () =>
      withClient(replicaAdmin, async (c) => (await c.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn')).rows[0].lsn),
    pauseReplay: () =>
      withClient(replicaAdmin, async (c) => {
        await c.query('select pg_wal_replay_pause()');
        await poll(
          async () => (await pauseState(c)) === 'paused',
          10_000,
          () => 'replay on the standby did not pause',
        );
      }),
    resumeReplay: () =>
      withClient(replicaAdmin, async (c) => {
        await c.query('select pg_wal_replay_resume()');
        await poll(
          async () => (await pauseState(c)) === 'not paused',
          10_000,
          () => 'replay on the standby did not resume',
        );
      }),
    waitCaughtUp: async (timeoutMs = 10_000) => {
      const target = await primaryLsn();
      await withClient(replicaAdmin, async (c) => {
        let last = { replay: '', state: '' };
        await poll(
          async () => {
            const { rows } = await c.query<{ done: boolean | null; replay: string | null; state: string }>(
              `select pg_last_wal_replay_lsn() >= $1::pg_lsn as done, pg_last_wal_replay_lsn()::text as replay,
                      pg_get_wal_replay_pause_state() as state`,
              [target],
            );
            last = { replay: rows[0].replay ?? 'none', state: rows[0].state };
            if (rows[0].done) return true;
            // Would never finish: say so now rather than at the deadline.
            if (rows[0].state !== 'not paused')
              throw new Error(`waitCaughtUp: replay on the standby is ${rows[0].state} (resumeReplay() first)`);
            return false;
          },
          timeoutMs,
          () =>
            `the standby did not catch up with the primary's ${target} (replayed ${last.replay}, ${last.state})\n${logTail(standbyDir)}`,
        );
      });
    },
    stopReplica: async () => {
      await pgCtl(runner, standbyDir, ['-m', 'fast', 'stop']);
    },
    startReplica: async () => {
      await pgCtl(runner, standbyDir, ['-l', join(standbyDir, 'server.log'), 'start']);
      await waitStreaming();
    },
    stop: stopAll,
  };
}

function adminUrl(port: number): string {
  return databaseUrl(port, 'postgres');
}

function databaseUrl(port: number, database: string): string {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  // A server going away mid-query rejects the query; without a listener it would also crash the process.
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Polls `done` every few milliseconds until it is true; rejects after timeoutMs with what `why` says. */
async function poll(done: () => Promise<boolean>, timeoutMs: number, why: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${why()} within ${timeoutMs} ms`);
    await delay(POLL_MS);
  }
}

/** The newest PostgreSQL's server binaries (Debian's /usr/lib/postgresql/<ver>/bin), 14+ for pg_get_wal_replay_pause_state(). */
function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, 'bin', 'initdb')))
        .map(Number)
        .sort((a, b) => b - a)
    : [];
  if (!versions.length)
    throw new Error(`startStandbyPair: no PostgreSQL server binaries (${base}/<version>/bin/initdb): install the postgresql package`);
  if (versions[0] < 14) throw new Error(`startStandbyPair: PostgreSQL ${versions[0]} in ${base}; the standby tests need 14 or later`);
  return join(base, String(versions[0]), 'bin');
}

/** Whom to run the PostgreSQL binaries as: this process's user, or `postgres` when this is root. */
function osUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line)
    throw new Error(
      'startStandbyPair: running as root, and initdb/postgres refuse to run as root; there is no `postgres` OS user ' +
        'in /etc/passwd to run them as (installing the postgresql package creates it, or run the tests as a non-root user)',
    );
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

async function run(runner: Runner, program: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync(join(runner.bin, program), args, {
      cwd: runner.cwd,
      env: runner.env,
      uid: runner.uid,
      gid: runner.gid,
      timeout: 60_000,
    });
    return stdout;
  } catch (err) {
    const e = err as Error & { stderr?: string; stdout?: string };
    throw new Error(`${program} ${args.join(' ')} failed: ${(e.stderr || e.stdout || '').trim() || e.message}`, { cause: err });
  }
}

async function pgCtl(runner: Runner, dir: string, args: string[]): Promise<void> {
  try {
    await run(runner, 'pg_ctl', ['-D', dir, '-w', '-t', '30', '-s', ...args]);
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${logTail(dir)}`, { cause: err });
  }
}

/**
 * Starts the cluster in `dir` on a port the kernel just handed out. Another process may take that
 * port between its release and postgres binding it: then it tries the next free one.
 */
async function startOnFreePort(runner: Runner, dir: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    appendFileSync(join(dir, 'postgresql.conf'), `port = ${port}\n`);
    try {
      await pgCtl(runner, dir, ['-l', join(dir, 'server.log'), 'start']);
      return port;
    } catch (err) {
      if (attempt >= 3 || !/could not bind|address already in use/i.test((err as Error).message)) throw err;
    }
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function logTail(dir: string): string {
  const file = join(dir, 'server.log');
  if (!existsSync(file)) return '';
  return `${file}:\n${readFileSync(file, 'utf8').split('\n').slice(-20).join('\n')}`;
}

/**
 * What stops the clusters when this process ends without stop(): a jest worker killed at a timeout,
 * an interrupted run. Not a process 'exit' handler: inside a jest test file `process` is a sandboxed
 * copy whose events the real process never emits, and a killed process runs no handler. A detached
 * shell (its own session, so Ctrl-C does not reach it) blocks reading a pipe from this process; the
 * pipe closes when this process ends, however it ends, and the shell then stops both clusters
 * (immediate) and removes the directory. stop() kills it once it has done that itself.
 */
function startWatchdog(runner: Runner, root: string, dataDirs: string[]): ChildProcess {
  const pgCtlPath = join(runner.bin, 'pg_ctl');
  const stops = dataDirs.map((_, i) => `"$1" -D "$${i + 3}" -m immediate -w -s stop >/dev/null 2>&1;`).join(' ');
  const child = spawn('/bin/sh', ['-c', `read _ignored; ${stops} rm -rf "$2"`, 'standby-watchdog', pgCtlPath, root, ...dataDirs], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    cwd: root,
    env: runner.env,
    uid: runner.uid,
    gid: runner.gid,
  });
  // Cleaning up after a crash is a safety net: a shell that cannot start must not fail the test.
  child.on('error', () => undefined);
  // Neither the child nor its pipe keeps this process alive.
  child.unref();
  (child.stdin as Socket).unref();
  return child;
}
