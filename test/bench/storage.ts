/**
 * npm run bench:storage [-- --readings 1000000 --users 4 --days-per-batch 1 --baseline <git ref> --keep]
 *
 * What a million readings cost on disk. Loads readings of a realistic shape through the service's
 * own ingest (ingestReadings, in this process, as the CLIs call it): a few users in different time
 * zones, three years, several sources (an Apple Watch's heart rate, steps and energy, an iPhone's
 * steps, distance and floors, a ring's sleep, a scale's weight and blood pressure), every reading
 * with a 36-character source_id (HealthKit's sample UUIDs), each user's day as one batch and the
 * users' days interleaved, as daily syncs arrive. The data is the same on every run (a seeded
 * generator), so two runs differ only by the code.
 *
 * Then prints, per million readings (bytes per reading = MB per million), the readings table, each
 * of its indexes, pg_indexes_size, pg_total_relation_size, the other large tables and the whole
 * database; the time the load took; and the median time of reads through the services (the
 * readings list unfiltered, by a dense and a sparse metric, a year back; the day summary; readings
 * by id) with the plan PostgreSQL chose for each list. With DATABASE_URL, on a fresh database next
 * to it (ANALYZEd after the load, as autovacuum would have); without it, on an embedded PGlite in a
 * temporary directory (left to analyze itself, or not, as the code measured does), with the data
 * dir's size on disk and its write-ahead log right after the load, 3 s later, after a CHECKPOINT and
 * after closing.
 *
 * --baseline <ref> runs the same measurement on the code of a commit as well (`git archive` of it
 * into a temporary directory, this file copied in, node_modules linked), first, and prints the two
 * side by side: old code and schema against the current ones, on the same data.
 * --keep leaves the database (or data dir) in place and prints where it is.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { systemActor } from '../../src/core/actor.ts';
import { withContext } from '../../src/db/context.ts';
import { openDatabase } from '../../src/db/database.ts';
import { query } from '../../src/db/sql.ts';
import { getDaySummary } from '../../src/domain/days/summary.service.ts';
import { metricType } from '../../src/domain/metric-types/catalogue.ts';
import { ingestReadings } from '../../src/domain/metrics/ingest.service.ts';
import { listReadings, readingsByIds } from '../../src/domain/metrics/readings.service.ts';
import { createUser } from '../../src/domain/accounts/registration.ts';
import { freshDatabase } from '../helpers/databases.ts';
import { median } from './figures.ts';

const { values: opts } = parseArgs({
  options: {
    readings: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '4' },
    'days-per-batch': { type: 'string', default: '1' },
    baseline: { type: 'string' },
    json: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const READINGS = Number(opts.readings);
const USERS = Number(opts.users);
const DAYS_PER_BATCH = Number(opts['days-per-batch']);
if (!(READINGS >= 1000) || !(USERS >= 1) || !(DAYS_PER_BATCH >= 1))
  throw new Error('--readings (>= 1000), --users and --days-per-batch take positive numbers');
const DAYS = 1095;
const FIRST_DAY = Date.UTC(2023, 0, 1);
const TIMEZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Australia/Sydney', 'America/Los_Angeles'];
const READ_RUNS = 25;
const log = (line: string) => process.stderr.write(`${line}\n`);

type Result = {
  database: string;
  readings: number;
  users: number;
  load: { ms: number; batches: number; batchP50: number; batchP95: number };
  /** Bytes: the table, each index, their sums; other tables by total size; the whole database. */
  sizes: Record<string, number>;
  otherTables: Record<string, number>;
  databaseBytes: number;
  reads: Record<string, { ms: number; plan: string }>;
  /** PGlite: the data dir and its pg_wal on disk, in bytes. */
  disk?: Record<string, { total: number; wal: number }>;
};

