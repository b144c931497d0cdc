/**
 * npm run bench:paging [-- --readings 1000000 --limit 500 --runs 5]
 *
 * What the first and the last page of a long readings history cost, by offset and by cursor. The
 * server is `npm start` in a process of its own on a fresh database (a PostgreSQL database next to
 * DATABASE_URL, or without it an embedded PGlite in a temporary directory); one account gets
 * N readings through the ingest API, 10,000 per request. Then, each timed `--runs` times (median
 * printed): the first page (no offset), the last page by offset, the first page by cursor and the
 * last page by cursor (the cursor a walk over every page reached; the walk itself is timed too).
 * The pages are timed once the readings have planner statistics (waiting for them, as a server
 * running for a minute would have them). Target: the last page by cursor costs what the first does.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signUpOn, sleep, startAsNpmStart } from './spawned-server.ts';
import { median } from './figures.ts';

const { values: opts } = parseArgs({
  options: {
    readings: { type: 'string', default: '1000000' },
    limit: { type: 'string', default: '500' },
    runs: { type: 'string', default: '5' },
  },
});
const N = Number(opts.readings);
const LIMIT = Number(opts.limit);
const RUNS = Number(opts.runs);
if (!(N >= LIMIT) || !(LIMIT >= 1 && LIMIT <= 500) || !(RUNS >= 1)) throw new Error('--readings >= --limit (1..500), --runs >= 1');

const ms = (x: number) => `${x.toFixed(1)} ms`;

const server = await startAsNpmStart('paging');
try {
  const user = await signUpOn(server.base);
  const headers = { authorization: user.auth, 'content-type': 'application/json' };
  const start = Date.UTC(2023, 0, 1);
  const loadStarted = performance.now();
  for (let i = 0; i < N; i += 10_000) {
    const readings = Array.from({ length: Math.min(10_000, N - i) }, (_, k) => ({
      metric_type_slug: 'heart_rate',
      recorded_at: new Date(start + (i + k) * 90_000).toISOString(),
      value: 50 + ((i + k) % 60),
      source: (i + k) % 3 ? 'apple_watch' : 'oura',
      source_id: `${(i + k).toString(36).padStart(8, '0')}-0000-4000-8000-${(i + k).toString(16).padStart(12, '0')}`,
    }));
    const res = await fetch(`${server.base}/users/${user.id}/health/metrics`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ readings }),
    });
    if (!res.ok) throw new Error(`ingest: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    if ((i / 10_000) % 10 === 9) process.stdout.write(`  loaded ${i + 10_000} readings\n`);
  }
  console.log(
    `${N} readings loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s on ${server.databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );

  // The pages are timed as the server plans them once the readings have statistics: on PostgreSQL
  // autovacuum's or, with it off, the service's own analysis (src/db/statistics.ts, every minute);
  // the embedded database's thread analyzes after its next checkpoint, a few seconds after the load.
  const waited = performance.now();
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const analyzed = async () =>
      (
        await client.query<{ done: boolean }>(
          `select coalesce(last_analyze, last_autoanalyze) > now() - interval '10 minutes' as done from pg_stat_user_tables where relname = 'health_metrics'`,
        )
      ).rows[0]?.done === true;
    while (!(await analyzed()) && performance.now() - waited < 120_000) await sleep(1000);
    await client.end();
  } else await sleep(5000);
  console.log(`statistics in place ${((performance.now() - waited) / 1000).toFixed(0)} s after the load`);

  const list = `${server.base}/users/${user.id}/health/metrics`;
  const timed = async (url: string): Promise<{ ms: number; link: string | null; count: number }> => {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as unknown[];
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return { ms: performance.now() - t0, link: res.headers.get('link'), count: body.length };
  };
  const timeRuns = async (url: string) => {
    await timed(url);
    const runs: number[] = [];
    for (let r = 0; r < RUNS; r++) runs.push((await timed(url)).ms);
    return median(runs);
  };

  const firstByOffset = await timeRuns(`${list}?limit=${LIMIT}`);
  const lastByOffset = await timeRuns(`${list}?limit=${LIMIT}&offset=${N - LIMIT}`);

  const walkStarted = performance.now();
  let next: string | null = `${list}?limit=${LIMIT}`;
  let lastUrl = next;
  let pages = 0;
  let seen = 0;
  while (next) {
    lastUrl = next;
    const page = await timed(next);
    pages++;
    seen += page.count;
    const m = page.link && /^<([^>]+)>; rel="next"$/.exec(page.link);
    next = m ? `${server.base}${m[1]}` : null;
  }
  const walk = performance.now() - walkStarted;
  if (seen !== N) throw new Error(`the cursor walk saw ${seen} readings of ${N}`);
  const firstByCursor = firstByOffset;
  const lastByCursor = await timeRuns(lastUrl);

  console.log(`\nreadings list, ${LIMIT} per page, median of ${RUNS}:`);
  console.log(
    `  by offset: first page ${ms(firstByOffset)}, last page ${ms(lastByOffset)}  (last / first ${(lastByOffset / firstByOffset).toFixed(1)}x)`,
  );
  console.log(
    `  by cursor: first page ${ms(firstByCursor)}, last page ${ms(lastByCursor)}  (last / first ${(lastByCursor / firstByCursor).toFixed(1)}x)`,
  );
  console.log(`  a walk over all ${pages} pages by cursor: ${(walk / 1000).toFixed(1)} s (${ms(walk / pages)} a page)`);
  console.log(`  last page, offset / cursor: ${(lastByOffset / lastByCursor).toFixed(1)}x`);
} finally {
  await server.stop();
}
