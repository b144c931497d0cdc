/**
 * npm run bench:load [-- --seconds 30 --rate 200 --connections 10 --warmup 5 --plain-node --replica]
 *
 * The server as a user runs it (`npm start`: the build, then its node command and flags, its own process, info-level request logs to a
 * file, workers on) on a seeded demo user (120 days, goals, 30 parsed captures of which 24 accepted),
 * then autocannon at a fixed overall rate with a weighted mix of the routes a client uses: event
 * writes (unique notes), small reading batches (unique source_ids), GET events, suggestions, goals,
 * today's day, metric definitions, the insight graph and the GraphQL dashboard of bench:graphql.
 * Prints requests/s achieved, p50/p90/p99 latency, errors and non-2xx answers, per-route p99 (end
 * to end, and the server's own time from Server-Timing), and the server's RSS: idle right after
 * start and after seeding (before load), each once settled, and peak under load (sampled from /proc).
 * Targets: 0 errors, 0 non-2xx and p99 < 100 ms at 200 requests/s on this 2-core machine (load
 * generator included), on PostgreSQL and on the embedded database; idle RSS of the embedded
 * server < 250 MB.
 *
 * The per-user write budget (WRITE_RATE_PER_MINUTE / WRITE_BURST) is raised for the run: one
 * user writing ~50 times a second would otherwise get 429s by design. The output says so.
 * Uses DATABASE_URL when set (a fresh database next to it, dropped afterwards), else the embedded
 * database in a fresh temporary PGLITE_DIR (on disk, as `npm start` uses it).
 * Extra node flags for the server: BENCH_SERVER_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 * --replica: a throwaway primary and a streaming hot standby of it (test/helpers/standby.ts, the
 * machine's PostgreSQL binaries), the load run twice on it, the primary alone and then with the
 * standby as DATABASE_REPLICA_URLS, and the share of reads the replica served printed beside each.
 *
 * autocannon's fixed rate is per connection and per second: each connection sends its share of
 * the second's requests back to back, so at most --connections requests are in flight. Latencies
 * are raw (ignoreCoordinatedOmission): autocannon 9 corrects with an interval of ceil(1/rate) ms
 * = 1 ms, which would fill the histogram with synthetic samples.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, sleep, waitReady } from './spawned-server.ts';
import { DASHBOARD } from './dashboard.ts';
import autocannon from 'autocannon';
import { withContext } from '../../src/db/context.ts';
import { openDatabase } from '../../src/db/database.ts';
import { seedDemo } from '../../src/tools/demo-data.ts';
import { freshDatabase } from '../helpers/databases.ts';
import { buildForStart, REPO, startArgs } from '../helpers/start-command.ts';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    rate: { type: 'string', default: '200' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    days: { type: 'string', default: '120' },
    'log-level': { type: 'string', default: 'info' },
    // `node src/main.ts`: the sources, without npm start's build and node flags (to compare their effect).
    'plain-node': { type: 'boolean', default: false },
    replica: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(opts.seconds);
const RATE = Number(opts.rate);
const CONNECTIONS = Number(opts.connections);
const WARMUP = Number(opts.warmup);
const DAYS = Number(opts.days);
const METRIC = 'sleep_duration';
const WRITE_BUDGET = { WRITE_RATE_PER_MINUTE: '1000000', WRITE_BURST: '1000000' };

type User = { id: string; auth: string };
type Route = { name: string; weight: number; method: 'GET' | 'POST'; path: (u: User) => string; body?: () => string };

let serial = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${serial++}`;
const today = () => new Date().toISOString().slice(0, 10);

/** The mix, in weights out of 100: a quarter writes, the rest the reads of the app's screens. */
const ROUTES: Route[] = [
  {
    name: 'POST events',
    weight: 15,
    method: 'POST',
    path: (u) => `/users/${u.id}/events`,
    body: () => JSON.stringify({ occurred_at: new Date().toISOString(), tags: ['bench'], notes: `load ${unique()}` }),
  },
  {
    name: 'POST health/metrics',
    weight: 10,
    method: 'POST',
    path: (u) => `/users/${u.id}/health/metrics`,
    body: () => {
      const id = unique();
      const at = Date.now();
      return JSON.stringify({
        readings: Array.from({ length: 5 }, (_, i) => ({
          metric_type_slug: 'heart_rate',
          recorded_at: new Date(at - i * 1000).toISOString(),
          source: 'apple_watch',
          source_id: `${id}-${i}`,
          value: 60 + i,
          unit: 'count/min',
        })),
      });
    },
  },
  { name: 'GET events', weight: 15, method: 'GET', path: (u) => `/users/${u.id}/events?limit=50` },
  { name: 'GET suggestions', weight: 10, method: 'GET', path: (u) => `/users/${u.id}/suggestions?status=accepted&limit=20` },
  { name: 'GET goals', weight: 10, method: 'GET', path: (u) => `/users/${u.id}/goals` },
  { name: 'GET days/{date}', weight: 10, method: 'GET', path: (u) => `/users/${u.id}/days/${today()}` },
  { name: 'GET metric-definitions', weight: 10, method: 'GET', path: (u) => `/users/${u.id}/metric-definitions` },
  { name: 'GET insights/graph', weight: 10, method: 'GET', path: (u) => `/users/${u.id}/insights/graph?metric=${METRIC}` },
  {
    name: 'POST graphql (dashboard)',
    weight: 10,
    method: 'POST',
    path: () => '/graphql',
    body: () => JSON.stringify({ query: DASHBOARD, variables: { metric: METRIC } }),
  },
];
const TOTAL_WEIGHT = ROUTES.reduce((s, r) => s + r.weight, 0);

