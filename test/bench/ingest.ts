/**
 * npm run bench:ingest [-- --runs 7 --readings 10000]
 *
 * The referee of metric ingest. The server is `npm start` itself (the build, then node with its
 * flags on dist/bundle/main.js, its own allocator settings and start-up collection, its job runtime), in a
 * process of its own. Each round posts N new readings over HTTP twice and inserts the same rows
 * twice into the project's own health_metrics table (same indexes and keys) with one raw
 * `INSERT ... SELECT FROM unnest(...) ON CONFLICT DO NOTHING` through `pg`, sending only what the
 * table needs (the user and the creation time once, not once per row), each for an account of its
 * own, in the order A B B A (the rounds alternate which side is A); then re-posts the same N (all
 * skipped). Prints each round (the timings, the server's own time from its Server-Timing header,
 * the ratio of the two sides' means), the ratio HTTP / raw (median, min, max over the rounds) and the
 * server's peak RSS while it ingests (the kernel's high-water mark of that process, VmHWM, reset
 * once the accounts are signed up; start-up and sign-up peaks are printed apart). The HTTP time
 * runs from the request to the answer's last byte. Outside the ratio, one more post a round with
 * `Prefer: return=minimal` (counts only), for information.
 * Targets (on PostgreSQL): median ratio <= 1.25x; re-post <= first post; peak RSS < 300 MB.
 *
 * Uses DATABASE_URL (a fresh database is created next to it and dropped afterwards); without it,
 * a fresh embedded PGlite in a temporary directory, the raw side through the server's socket
 * (figures for information only: the targets are for PostgreSQL, and PGlite's start-up compiles
 * its WebAssembly with several hundred MB, which the start-up peak shows).
 * BENCH_SERVER_FLAGS: extra node flags for the server (e.g. --cpu-prof), before npm start's.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { signUpOn, sleep, startAsNpmStart } from './spawned-server.ts';
import pg from 'pg';
import { newTimeOrderedIds } from '../../src/core/ids.ts';
import { toCanonical, metricType } from '../../src/domain/metric-types/catalogue.ts';
import { mean, median, memory, resetPeak } from './figures.ts';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    readings: { type: 'string', default: '10000' },
  },
});
const RUNS = Number(opts.runs);
const N = Number(opts.readings);
if (!(RUNS >= 1) || !(N >= 1)) throw new Error('--runs and --readings take positive numbers');

type Reading = { metric_type_slug: string; recorded_at: string; source: string; source_id: string; value: number; unit: string };

/** A week of watch data: heart rate, steps and active energy samples, each with its own source_id. */
function readings(seed: string, n = N): Reading[] {
  const kinds = [
    { slug: 'heart_rate', unit: 'count/min', value: (i: number) => 55 + (i % 40) },
    { slug: 'steps', unit: 'count', value: (i: number) => (i * 37) % 900 },
    { slug: 'active_energy', unit: 'kJ', value: (i: number) => ((i * 13) % 80) / 2 },
  ];
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: n }, (_, i) => {
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

/**
 * The rows the server would store for the same readings (the bench's users are in UTC, so the local
 * day is the UTC date; no metadata, no reading group; the creation time in the ids, as a batch's
 * ids share its millisecond), as the leanest single statement can take them: per-row columns as
 * arrays, the user as one parameter.
 */
const RAW_SQL = `
insert into health_metrics
  (id, user_id, metric_type_id, recorded_at, local_date, value, source_no, source_uuid, source_id, reading_group_id, metadata, created_at)
select r.id, $1, r.t, r.at, r.d, r.v, r.s, null, r.sid, null, null, null
from unnest($2::uuid[], $3::int2[], $4::timestamptz[], $5::date[], $6::float8[], $7::int2[], $8::text[]) as r(id, t, at, d, v, s, sid)
on conflict do nothing`;

/** Every account's number for the bench's one source, given before the clock starts (reading-sources.ts). */
const SOURCE_NO = 1;

/** The raw statement's parameters (built before the clock starts, as the HTTP body is). */
function rawParams(userId: string, rows: Reading[]): unknown[] {
  return [
    userId,
    newTimeOrderedIds(rows.length).ids,
    rows.map((r) => metricType(r.metric_type_slug)!.id),
    rows.map((r) => r.recorded_at),
    rows.map((r) => r.recorded_at.slice(0, 10)),
    rows.map((r) => toCanonical(r.metric_type_slug, r.value, r.unit)),
    rows.map(() => SOURCE_NO),
    rows.map((r) => r.source_id),
  ];
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/**
 * What the HTTP side does that the raw insert does not, with what its two JSON steps cost in this
 * process (the server's are of the same kind): the reason a ratio above the target is not all
 * overhead of the service's own.
 */
function beyondRaw(body: string, answer: string, serverMinusRaw: number): string {
  const time = (f: () => unknown) => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = process.hrtime.bigint();
      f();
      runs.push(ms(t0));
    }
    return median(runs);
  };
  const parsed: unknown = JSON.parse(answer);
  const mib = (s: string) => (Buffer.byteLength(s) / 1048576).toFixed(2);
  return (
    `beyond the raw insert, the HTTP side reads ${mib(body)} MiB of JSON (JSON.parse here: ${time(() => JSON.parse(body)).toFixed(1)} ms) ` +
    `and answers ${mib(answer)} MiB (JSON.stringify here: ${time(() => JSON.stringify(parsed)).toFixed(1)} ms), both over HTTP; ` +
    `the server's own time exceeds the raw insert by ${serverMinusRaw.toFixed(1)} ms`
  );
}

