/**
 * npm run bench:start [-- --starts 3 --idle 5]
 *
 * How soon `npm start` answers and what it holds once idle, on each database. The server is
 * `npm start` itself (the build, node with its flags on dist/bundle/main.js, its allocator settings) in
 * a process of its own (spawned-server.ts). A first start on a fresh database creates it (the
 * embedded data dir, or the schema of a fresh PostgreSQL database next to DATABASE_URL); its time
 * is printed, not judged. Then --starts warm starts on what it left, each timed from the spawn to
 * /readyz's first 200, and its RSS read from /proc/<pid>/status (VmRSS) after --idle seconds
 * without a request. Last, `npm start`'s first step, `node scripts/build-if-stale.mjs`, on a built
 * checkout where nothing changed.
 * Targets (medians of the warm starts): /readyz <= 1 s on both databases; idle RSS <= 200 MB
 * embedded, <= 120 MB on PostgreSQL; the build step does not rebuild.
 *
 * PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; skipped (and said so)
 * when it does not answer. A measurement: exits 0 when targets are missed, non-zero only when a
 * server fails to start. On a shared 2-core machine the figures are noisy; run it twice.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freshDatabase } from '../helpers/databases.ts';
import { REPO } from '../helpers/start-command.ts';
import { median, memory } from './figures.ts';
import { sleep, startAsNpmStart } from './spawned-server.ts';

const { values: opts } = parseArgs({
  options: {
    starts: { type: 'string', default: '3' },
    idle: { type: 'string', default: '5' },
  },
});
const STARTS = Number(opts.starts);
const IDLE_S = Number(opts.idle);
if (!(STARTS >= 1) || !(IDLE_S >= 0)) throw new Error('--starts takes a positive number, --idle seconds');

const TARGET_READY_MS = 1000;
const TARGET_RSS_MB = { embedded: 200, PostgreSQL: 120 };
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

type Database = NonNullable<Parameters<typeof startAsNpmStart>[2]>;
type Starts = { readyMs: number[]; rssMb: number[] };
type Row = { name: string; measured: string; target: string; met: boolean | undefined };

const ms = (x: number) => `${x.toFixed(0)} ms`;
const mb = (x: number) => `${x.toFixed(0)} MB`;

/** A first start that creates the database, then the warm starts on what it left, each stopped before the next. */
async function startsOn(label: string, database: Database): Promise<Starts> {
  const first = await startAsNpmStart('start', [], database);
  await first.stop();
  console.log(`${label}: server node ${first.args.join(' ')}`);
  console.log(`  first start (creates the database): /readyz in ${ms(first.readyMs)}`);
  const result: Starts = { readyMs: [], rssMb: [] };
  for (let i = 1; i <= STARTS; i++) {
    const server = await startAsNpmStart('start', [], database);
    try {
      // Idle as a server nobody calls yet: what it holds once start-up's work (and its garbage) is behind it.
      await sleep(IDLE_S * 1000);
      const { rss, hwm } = memory(server.pid);
      result.readyMs.push(server.readyMs);
      result.rssMb.push(rss);
      console.log(`  warm start ${i}: /readyz in ${ms(server.readyMs)}, RSS after ${IDLE_S} s idle ${mb(rss)} (start-up peak ${mb(hwm)})`);
    } finally {
      await server.stop();
    }
  }
  return result;
}

async function embedded(): Promise<Starts> {
  // The data dir the first start creates and the warm starts open, outside the server's scratch (removed on stop).
  const scratch = mkdtempSync(join(tmpdir(), 'bench-start-data-'));
  try {
    return await startsOn('embedded PGlite', { pgliteDir: join(scratch, 'pglite') });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Whether the PostgreSQL server answers at all: when it does not, its part is skipped, not failed. */
async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function postgres(): Promise<Starts | undefined> {
  const where = new URL(POSTGRES_URL).host;
  if (!(await reachable(POSTGRES_URL))) {
    console.log(`PostgreSQL: skipped, nothing answers at ${where}`);
    return undefined;
  }
  const fresh = await freshDatabase(POSTGRES_URL);
  try {
    return await startsOn(`PostgreSQL at ${where}`, { databaseUrl: fresh.url });
  } finally {
    await fresh.drop();
  }
}

const STAMP = join(REPO, 'dist/.built');
const stampTime = () => statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs;

/** One `node scripts/build-if-stale.mjs` as npm's prestart runs it: its wall time, and whether it built (its stamp moved). */
function buildStep(): { ms: number; rebuilt: boolean } {
  const before = stampTime();
  const t0 = performance.now();
  const run = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: REPO, stdio: 'inherit' });
  const took = performance.now() - t0;
  if (run.status !== 0) throw new Error(`scripts/build-if-stale.mjs exited with ${run.status}`);
  return { ms: took, rebuilt: stampTime() !== before };
}

/** The build step on a built checkout: once to be sure it is built (which may build), then timed. */
function buildSteps(): { ms: number[]; rebuilt: number } {
  const primed = buildStep();
  console.log(`build step: a first run to be sure dist/ is built took ${ms(primed.ms)}${primed.rebuilt ? ' (it built)' : ''}`);
  const runs = Array.from({ length: STARTS }, buildStep);
  console.log(`  nothing changed: ${runs.map((r) => `${ms(r.ms)}${r.rebuilt ? ' (rebuilt)' : ''}`).join(', ')}`);
  return { ms: runs.map((r) => r.ms), rebuilt: runs.filter((r) => r.rebuilt).length };
}

function rowsOf(label: keyof typeof TARGET_RSS_MB, starts: Starts | undefined): Row[] {
  if (!starts)
    return [
      { name: `${label}: /readyz`, measured: 'skipped', target: `<= ${ms(TARGET_READY_MS)}`, met: undefined },
      { name: `${label}: idle RSS`, measured: 'skipped', target: `<= ${mb(TARGET_RSS_MB[label])}`, met: undefined },
    ];
  const ready = median(starts.readyMs);
  const rss = median(starts.rssMb);
  return [
    { name: `${label}: /readyz`, measured: ms(ready), target: `<= ${ms(TARGET_READY_MS)}`, met: ready <= TARGET_READY_MS },
    { name: `${label}: idle RSS`, measured: mb(rss), target: `<= ${mb(TARGET_RSS_MB[label])}`, met: rss <= TARGET_RSS_MB[label] },
  ];
}

function print(rows: Row[]): void {
  console.log(`\nnpm start, medians of ${STARTS} warm starts (RSS after ${IDLE_S} s idle):`);
  console.log(`${''.padEnd(36)} ${'measured'.padStart(12)} ${'target'.padStart(14)} ${'met'.padStart(5)}`);
  for (const r of rows) {
    const met = r.met === undefined ? '-' : r.met ? 'yes' : 'no';
    console.log(`${r.name.padEnd(36)} ${r.measured.padStart(12)} ${r.target.padStart(14)} ${met.padStart(5)}`);
  }
  const missed = rows.filter((r) => r.met === false).map((r) => r.name);
  console.log(missed.length ? `missed: ${missed.join(', ')}` : 'every target measured met');
}

async function main(): Promise<void> {
  const build = buildSteps();
  const onEmbedded = await embedded();
  const onPostgres = await postgres();
  print([
    ...rowsOf('embedded', onEmbedded),
    ...rowsOf('PostgreSQL', onPostgres),
    {
      name: 'build step, nothing changed',
      measured: `${ms(median(build.ms))}${build.rebuilt ? `, ${build.rebuilt} built` : ''}`,
      target: 'no rebuild',
      met: build.rebuilt === 0,
    },
  ]);
}

await main();