function pick(): Route {
  let x = Math.random() * TOTAL_WEIGHT;
  for (const r of ROUTES) if ((x -= r.weight) < 0) return r;
  return ROUTES[ROUTES.length - 1];
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The server process's resident set and its high-water mark, in MB, from /proc. */
function rssMb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/**
 * Idle RSS once it has settled: after 10 s (V8 optimises PGlite's WASM in the background for
 * several seconds after start, holding hundreds of MB meanwhile), 3 one-second samples within 2 MB, at most 40 s.
 */
async function settledRss(pid: number): Promise<number> {
  await sleep(10_000);
  let prev = rssMb(pid).rss;
  let steady = 0;
  for (let i = 0; i < 30 && steady < 3; i++) {
    await sleep(1000);
    const now = rssMb(pid).rss;
    steady = Math.abs(now - prev) < 2 ? steady + 1 : 0;
    prev = now;
  }
  return prev;
}

async function call(base: string, u: User | undefined, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(u ? { authorization: u.auth } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => undefined);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function seed(base: string, u: User, database: { databaseUrl?: string; pgliteDir: string }): Promise<void> {
  // The demo data straight through the domain (as `npm run seed:demo` does; on PGlite through the server's socket).
  const db = await openDatabase({ ...database, role: 'cli', poolMax: 2 });
  try {
    await withContext(() => seedDemo(u.id, 'UTC', { days: DAYS, seed: 7 }), db.orm);
  } finally {
    await db.close();
  }
  for (const slug of ['steps', 'sleep_duration', 'caffeine']) {
    await call(base, u, 'PUT', `/users/${u.id}/goals/${slug}`, {
      target: slug === 'caffeine' ? 200 : 7,
      direction: slug === 'caffeine' ? 'at_most' : 'at_least',
    });
  }
  // Captures parsed by the server's worker into suggestions; most accepted (events with a resulting suggestion).
  for (let i = 0; i < 30; i++) {
    const capture = await call(base, u, 'POST', `/users/${u.id}/log-captures`, {
      text: `ran ${3 + (i % 7)}k this morning, ${1 + (i % 3)} coffees`,
    });
    let parsed: any;
    for (let t = 0; t < 300 && !parsed; t++) {
      const c = await call(base, u, 'GET', `/users/${u.id}/log-captures/${capture.id}`);
      if (c.status === 'parsed' || c.status === 'failed') parsed = c;
      else await sleep(50);
    }
    if (!parsed) throw new Error(`capture ${capture.id} not parsed`);
    if (i < 24 && parsed.suggestions?.[0]) await call(base, u, 'POST', `/users/${u.id}/suggestions/${parsed.suggestions[0].id}/accept`, {});
  }
}

type RouteStats = { latencies: number[]; server: number[]; non2xx: number };
/** Non-2xx answers by route and status, with the first body of each: what failed, not just how many. */
const failures = new Map<string, { count: number; body: string }>();

async function fire(base: string, u: User, seconds: number, stats?: Map<string, RouteStats>) {
  const url = new URL(base);
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: seconds,
    ignoreCoordinatedOmission: true,
    requests: [
      {
        // One entry drawn from the weighted mix each time; which route it was rides in the connection's context.
        setupRequest: (req: any, context: any) => {
          const route = pick();
          context.route = route.name;
          return {
            ...req,
            method: route.method,
            path: route.path(u),
            headers: { host: url.host, authorization: u.auth, ...(route.body ? { 'content-type': 'application/json' } : {}) },
            body: route.body?.() ?? undefined,
          };
        },
        onResponse: (status: number, _body: string, context: any, headers: Record<string, string>) => {
          if (!stats) return;
          const s = stats.get(context.route) ?? { latencies: [], server: [], non2xx: 0 };
          stats.set(context.route, s);
          if (status < 200 || status >= 300) {
            s.non2xx++;
            const key = `${context.route} ${status}`;
            const f = failures.get(key) ?? { count: 0, body: _body.slice(0, 200) };
            f.count++;
            failures.set(key, f);
          }
          const dur = /dur=([\d.]+)/.exec(headers?.['server-timing'] ?? headers?.['Server-Timing'] ?? '')?.[1];
          if (dur) s.server.push(Number(dur));
        },
      },
    ],
  } as any);
  // The end-to-end time of each answer, per route (the response event comes right after onResponse).
  instance.on('response', (client: any, _status: number, _bytes: number, ms: number) => {
    const name = client.requestIterator?.context?.route;
    if (stats && name) stats.get(name)?.latencies.push(ms);
  });
  return await instance;
}

