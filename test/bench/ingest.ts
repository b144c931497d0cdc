/**
 * npm run bench:ingest [-- --runs 7 --readings 10000]
 *
 * Posts N new readings over HTTP to a real server (run as `npm start` runs it: its node flags and
 * allocator settings) and, in the same round, inserts the same rows into the project's own
 * health_metrics table with one raw `INSERT ... SELECT FROM unnest(...) ON CONFLICT DO NOTHING`
 * through `pg`, the two taking turns at going first; then re-posts the same N (all skipped). Prints
 * each round, the ratio HTTP / raw (median, min, max over the rounds) and the server's peak RSS.
 * Targets (on PostgreSQL): median ratio <= 1.25x; re-post <= first post; peak RSS < 300 MB.
 *
 * Uses DATABASE_URL (a fresh database is created next to it and dropped afterwards); without it,
 * an in-memory PGlite (figures for information only: the targets are for PostgreSQL).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startGraphql } from '../../src/graphql/server.ts';
import { buildApp } from '../../src/app.ts';
import { loadSigningKey } from '../../src/auth/signing-key.ts';
import { withContext } from '../../src/db/context.ts';
import { openDatabase } from '../../src/db/database.ts';
import { createLogger } from '../../src/logger.ts';
import { toCanonical, metricType } from '../../src/domain/metrics/catalogue.ts';
import { testConfig } from '../helpers/config.ts';
import { freshDatabase } from '../helpers/databases.ts';
import { startArgs } from '../helpers/start-command.ts';
import { MALLOC_SETTINGS } from '../../src/memory-settings.ts';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    readings: { type: 'string', default: '10000' },
    role: { type: 'string', default: 'bench' },
  },
});
const RUNS = Number(opts.runs);
const N = Number(opts.readings);

type Reading = { metric_type_slug: string; recorded_at: string; source: string; source_id: string; value: number; unit: string };

/** A week of watch data: heart rate, steps and active energy samples, each with its own source_id. */
function readings(seed: string): Reading[] {
  const kinds = [
    { slug: 'heart_rate', unit: 'count/min', value: (i: number) => 55 + (i % 40) },
    { slug: 'steps', unit: 'count', value: (i: number) => (i * 37) % 900 },
    { slug: 'active_energy', unit: 'kJ', value: (i: number) => ((i * 13) % 80) / 2 },
  ];
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: N }, (_, i) => {
    const k = kinds[i % kinds.length];
    return {
      metric_type_slug: k.slug,
      recorded_at: new Date(start + i * 60_000).toISOString(),
      source: 'apple_watch',
      source_id: `${seed}-${i}`,
      value: k.value(i),
      unit: k.unit,
    };
  });
}

const RAW_SQL = `
insert into health_metrics
  (id, user_id, metric_type_id, recorded_at, local_date, value, source, source_id, reading_group_id, metadata, created_at)
select * from unnest($1::uuid[], $2::uuid[], $3::int2[], $4::timestamptz[], $5::date[], $6::float8[], $7::text[],
  $8::text[], $9::uuid[], $10::jsonb[], $11::timestamptz[])
on conflict (user_id, source, source_id) do nothing`;