/** A seeded generator (mulberry32): the same readings on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 36-character sample UUID as HealthKit writes them (upper case), from the generator. */
function sampleId(random: () => number): string {
  let hex = '';
  for (let i = 0; i < 4; i++)
    hex += Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  hex = hex.toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-A${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Reading = { metric_type_slug: string; recorded_at: string; source: string; source_id: string; value: number };

/**
 * One user's day: a fixed part (steps and energy hourly, distance, floors, the night's figures,
 * a scale's morning) and heart rate samples through the day, as many as make the day's total.
 */
const FIXED: { slug: string; source: string; n: number; value: (r: () => number) => number }[] = [
  { slug: 'steps', source: 'iPhone', n: 24, value: (r) => Math.floor(r() * 900) },
  { slug: 'steps', source: 'Apple Watch', n: 24, value: (r) => Math.floor(r() * 900) },
  { slug: 'active_energy', source: 'Apple Watch', n: 30, value: (r) => Math.round(r() * 400) / 10 },
  { slug: 'distance', source: 'iPhone', n: 20, value: (r) => Math.round(r() * 800) / 1000 },
  { slug: 'floors_climbed', source: 'iPhone', n: 6, value: (r) => 1 + Math.floor(r() * 3) },
  { slug: 'respiratory_rate', source: 'Apple Watch', n: 4, value: (r) => 12 + Math.round(r() * 60) / 10 },
  { slug: 'spo2', source: 'Apple Watch', n: 3, value: (r) => 94 + Math.round(r() * 50) / 10 },
  { slug: 'hrv_sdnn', source: 'Apple Watch', n: 2, value: (r) => 25 + Math.round(r() * 500) / 10 },
  { slug: 'resting_heart_rate', source: 'Apple Watch', n: 1, value: (r) => 50 + Math.floor(r() * 15) },
  { slug: 'sleep_duration', source: 'Oura', n: 1, value: (r) => 5.5 + Math.round(r() * 30) / 10 },
  { slug: 'weight', source: 'Withings', n: 1, value: (r) => 70 + Math.round(r() * 60) / 10 },
  { slug: 'blood_pressure_systolic', source: 'Withings', n: 1, value: (r) => 110 + Math.floor(r() * 25) },
  { slug: 'blood_pressure_diastolic', source: 'Withings', n: 1, value: (r) => 70 + Math.floor(r() * 15) },
];
const FIXED_PER_DAY = FIXED.reduce((n, f) => n + f.n, 0);

function dayOf(user: number, day: number, count: number): Reading[] {
  const random = prng(user * 100_003 + day);
  const start = FIRST_DAY + day * 86_400_000;
  const out: Reading[] = [];
  const at = (slot: number, slots: number) => new Date(start + Math.floor(((slot + random()) / slots) * 86_400_000)).toISOString();
  for (const f of FIXED)
    for (let i = 0; i < f.n; i++)
      out.push({
        metric_type_slug: f.slug,
        recorded_at: at(i, f.n),
        source: f.source,
        source_id: sampleId(random),
        value: f.value(random),
      });
  const heart = Math.max(0, count - out.length);
  for (let i = 0; i < heart; i++)
    out.push({
      metric_type_slug: 'heart_rate',
      recorded_at: at(i, heart),
      source: 'Apple Watch',
      source_id: sampleId(random),
      value: 55 + Math.floor(random() * 60),
    });
  return out.slice(0, count);
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/** Bytes a directory takes on disk (allocated blocks, as du counts them). */
function onDisk(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? onDisk(path) : statSync(path).blocks * 512;
  }
  return total;
}

type Plan = { 'Node Type': string; 'Index Name'?: string; Filter?: string; Plans?: Plan[] };

/** The plan's nodes in one line: "Limit > Index Scan using health_metrics_user_recorded_idx + filter". */
function planLine(plan: Plan): string {
  const index = plan['Index Name'] ? ` using ${plan['Index Name']}` : '';
  const filter = plan.Filter ? ' + filter' : '';
  return [`${plan['Node Type']}${index}${filter}`, ...(plan.Plans ?? []).map(planLine)].join(' > ');
}

async function measure(): Promise<Result> {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-storage-'));
  const pgliteDir = join(scratch, 'pglite');
  const fresh = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const db = await openDatabase({ databaseUrl: fresh?.url, pgliteDir, role: 'cli' });
  let open = true;
  const sql = <R>(text: string, params: unknown[] = []) => withContext(() => query<R>(text, params), db.orm);
  try {
    const [{ version }] = await sql<{ version: string }>(`select split_part(version(), ' ', 2) as version`);
    const database = fresh ? `PostgreSQL ${version}` : `PGlite (PostgreSQL ${version})`;
    const users: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const profile = await withContext(
        () =>
          createUser({
            email: `bench-storage-${u}@example.com`,
            password: 'correct horse battery',
            timezone: TIMEZONES[u % TIMEZONES.length],
          }),
        db.orm,
      );
      users.push(profile.id);
    }

    // Each user's day has its share of READINGS, spread so the total is exact.
    const perUserDay = READINGS / (USERS * DAYS);
    if (perUserDay < FIXED_PER_DAY) log(`(fewer than ${FIXED_PER_DAY} readings a day: the day's fixed part is cut short)`);
    const countOf = (k: number) => Math.round((k + 1) * perUserDay) - Math.round(k * perUserDay);
    const batchMs: number[] = [];
    let loaded = 0;
    const t0 = performance.now();
    for (let day = 0; day < DAYS; day += DAYS_PER_BATCH) {
      for (let u = 0; u < USERS; u++) {
        const readings: Reading[] = [];
        for (let d = day; d < Math.min(DAYS, day + DAYS_PER_BATCH); d++) readings.push(...dayOf(u, d, countOf(d * USERS + u)));
        const b0 = performance.now();
        const result = await withContext(() => ingestReadings(systemActor(users[u]), { readings }), db.orm);
        batchMs.push(performance.now() - b0);
        if (result.createdCount !== readings.length) throw new Error(`batch of ${readings.length}: ${result.createdCount} created`);
        loaded += readings.length;
      }
      if (day % 73 === 0) log(`${database}: ${loaded.toLocaleString('en')} readings, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    const load = { ms: performance.now() - t0, batches: batchMs.length, batchP50: median(batchMs), batchP95: p95(batchMs) };

    const disk: Result['disk'] = {};
    const diskNow = () => ({ total: onDisk(pgliteDir), wal: onDisk(join(pgliteDir, 'pg_wal')) });
    if (!fresh) {
      disk.afterLoad = diskNow();
      // The embedded database checkpoints (and analyzes the readings) by itself once the log stops growing.
      await new Promise((done) => setTimeout(done, 3000));
      disk.afterQuiet = diskNow();
    }

    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from health_metrics`);
    if (n !== READINGS) throw new Error(`${n} readings stored, ${READINGS} sent`);
    const sizes: Record<string, number> = {};
    const [table] = await sql<{ heap: string; indexes: string; total: string; toast: string }>(
      `select pg_relation_size('health_metrics') as heap, pg_indexes_size('health_metrics') as indexes,
              pg_total_relation_size('health_metrics') as total,
              pg_total_relation_size('health_metrics') - pg_relation_size('health_metrics') - pg_indexes_size('health_metrics') as toast`,
    );
    sizes['table (heap)'] = Number(table.heap);
    const indexes = await sql<{ name: string; bytes: string; definition: string }>(
      `select c.relname as name, pg_relation_size(c.oid) as bytes, pg_get_indexdef(c.oid) as definition
         from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'health_metrics'::regclass order by c.relname`,
    );
    for (const i of indexes) sizes[`  ${i.name}`] = Number(i.bytes);
    sizes['indexes (pg_indexes_size)'] = Number(table.indexes);
    sizes['TOAST and maps'] = Number(table.toast);
    sizes['total (pg_total_relation_size)'] = Number(table.total);
    const others = await sql<{ name: string; bytes: string }>(
      `select c.relname as name, pg_total_relation_size(c.oid) as bytes from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind = 'r' and s.nspname = current_schema() and c.relname <> 'health_metrics'
        order by pg_total_relation_size(c.oid) desc limit 5`,
    );
    const otherTables = Object.fromEntries(others.map((o) => [o.name, Number(o.bytes)]));
    const [{ bytes: databaseBytes }] = await sql<{ bytes: string }>(`select pg_database_size(current_database()) as bytes`);

    // Reads: on PostgreSQL with statistics, as autovacuum would have them by now; PGlite never has any.
    if (fresh) await sql(`analyze`);
    const reader = users[Math.min(1, USERS - 1)];
    const actor = systemActor(reader);
    const lastDay = new Date(FIRST_DAY + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const yearBack = new Date(FIRST_DAY + (DAYS - 366) * 86_400_000);
    const someIds = (
      await sql<{ id: string }>(`select id::text as id from health_metrics where user_id = $1 limit 50 offset 5000`, [reader])
    ).map((r) => r.id);
    const dense = metricType('heart_rate')!.id;
    const sparse = metricType('weight')!.id;
    const list = `select * from health_metrics where user_id = $1`;
    const order = `order by recorded_at desc, id desc limit 50`;
    const cases: { name: string; run: () => Promise<unknown>; explain?: [string, unknown[]] }[] = [
      {
        name: 'readings list, newest 50',
        run: () => listReadings(actor, { limit: 50 }),
        explain: [`${list} ${order}`, [reader]],
      },
      {
        name: 'readings list, heart rate (dense)',
        run: () => listReadings(actor, { metric: 'heart_rate', limit: 50 }),
        explain: [`${list} and metric_type_id = $2 ${order}`, [reader, dense]],
      },
      {
        name: 'readings list, weight (sparse)',
        run: () => listReadings(actor, { metric: 'weight', limit: 50 }),
        explain: [`${list} and metric_type_id = $2 ${order}`, [reader, sparse]],
      },
      {
        name: 'readings list, a year back',
        run: () => listReadings(actor, { to: yearBack.toISOString(), limit: 50 }),
        explain: [`${list} and recorded_at < $2 ${order}`, [reader, yearBack]],
      },
      {
        name: 'readings list, weight a year back',
        run: () => listReadings(actor, { metric: 'weight', to: yearBack.toISOString(), limit: 50 }),
        explain: [`${list} and metric_type_id = $2 and recorded_at < $3 ${order}`, [reader, sparse, yearBack]],
      },
      { name: 'day summary', run: () => getDaySummary(actor, lastDay) },
      { name: '50 readings by id', run: () => readingsByIds(actor, someIds) },
    ];
    const reads: Result['reads'] = {};
    for (const c of cases) {
      const times: number[] = [];
      for (let i = 0; i < READ_RUNS + 3; i++) {
        const r0 = performance.now();
        await withContext(c.run, db.orm);
        if (i >= 3) times.push(performance.now() - r0);
      }
      let plan = '';
      if (c.explain) {
        const [row] = await sql<{ 'QUERY PLAN': [{ Plan: Plan }] }>(`explain (format json) ${c.explain[0]}`, c.explain[1]);
        plan = planLine(row['QUERY PLAN'][0].Plan);
      }
      reads[c.name] = { ms: median(times), plan };
    }

    if (!fresh) {
      await sql(`checkpoint`);
      disk.afterCheckpoint = diskNow();
    }
    const result: Result = { database, readings: n, users: USERS, load, sizes, otherTables, databaseBytes: Number(databaseBytes), reads };
    await db.close();
    open = false;
    if (!fresh) {
      disk.afterClose = diskNow();
      result.disk = disk;
    }
    return result;
  } finally {
    if (open) await db.close();
    if (opts.keep) log(`kept: ${fresh?.url ?? pgliteDir}`);
    else {
      await fresh?.drop();
      rmSync(scratch, { recursive: true, force: true });
    }
  }
}

const mb = (bytes: number, readings: number) => (bytes / readings).toFixed(1);
const STAGES: Record<string, string> = {
  afterLoad: 'right after the load',
  afterQuiet: 'after 3 s without writes',
  afterCheckpoint: 'after a CHECKPOINT',
  afterClose: 'after closing',
};

function print(results: { label: string; result: Result }[]): void {
  const [first] = results;
  const r0 = first.result;
  const heading = (s: string) => console.log(`\n${s}`);
  const cols = results.map((r) => r.label.padStart(12)).join('');
  heading(
    `${r0.readings.toLocaleString('en')} readings on ${r0.database} (${r0.users} users, 3 years, ${DAYS_PER_BATCH} day(s) of a user per batch), ` +
      `MB per million readings (= bytes per reading):`,
  );
  console.log(`${''.padEnd(44)}${cols}`);
  const rows = [...new Set(results.flatMap((r) => Object.keys(r.result.sizes)))];
  for (const row of rows)
    console.log(
      `${row.padEnd(44)}${results.map((r) => (r.result.sizes[row] === undefined ? '-' : mb(r.result.sizes[row], r.result.readings)).padStart(12)).join('')}`,
    );
  const tables = [...new Set(results.flatMap((r) => Object.keys(r.result.otherTables)))];
  console.log('other tables, with their indexes:');
  for (const t of tables)
    console.log(
      `${`  ${t}`.padEnd(44)}${results.map((r) => (r.result.otherTables[t] === undefined ? '-' : mb(r.result.otherTables[t], r.result.readings)).padStart(12)).join('')}`,
    );
  console.log(
    `${'whole database (pg_database_size)'.padEnd(44)}${results.map((r) => mb(r.result.databaseBytes, r.result.readings).padStart(12)).join('')}`,
  );
  if (results.some((r) => r.result.disk)) {
    console.log('data dir on disk, total / of it pg_wal (MB):');
    for (const stage of ['afterLoad', 'afterQuiet', 'afterCheckpoint', 'afterClose'])
      console.log(
        `${`  ${STAGES[stage]}`.padEnd(44)}${results
          .map((r) => {
            const d = r.result.disk?.[stage];
            return (d ? `${(d.total / 1e6).toFixed(0)} / ${(d.wal / 1e6).toFixed(0)}` : '-').padStart(12);
          })
          .join('')}`,
      );
  }
  heading('load through ingestReadings:');
  console.log(`${''.padEnd(44)}${cols}`);
  const load = (f: (r: Result) => string, name: string) =>
    console.log(`${name.padEnd(44)}${results.map((r) => f(r.result).padStart(12)).join('')}`);
  load((r) => `${(r.load.ms / 1000).toFixed(1)} s`, `all ${r0.load.batches} batches`);
  load((r) => `${Math.round(r.readings / (r.load.ms / 1000)).toLocaleString('en')}/s`, 'readings per second');
  load((r) => `${r.load.batchP50.toFixed(1)} ms`, 'a batch, median');
  load((r) => `${r.load.batchP95.toFixed(1)} ms`, 'a batch, p95');
  heading(`reads through the services, median of ${READ_RUNS} (ms), and the plan of each list's query:`);
  console.log(`${''.padEnd(44)}${cols}`);
  for (const name of Object.keys(r0.reads)) {
    console.log(`${name.padEnd(44)}${results.map((r) => (r.result.reads[name]?.ms.toFixed(2) ?? '-').padStart(12)).join('')}`);
    for (const r of results) if (r.result.reads[name]?.plan) console.log(`    ${r.label}: ${r.result.reads[name].plan}`);
  }
}

/** This file run on the code of `ref`: its tree from git, this file copied in, this checkout's node_modules. */
function runBaseline(ref: string): Result {
  const repo = new URL('../..', import.meta.url).pathname;
  const tree = mkdtempSync(join(tmpdir(), 'bench-storage-baseline-'));
  try {
    const archive = spawnSync('sh', ['-c', `git -C "${repo}" archive "${ref}" | tar -x -C "${tree}"`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (archive.status !== 0) throw new Error(`git archive ${ref} failed`);
    symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'));
    cpSync(new URL(import.meta.url).pathname, join(tree, 'test/bench/storage.ts'));
    const args = [
      'test/bench/storage.ts',
      '--json',
      '--readings',
      String(READINGS),
      '--users',
      String(USERS),
      '--days-per-batch',
      String(DAYS_PER_BATCH),
      ...(opts.keep ? ['--keep'] : []),
    ];
    const child = spawnSync(process.execPath, args, {
      cwd: tree,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0) throw new Error(`the baseline's run failed (exit ${child.status})`);
    return JSON.parse(child.stdout.toString()) as Result;
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

if (opts.json) {
  console.log(JSON.stringify(await measure()));
} else {
  const results: { label: string; result: Result }[] = [];
  if (opts.baseline) {
    log(`baseline: ${opts.baseline}`);
    results.push({ label: opts.baseline.slice(0, 10), result: runBaseline(opts.baseline) });
  }
  results.push({ label: 'this code', result: await measure() });
  print(results);
}