type Summary = { p50: number; p99: number; errors: number; non2xx: number; replicaShare: number | null };

/** The replica's share of the reads that could come from one, from the server's /metrics (db_reads_served). */
async function replicaShare(base: string): Promise<number | null> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const served = [...text.matchAll(/^db_reads_served\{server="([^"]+)"\} (\d+)/gm)].map((m) => ({ server: m[1], n: Number(m[2]) }));
  const total = served.reduce((a, s) => a + s.n, 0);
  return total ? served.filter((s) => s.server !== 'primary').reduce((a, s) => a + s.n, 0) / total : null;
}

async function main(): Promise<void> {
  if (!opts.replica) return void (await run());
  const { startStandbyPair } = await import('../helpers/standby.ts');
  const pair = await startStandbyPair({ database: 'bench' });
  try {
    const alone = await run({ primaryUrl: pair.primaryUrl });
    const replicated = await run({ primaryUrl: pair.primaryUrl, replicaUrl: pair.replicaUrl });
    console.log(`
== primary alone vs primary + streaming replica (${SECONDS} s at ${RATE} requests/s each)`);
    for (const [name, s] of [
      ['primary alone', alone],
      ['primary + replica', replicated],
    ] as const) {
      const share = s.replicaShare === null ? '-' : `${(s.replicaShare * 100).toFixed(1)} %`;
      console.log(
        `${name.padEnd(18)} p50 ${s.p50} ms  p99 ${s.p99} ms  errors ${s.errors}  non-2xx ${s.non2xx}  reads served by the replica: ${share}`,
      );
    }
    console.log(`p99 ratio (with replica / alone): ${(replicated.p99 / alone.p99).toFixed(2)}x`);
  } finally {
    await pair.stop();
  }
}

