/**
 * npm run bench:import [-- --size 1.5gb --db postgres|pglite --keep]
 *
 * The referee of the import pipeline on a large location history. Generates a Google Takeout
 * `Records.json` of `--size` (default 1.5 GB, as a Takeout history reaches; kb/mb/gb are powers of
 * 1000, kib/mib/gib of 1024) into os.tmpdir(), streamed to the file (test/imports/generated-records.ts:
 * realistic records, each 1..60 s after the one before over years, a few without a time). The server
 * is `npm start` itself (the build, node with its flags on dist/bundle/main.js) in a process of its own
 * with WORKERS=1, on a fresh database, its IMPORT_DIR a temporary directory. One account uploads
 * the file over HTTP as the raw body (streamed from disk, never in memory), then the bench polls the
 * import until it ends. Meanwhile another account reads GET /users/{id}/events every 200 ms, and the
 * server's memory is sampled from /proc/<pid>/status every 200 ms.
 *
 * Prints the file's size and records; the upload's time; points/s (records read / seconds from the
 * upload's answer to the end, and overall from the upload's first byte), with where the time went
 * (reading and writing the samples, then stay detection over the new span, from the samples'
 * created_at); the server's CPU time (a figure less at the mercy of a shared machine than the wall
 * clock); the server's peak RSS during upload and import (VmHWM, reset just before the upload;
 * the highest sampled VmRSS beside it); the other account's latency (p50/p99/max, during the
 * upload, while the samples are read and written, and while stays are detected); and the counts,
 * checked against the file.
 * Targets (PostgreSQL): >= 50,000 points/s, peak RSS < 300 MB, the other account's p99 < 100 ms.
 *
 * --db postgres uses DATABASE_URL (a fresh database next to it, dropped afterwards); --db pglite a
 * fresh embedded PGlite in a temporary directory; without --db, DATABASE_URL when set, else PGlite.
 * --keep keeps the generated file (and reuses one of the same size and seed next time).
 * BENCH_SERVER_FLAGS: extra node flags for the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeRecordsFile, type GeneratedRecords } from '../imports/generated-records.ts';
import { memory, resetPeak } from './figures.ts';
import { signUpOn, sleep, startAsNpmStart, uploadFile } from './spawned-server.ts';

const { values: opts } = parseArgs({
  options: {
    size: { type: 'string', default: '1.5gb' },
    db: { type: 'string' },
    seed: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
});

const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };
function parseSize(s: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(s);
  const unit = m ? UNITS[m[2].toLowerCase()] : undefined;
  if (!m || unit === undefined) throw new Error(`--size ${s}: a number with kb, mb, gb (or kib, mib, gib)`);
  return Math.round(Number(m[1]) * unit);
}
const SIZE = parseSize(opts.size);
const SEED = Number(opts.seed);
if (opts.db === 'postgres') {
  if (!process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL (postgres://postgres@127.0.0.1:5432/test ...)');
} else if (opts.db === 'pglite') delete process.env.DATABASE_URL;
else if (opts.db !== undefined) throw new Error('--db takes postgres or pglite');
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

const TARGET_RATE = 50_000;
const TARGET_RSS_MB = 300;
const TARGET_P99_MS = 100;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const percentile = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The CPU time a process has used, user and system, in seconds (Linux: /proc/<pid>/stat, 100 ticks a second; NaN elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The generated file: made now, or (with --keep) one made before with the same size and seed. */
async function recordsFile(): Promise<GeneratedRecords & { reused: boolean }> {
  const path = join(tmpdir(), `bench-import-records-${SIZE}-${SEED}.json`);
  const described = `${path}.counts.json`;
  if (opts.keep && existsSync(path) && existsSync(described)) {
    const counts = JSON.parse(readFileSync(described, 'utf8')) as GeneratedRecords;
    return { ...counts, first: new Date(counts.first), last: new Date(counts.last), reused: true };
  }
  // The file, its copy in IMPORT_DIR and the database's rows (about as much again).
  const free = (() => {
    const s = statfsSync(tmpdir());
    return s.bavail * s.bsize;
  })();
  if (free < 3.5 * SIZE)
    throw new Error(`${tmpdir()} has ${mb(free)} free; the bench needs about ${mb(3.5 * SIZE)} for --size ${opts.size}`);
  const t0 = performance.now();
  let shown = 0;
  const made = await writeRecordsFile(
    path,
    { bytes: SIZE },
    {
      seed: SEED,
      onProgress: (bytes) => {
        if (!process.stdout.isTTY || bytes - shown < SIZE / 10) return;
        shown = bytes;
        process.stdout.write(`  generating ${path}: ${mb(bytes)}\r`);
      },
    },
  );
  console.log(`generated ${path}: ${mb(made.bytes)}, ${int(made.records)} records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (opts.keep) writeFileSync(described, JSON.stringify(made));
  return { ...made, reused: false };
}

/** Another account's GET /users/{id}/events, one every 200 ms (or right after a slower answer), until stopped. */
function otherUsersReads(base: string, user: { id: string; auth: string }) {
  const samples: { at: number; wall: number; ms: number; serverMs: number; status: number }[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const wall = Date.now();
      const res = await fetch(`${base}/users/${user.id}/events?limit=50`, { headers: { authorization: user.auth } });
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      const serverMs = Number(/app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
      samples.push({ at: t0, wall, ms, serverMs, status: res.status });
      await sleep(Math.max(0, 200 - ms));
    }
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

function latencyLine(what: string, xs: { ms: number; serverMs: number; status: number }[]): string {
  if (!xs.length) return `${what}: no requests`;
  const ms = xs.map((x) => x.ms);
  const server = xs.map((x) => x.serverMs).filter(Number.isFinite);
  const failed = xs.filter((x) => x.status !== 200).length;
  return (
    `${what}: ${xs.length} requests, p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, ` +
    `max ${Math.max(...ms).toFixed(1)} ms (server's own p99 ${percentile(server, 99).toFixed(1)} ms)${failed ? `, ${failed} not 200` : ''}`
  );
}

async function main() {
  const file = await recordsFile();
  const importDir = mkdtempSync(join(tmpdir(), 'bench-import-dir-'));
  process.env.WORKERS = '1';
  process.env.IMPORT_DIR = importDir;
  const started = await startAsNpmStart('import', process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean));
  const { base, pid } = started;
  let raw: pg.Pool | undefined;
  try {
    const importer = await signUpOn(base);
    const other = await signUpOn(base);
    // npm start collects its start-up garbage once listening: give it a moment.
    await sleep(1000);
    const before = memory(pid);
    const peakReset = resetPeak(pid);
    let maxRss = before.rss;
    const sampler = setInterval(() => {
      const m = memory(pid);
      if (m.rss > maxRss) maxRss = m.rss;
    }, 200);
    const reads = otherUsersReads(base, other);

    const cpu0 = cpuSeconds(pid);
    const t0 = performance.now();
    const up = await uploadFile(base, importer, file.path, file.bytes, 'Records.json');
    const tUploaded = performance.now();
    if (up.status !== 202) throw new Error(`upload answered ${up.status}: ${JSON.stringify(up.body)}`);
    const afterUpload = memory(pid);
    console.log(
      `uploaded ${mb(file.bytes)} in ${((tUploaded - t0) / 1000).toFixed(1)} s (${((file.bytes / 1e6) * (1000 / (tUploaded - t0))).toFixed(0)} MB/s); ` +
        `import ${up.body.id}, ${up.body.detected_format}, ${up.body.status}`,
    );

    let done: Record<string, any>;
    let shown = performance.now();
    for (;;) {
      const res = await fetch(`${base}/users/${importer.id}/imports/${up.body.id}`, { headers: { authorization: importer.auth } });
      const body = (await res.json()) as Record<string, any>;
      if (res.status !== 200) throw new Error(`GET import answered ${res.status}: ${JSON.stringify(body)}`);
      if (body.status === 'succeeded' || body.status === 'failed') {
        done = body;
        break;
      }
      if (performance.now() - shown > 10_000) {
        shown = performance.now();
        const s = (shown - tUploaded) / 1000;
        console.log(
          `  ${s.toFixed(0)} s: ${body.status}, ${((100 * body.progress.bytes_read) / body.progress.bytes_total).toFixed(0)}% read, ` +
            `${int(body.counts.read)} records (${int(body.counts.read / s)}/s), RSS ${memory(pid).rss.toFixed(0)} MB`,
        );
      }
      await sleep(200);
    }
    const tDone = performance.now();
    await reads.stop();
    clearInterval(sampler);
    const end = memory(pid);
    const cpu = cpuSeconds(pid) - cpu0;

    // Where the time went: the samples' created_at is their batch's time, so the last one ends the reading.
    const connection = started.databaseUrl
      ? { connectionString: started.databaseUrl, max: 1 }
      : { host: resolve(started.pgliteDir), port: 5432, user: 'postgres', database: 'postgres', max: 1 };
    raw = new pg.Pool(connection);
    const [span] = (
      await raw.query<{ n: string; first: Date; last: Date }>(
        `select count(*) as n, min(created_at) as first, max(created_at) as last from location_samples where user_id = $1`,
        [importer.id],
      )
    ).rows;
    const [made] = (
      await raw.query<{ visits: string; suggestions: string }>(
        `select (select count(*) from place_visits where user_id = $1) as visits, (select count(*) from suggestions where user_id = $1) as suggestions`,
        [importer.id],
      )
    ).rows;

    const counts = done.counts as { read: number; created: number; present: number; skipped: Record<string, number> };
    const importS = (tDone - tUploaded) / 1000;
    const overallS = (tDone - t0) / 1000;
    const serverS = (Date.parse(done.finished_at) - Date.parse(done.started_at)) / 1000;
    const readingS = (new Date(span.last).getTime() - Date.parse(done.started_at)) / 1000;
    const detectS = (Date.parse(done.finished_at) - new Date(span.last).getTime()) / 1000;
    const rate = counts.read / importS;
    const during = reads.samples.filter((s) => s.at >= tUploaded);
    const uploading = reads.samples.filter((s) => s.at < tUploaded);
    const p99 = percentile(
      during.map((s) => s.ms),
      99,
    );
    const expected = { read: file.records, created: file.points, no_time: file.noTime };
    const got = { read: counts.read, created: counts.created, no_time: counts.skipped.no_time };
    const exact = JSON.stringify(expected) === JSON.stringify(got) && counts.present === 0;

    const where = ON_POSTGRES ? 'PostgreSQL' : 'PGlite (embedded)';
    console.log(
      `\nimport of ${mb(file.bytes)} (${int(file.records)} records, ${file.first.toISOString().slice(0, 10)} to ${file.last.toISOString().slice(0, 10)}) on ${where}, WORKERS=1`,
    );
    console.log(`server: node ${started.args.join(' ')}`);
    console.log(`status: ${done.status}${done.error ? ` (${done.error})` : ''}`);
    console.log(
      `points/s: ${int(rate)} from the upload's answer to the end (${importS.toFixed(1)} s; target >= ${int(TARGET_RATE)}), ` +
        `${int(counts.read / overallS)} overall with the upload (${overallS.toFixed(1)} s)`,
    );
    console.log(
      `  the server's run: ${serverS.toFixed(1)} s (${int(counts.read / serverS)}/s): reading and writing the samples ${readingS.toFixed(1)} s ` +
        `(${int(counts.read / readingS)}/s), then stay detection and suggestions ${detectS.toFixed(1)} s ` +
        `(${made.visits} visits, ${made.suggestions} suggestions)`,
    );
    console.log(
      `server CPU during upload and import: ${cpu.toFixed(1)} s (${(overallS > 0 ? (100 * cpu) / overallS : NaN).toFixed(0)}% of a core; ` +
        `${((1e6 * cpu) / counts.read).toFixed(1)} s per million records); load average at the end ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${availableParallelism()} cores`,
    );
    console.log(
      `server peak RSS ${peakReset ? 'during upload and import' : 'since it started'}: ${end.hwm.toFixed(0)} MB (target < ${TARGET_RSS_MB} MB); ` +
        `highest sampled ${maxRss.toFixed(0)} MB; ${before.rss.toFixed(0)} MB before the upload, ${afterUpload.rss.toFixed(0)} MB after it, ` +
        `${end.rss.toFixed(0)} MB at the end`,
    );
    console.log(`${latencyLine("another account's GET events during the import", during)} (target p99 < ${TARGET_P99_MS} ms)`);
    const lastWrite = new Date(span.last).getTime();
    console.log(
      latencyLine(
        '  while it read and wrote the samples',
        during.filter((s) => s.wall <= lastWrite),
      ),
    );
    console.log(
      latencyLine(
        '  while it detected stays',
        during.filter((s) => s.wall > lastWrite),
      ),
    );
    console.log(latencyLine('  during the upload', uploading));
    console.log(`counts: ${JSON.stringify(counts)}`);
    console.log(
      `  ${exact ? 'exact' : 'NOT EXACT'}: expected read ${int(expected.read)}, created ${int(expected.created)}, no_time ${expected.no_time}; ` +
        `${int(Number(span.n))} samples stored`,
    );
    const missed = [
      rate < TARGET_RATE && 'points/s',
      !(end.hwm < TARGET_RSS_MB) && 'peak RSS',
      !(p99 < TARGET_P99_MS) && 'latency',
      !exact && 'counts',
      done.status !== 'succeeded' && 'status',
    ].filter(Boolean);
    console.log(missed.length ? `missed: ${missed.join(', ')}` : 'every target met');
  } finally {
    await raw?.end();
    await started.stop();
    rmSync(importDir, { recursive: true, force: true });
    if (!opts.keep && !file.reused) rmSync(file.path, { force: true });
  }
}

await main();