async function main() {
  const started = await startAsNpmStart('ingest', process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean));
  const { base, databaseUrl, pgliteDir } = started;
  const server = { pid: started.pid };
  let raw: pg.Pool | undefined;
  try {
    // npm start collects its start-up garbage once listening: give it a moment.
    await sleep(1000);
    const startup = memory(server.pid);
    const connection = databaseUrl
      ? { connectionString: databaseUrl, max: 2 }
      : { host: resolve(pgliteDir), port: 5432, user: 'postgres', database: 'postgres', max: 1 };
    raw = new pg.Pool(connection);

    const user = () => signUpOn(base);
    /** One POST, timed to the answer's last byte (the client's JSON.parse of it is not the server's cost). */
    async function post(u: { id: string; auth: string }, body: string, prefer?: string) {
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${base}/users/${u.id}/health/metrics`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: u.auth, ...(prefer ? { prefer } : {}) },
        body,
      });
      const text = await res.text();
      const elapsed = ms(t0);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${text.slice(0, 300)}`);
      const json = JSON.parse(text) as { created?: unknown[]; created_count?: number; skipped_count: number };
      const serverMs = Number(/app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
      return { ms: elapsed, serverMs, created: json.created?.length ?? json.created_count, skipped: json.skipped_count, answer: text };
    }

    // Every account first: signing up hashes a password (argon2id, 19 MiB each), which is not ingest's memory.
    const users: Awaited<ReturnType<typeof user>>[] = [];
    for (let i = 0; i < 5 * RUNS + 2; i++) users.push(await user());
    await raw.query(`insert into reading_sources (user_id, no, source) select unnest($1::uuid[]), $2, 'apple_watch'`, [
      users.map((u) => u.id),
      SOURCE_NO,
    ]);
    const setup = memory(server.pid);
    const peakReset = resetPeak(server.pid);

    // Warm-up, one full batch each side (untimed): JIT, connection pools, plans.
    await post(users.pop()!, JSON.stringify({ readings: readings('warm') }));
    await raw.query(RAW_SQL, rawParams(users.pop()!.id, readings('warm-raw')));

    const results: { raw: number; http: number; server: number; repost: number; minimal: number }[] = [];
    let lastBody = '';
    let lastAnswer = '';
    for (let run = 1; run <= RUNS; run++) {
      // The same rows for all four, each time for an account of its own.
      const rows = readings(`run${run}`);
      const body = JSON.stringify({ readings: rows });
      /** One raw insert, timed. */
      const rawInsert = async () => {
        const params = rawParams(users.pop()!.id, rows);
        const t0 = process.hrtime.bigint();
        const inserted = await raw!.query(RAW_SQL, params);
        if (inserted.rowCount !== N) throw new Error(`unexpected count: raw inserted ${inserted.rowCount}`);
        return ms(t0);
      };
      /** One POST, timed. */
      const httpPost = async () => {
        const u = users.pop()!;
        const first = await post(u, body);
        if (first.created !== N) throw new Error(`unexpected count: http created ${first.created}`);
        return { u, first };
      };
      // Each side goes once in each place, A B B A, and the rounds alternate which is A: whichever
      // goes second meets the database still busy with the first one's rows (its WAL, its
      // autoanalyze), and a round with one insert each would charge that to one side only.
      const rawFirst = run % 2 === 1;
      const rawMs: number[] = [];
      const http: Awaited<ReturnType<typeof httpPost>>[] = [];
      for (const step of rawFirst ? ['raw', 'http', 'http', 'raw'] : ['http', 'raw', 'raw', 'http']) {
        if (step === 'raw') rawMs.push(await rawInsert());
        else http.push(await httpPost());
      }
      // The same batch again: all skipped.
      const again = await post(http[0].u, body);
      if (again.skipped !== N) throw new Error(`unexpected count: re-post skipped ${again.skipped}`);
      // Outside the ratio: the same rows for one more account, answered with counts only.
      const minimal = await post(users.pop()!, body, 'return=minimal');
      if (minimal.created !== N) throw new Error(`unexpected count: minimal post created ${minimal.created}`);
      const round = {
        raw: mean(rawMs),
        http: mean(http.map((h) => h.first.ms)),
        server: mean(http.map((h) => h.first.serverMs)),
        repost: again.ms,
        minimal: minimal.ms,
      };
      results.push(round);
      lastBody = body;
      lastAnswer = http[0].first.answer;
      console.log(
        `run ${run} (${rawFirst ? 'raw HTTP HTTP raw' : 'HTTP raw raw HTTP'}): raw ${rawMs.map((x) => x.toFixed(1)).join(' + ')} ms, ` +
          `HTTP ${http.map((h) => h.first.ms.toFixed(1)).join(' + ')} ms (server ${round.server.toFixed(1)} ms on average), ` +
          `ratio ${(round.http / round.raw).toFixed(2)}x, re-post ${again.ms.toFixed(1)} ms (body ${(body.length / 1048576).toFixed(2)} MiB)`,
      );
    }

    const rounds = memory(server.pid);
    const rawMs = median(results.map((r) => r.raw));
    const httpMs = median(results.map((r) => r.http));
    const repostMs = median(results.map((r) => r.repost));
    const ratios = results.map((r) => r.http / r.raw);
    const where = databaseUrl ? 'PostgreSQL' : 'PGlite (embedded; targets apply to PostgreSQL)';
    console.log(`\n${N} readings on ${where}, median of ${RUNS} rounds; server: node ${started.args.join(' ')}`);
    console.log(`raw INSERT ... unnest:  ${rawMs.toFixed(1)} ms`);
    console.log(
      `HTTP ingest:            ${httpMs.toFixed(1)} ms (server's own time ${median(results.map((r) => r.server)).toFixed(1)} ms)`,
    );
    console.log(
      `ratio HTTP / raw, per round: median ${median(ratios).toFixed(2)}x, min ${Math.min(...ratios).toFixed(2)}x, max ${Math.max(...ratios).toFixed(2)}x (target: median <= 1.25x)`,
    );
    if (median(ratios) > 1.25) console.log(beyondRaw(lastBody, lastAnswer, median(results.map((r) => r.server)) - rawMs));
    const minimalMs = median(results.map((r) => r.minimal));
    console.log(
      `HTTP ingest, Prefer: return=minimal (counts only, one post a round after the others): ${minimalMs.toFixed(1)} ms, ` +
        `${(minimalMs / rawMs).toFixed(2)}x the raw insert (for information: the default answer's ratio is the target)`,
    );
    console.log(`HTTP re-post (skipped): ${repostMs.toFixed(1)} ms   ratio to first post ${(repostMs / httpMs).toFixed(2)} (target <= 1)`);
    // Without clear_refs (not Linux, or refused) the high-water mark is the process's whole life.
    console.log(
      `server peak RSS ${peakReset ? 'while ingesting (warm-up and rounds)' : 'since it started'}: ${rounds.hwm.toFixed(0)} MB (target < 300 MB); ` +
        `${startup.rss.toFixed(0)} MB once started (start-up peak ${startup.hwm.toFixed(0)} MB), ${setup.rss.toFixed(0)} MB after signing up ` +
        `the accounts (peak ${setup.hwm.toFixed(0)} MB), ${rounds.rss.toFixed(0)} MB after the rounds`,
    );
  } finally {
    await raw?.end();
    await started.stop();
  }
}

await main();