async function run(target?: { primaryUrl: string; replicaUrl?: string }): Promise<Summary> {
  const baseUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined = target?.primaryUrl;
  let drop = async () => {};
  const scratch = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const pgliteDir = join(scratch, 'pglite');
  if (baseUrl && !target) {
    const fresh = await freshDatabase(baseUrl);
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logPath = join(scratch, 'server.log');
  const log = openSync(logPath, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: pgliteDir,
    ALLOW_REGISTRATION: 'true',
    LOG_LEVEL: opts['log-level'],
    ...WRITE_BUDGET,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  if (target?.replicaUrl) env.DATABASE_REPLICA_URLS = target.replicaUrl;
  else delete env.DATABASE_REPLICA_URLS;
  // What `npm start` runs (the build, then node with its flags on dist/bundle/main.js; memory settings in
  // docs/operations.md), with any extra node flags first; --plain-node: the sources without the flags.
  const extra = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  if (!opts['plain-node']) await buildForStart();
  const args = [...extra, ...(opts['plain-node'] ? ['src/main.ts'] : startArgs())];
  const t0 = performance.now();
  const server = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    await waitReady(base, server, logPath);
    const startMs = performance.now() - t0;
    const idleStart = await settledRss(server.pid!);

    const email = `load-${unique()}@example.com`;
    const password = 'correct horse battery';
    const { id } = await call(base, undefined, 'POST', '/auth/register', { email, password });
    const { api_token } = await call(base, undefined, 'POST', '/auth/login', { email, password });
    const user: User = { id, auth: `Bearer ${api_token}` };
    const t1 = performance.now();
    await seed(base, user, { databaseUrl, pgliteDir });
    const seedS = (performance.now() - t1) / 1000;
    const idleSeeded = await settledRss(server.pid!);

    const where = target?.replicaUrl ? 'PostgreSQL with a streaming replica' : databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
    console.log(
      `server: node ${args.join(' ')} on ${where}, ready in ${(startMs / 1000).toFixed(1)} s; LOG_LEVEL=${opts['log-level']} to a file`,
    );
    console.log(
      `write budget raised for the bench: WRITE_RATE_PER_MINUTE=${WRITE_BUDGET.WRITE_RATE_PER_MINUTE} WRITE_BURST=${WRITE_BUDGET.WRITE_BURST} (the default 600/min would answer 429)`,
    );
    console.log(`seeded a demo user (${DAYS} days, 3 goals, 30 captures) in ${seedS.toFixed(1)} s`);
    console.log(`mix: ${ROUTES.map((r) => `${r.name} ${r.weight}%`).join(', ')}`);

    if (WARMUP > 0) await fire(base, user, WARMUP);
    let peak = rssMb(server.pid!).rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(server.pid!).rss);
      } catch {
        // exited
      }
    }, 200);
    const stats = new Map<string, RouteStats>();
    const result = await fire(base, user, SECONDS, stats);
    clearInterval(sampler);
    const after = rssMb(server.pid!);

    const total = result.requests.total as number;
    const errors = (result.errors as number) + (result.timeouts as number);
    console.log(`\n== ${SECONDS} s at ${RATE} requests/s (${CONNECTIONS} connections, after ${WARMUP} s warm-up) on ${where}`);
    console.log(`requests/s achieved: ${(total / result.duration).toFixed(1)} (${total} requests)`);
    console.log(
      `latency ms: p50 ${result.latency.p50} p90 ${result.latency.p90} p99 ${result.latency.p99} max ${result.latency.max} (target p99 < 100)`,
    );
    console.log(`errors: ${errors} (timeouts ${result.timeouts}), non-2xx: ${result.non2xx} (target 0 and 0)`);
    console.log(
      `server RSS: idle after start ${idleStart.toFixed(0)} MB, idle after seeding ${idleSeeded.toFixed(0)} MB, peak under load ${peak.toFixed(0)} MB, after ${after.rss.toFixed(0)} MB (high-water mark incl. start-up ${after.hwm.toFixed(0)} MB)${databaseUrl ? '' : ' (target idle < 250 MB)'}`,
    );
    console.log(
      `\n${'route'.padEnd(26)} ${'count'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'server p50'.padStart(11)} ${'server p99'.padStart(11)} ${'non-2xx'.padStart(8)}`,
    );
    for (const r of ROUTES) {
      const s = stats.get(r.name);
      if (!s) continue;
      const lat = s.latencies.sort((a, b) => a - b);
      const srv = s.server.sort((a, b) => a - b);
      console.log(
        `${r.name.padEnd(26)} ${String(lat.length).padStart(6)} ${percentile(lat, 50).toFixed(1).padStart(8)} ${percentile(lat, 99).toFixed(1).padStart(8)} ${percentile(srv, 50).toFixed(1).padStart(11)} ${percentile(srv, 99).toFixed(1).padStart(11)} ${String(s.non2xx).padStart(8)}`,
      );
    }
    for (const [key, f] of failures) console.log(`non-2xx: ${key} x${f.count}: ${f.body}`);
    // The server's own error lines, grouped by message (request lines repeat the status; the cause is logged apart).
    const logged = new Map<string, number>();
    for (const line of readFileSync(logPath, 'utf8').split('\n')) {
      if (!/"level":(50|60)/.test(line)) continue;
      const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string } };
      const key = `${entry.msg ?? ''} ${entry.err?.type ?? ''}: ${entry.err?.message ?? ''}`.slice(0, 300);
      logged.set(key, (logged.get(key) ?? 0) + 1);
    }
    for (const [key, n] of logged) console.log(`server error log x${n}: ${key}`);
    const share = target?.replicaUrl ? await replicaShare(base) : null;
    if (share !== null) console.log(`reads served by the replica: ${(share * 100).toFixed(1)} % of those that could be`);
    return { p50: result.latency.p50, p99: result.latency.p99, errors, non2xx: result.non2xx, replicaShare: share };
  } catch (err) {
    console.error(
      readFileSync(logPath, 'utf8')
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l))
        .slice(-5)
        .join('\n'),
    );
    throw err;
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    await drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