/** The same rows as the HTTP request, as column arrays (built before the clock starts). */
function rawColumns(userId: string, rows: Reading[]): unknown[] {
  const now = new Date();
  return [
    rows.map(() => randomUUID()),
    rows.map(() => userId),
    rows.map((r) => metricType(r.metric_type_slug)!.id),
    rows.map((r) => r.recorded_at),
    rows.map((r) => r.recorded_at.slice(0, 10)),
    rows.map((r) => toCanonical(r.metric_type_slug, r.value, r.unit)),
    rows.map((r) => r.source),
    rows.map((r) => r.source_id),
    rows.map(() => null),
    rows.map(() => '{}'),
    rows.map(() => now),
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

async function main() {
  const baseUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (baseUrl) {
    const fresh = await freshDatabase(baseUrl);
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  // The server runs in its own process, so its peak RSS is measured apart from the bench's data.
  const server = fork(new URL(import.meta.url).pathname, ['--role', 'server'], {
    // As `npm start` runs the server: its node flags and allocator settings (BENCH_SERVER_FLAGS replaces the flags).
    execArgv: process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? startArgs().filter((a) => a.startsWith('--')),
    env: { ...MALLOC_SETTINGS, ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await message<{ port: number; connection: pg.PoolConfig }>(server);
  const base = `http://127.0.0.1:${ready.port}`;
  const raw = new pg.Pool({ ...ready.connection, max: 2 });

  async function user(): Promise<{ id: string; auth: string }> {
    const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'correct horse battery';
    const reg = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { id } = (await reg.json()) as { id: string };
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return { id, auth: `Bearer ${((await login.json()) as { api_token: string }).api_token}` };
  }
  async function post(u: { id: string; auth: string }, body: string): Promise<{ ms: number; created: number; skipped: number }> {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${base}/users/${u.id}/health/metrics`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: u.auth },
      body,
    });
    const json = (await res.json()) as { created: unknown[]; skipped_count: number };
    const elapsed = ms(t0);
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    return { ms: elapsed, created: json.created.length, skipped: json.skipped_count };
  }

  // Warm-up: JIT, connection pools, plans.
  const warm = await user();
  await post(warm, JSON.stringify({ readings: readings('warm').slice(0, 500) }));
  await raw.query(RAW_SQL, rawColumns((await user()).id, readings('warm-raw').slice(0, 500)));

  const results: { raw: number; http: number; repost: number }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const [httpUser, rawUser] = [await user(), await user()];
    const rows = readings(`run${run}`);
    const columns = rawColumns(rawUser.id, rows);
    const body = JSON.stringify({ readings: rows });
    const rawInsert = async () => {
      const t0 = process.hrtime.bigint();
      const inserted = await raw.query(RAW_SQL, columns);
      return { ms: ms(t0), rows: inserted.rowCount };
    };
    // The two sides alternate which goes first, so neither always meets a freshly checkpointed disk.
    const rawFirst = run % 2 === 1;
    const before = rawFirst ? await rawInsert() : undefined;
    const first = await post(httpUser, body);
    const after = rawFirst ? undefined : await rawInsert();
    const rawRun = (before ?? after)!;
    const again = await post(httpUser, body);
    if (rawRun.rows !== N || first.created !== N || again.skipped !== N) {
      throw new Error(`unexpected counts: raw ${rawRun.rows}, http created ${first.created}, re-post skipped ${again.skipped}`);
    }
    results.push({ raw: rawRun.ms, http: first.ms, repost: again.ms });
    console.log(
      `run ${run} (${rawFirst ? 'raw first' : 'HTTP first'}): raw ${rawRun.ms.toFixed(1)} ms, HTTP ${first.ms.toFixed(1)} ms, ratio ${(first.ms / rawRun.ms).toFixed(2)}x, re-post ${again.ms.toFixed(1)} ms (body ${(body.length / 1048576).toFixed(2)} MiB)`,
    );
  }

  const rawMs = median(results.map((r) => r.raw));
  const httpMs = median(results.map((r) => r.http));
  const repostMs = median(results.map((r) => r.repost));
  const ratios = results.map((r) => r.http / r.raw);
  server.send('stats');
  const { maxRssKb, baselineKb } = await message<{ maxRssKb: number; baselineKb: number }>(server);
  const where = baseUrl ? 'PostgreSQL' : 'PGlite (embedded; targets apply to PostgreSQL)';
  console.log(`\n${N} readings on ${where}, median of ${RUNS} runs`);
  console.log(`raw INSERT ... unnest:  ${rawMs.toFixed(1)} ms`);
  console.log(`HTTP ingest:            ${httpMs.toFixed(1)} ms`);
  console.log(
    `ratio HTTP / raw, per round: median ${median(ratios).toFixed(2)}x, min ${Math.min(...ratios).toFixed(2)}x, max ${Math.max(...ratios).toFixed(2)}x (target: median <= 1.25x)`,
  );
  console.log(`HTTP re-post (skipped): ${repostMs.toFixed(1)} ms   ratio to first post ${(repostMs / httpMs).toFixed(2)} (target <= 1)`);
  console.log(`server peak RSS: ${(maxRssKb / 1024).toFixed(0)} MB (target < 300 MB; ${(baselineKb / 1024).toFixed(0)} MB after start-up)`);

  await raw.end();
  server.send('stop');
  await new Promise((resolve) => server.once('exit', resolve));
  await drop();
}

function message<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** The server role: the real app, reporting its memory on request. */
async function serve() {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const config = testConfig({ databaseUrl, logLevel: 'silent' });
  const logger = createLogger('silent');
  const db = await openDatabase({ databaseUrl, pgliteDir: ':memory:', role: 'server', logger });
  await withContext(() => loadSigningKey(undefined));
  const graphql = await startGraphql({ logger, introspection: false });
  const app = buildApp({ config, db, logger, graphql });
  const http = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  const baselineKb = process.resourceUsage().maxRSS;
  const stop = async () => {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    await graphql.stop();
    await db.close();
    // Closing the IPC channel leaves nothing to wait for: the process ends on its own.
    process.disconnect();
  };
  process.on('message', (m) => {
    if (m === 'stats') process.send!({ maxRssKb: process.resourceUsage().maxRSS, baselineKb });
    if (m === 'stop') void stop();
  });
  process.send!({ port: (http.address() as AddressInfo).port, connection: db.connection });
}

if (opts.role === 'server') await serve();
else await main();
