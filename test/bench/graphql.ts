/**
 * npm run bench:graphql [-- --seconds 20 --concurrency 4]
 *
 * A demo user (120 days of seeded data, goals, accepted and pending suggestions); then the
 * dashboard as ONE GraphQL query, and the same data fetched by the equivalent sequential REST calls
 * (the inbox page, each suggestion's resulting event, goals, the day summary, episodes, the graph),
 * first with one client (a quarter of --seconds: server time is each request's own work), then
 * under load from --concurrency clients for --seconds per mode. Prints dashboards/s, end-to-end
 * p50/p99, HTTP calls and SQL statements per dashboard, and the server time (Server-Timing) of
 * the GraphQL request against the slowest single REST call in the sequence.
 * Targets: the GraphQL round trip is faster end to end than the REST sequence; its server time
 * is within 1.3x of the slowest single REST call.
 *
 * Uses DATABASE_URL when set (a fresh database next to it), else an in-memory PGlite.
 */
import { parseArgs } from 'node:util';
import { DASHBOARD } from './dashboard.ts';
import { withContext } from '../../src/db/context.ts';
import { seedDemo } from '../../src/tools/demo-data.ts';
import { captureParsed } from '../captures/flow.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

const { values: opts } = parseArgs({
  options: { seconds: { type: 'string', default: '20' }, concurrency: { type: 'string', default: '4' } },
});
const SECONDS = Number(opts.seconds);
const CONCURRENCY = Number(opts.concurrency);
const METRIC = 'sleep_duration';

type Call = { path: string; serverMs: number };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const serverTime = (res: Response) => Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);

async function fetchJson(server: TestServer, user: TestUser, path: string, calls: Call[], init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { ...user.auth, 'content-type': 'application/json', ...init.headers },
  });
  const body = (await res.json()) as any;
  if (res.status !== 200 || body.errors) throw new Error(`${path}: ${res.status} ${JSON.stringify(body.errors ?? body)}`);
  calls.push({
    path: path
      .replace(/\/users\/[^/]+/, '')
      .replace(/[0-9a-f-]{36}/g, '{id}')
      .replace(/\?.*/, ''),
    serverMs: serverTime(res),
  });
  return body;
}

/** The dashboard in one GraphQL round trip. */
async function viaGraphql(server: TestServer, user: TestUser, calls: Call[]) {
  const body = JSON.stringify({ query: DASHBOARD, variables: { metric: METRIC } });
  return (await fetchJson(server, user, '/graphql', calls, { method: 'POST', body })).data.me;
}

/** The same data as a client of the REST API fetches it, one call after another (goal progress is in today's summary). */
async function viaRest(server: TestServer, user: TestUser, today: string, calls: Call[]) {
  const base = `/users/${user.id}`;
  const inbox = await fetchJson(server, user, `${base}/suggestions?status=accepted&limit=20`, calls);
  const events = [];
  for (const s of inbox.suggestions)
    if (s.resulting_event_id) events.push(await fetchJson(server, user, `${base}/events/${s.resulting_event_id}`, calls));
  const goals = await fetchJson(server, user, `${base}/goals`, calls);
  const day = await fetchJson(server, user, `${base}/days/${today}`, calls);
  const episodes = await fetchJson(server, user, `${base}/insights/episodes`, calls);
  const graph = await fetchJson(server, user, `${base}/insights/graph?metric=${METRIC}`, calls);
  return { inbox, events, goals, day, episodes, graph };
}

async function seed(server: TestServer, user: TestUser): Promise<void> {
  await withContext(() => seedDemo(user.id, 'UTC', { days: 120, seed: 7 }), server.db.orm);
  for (const slug of ['steps', 'sleep_duration', 'caffeine']) {
    await fetch(`${server.url}/users/${user.id}/goals/${slug}`, {
      method: 'PUT',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ target: slug === 'caffeine' ? 200 : 7, direction: slug === 'caffeine' ? 'at_most' : 'at_least' }),
    });
  }
  for (let i = 0; i < 30; i++) {
    const capture = await captureParsed(server, user, `ran ${3 + (i % 7)}k this morning, ${1 + (i % 3)} coffees`);
    if (i < 24) {
      await fetch(`${server.url}/users/${user.id}/suggestions/${capture.suggestions[0].id}/accept`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: '{}',
      });
    }
  }
}

type Run = {
  label: string;
  latencies: number[];
  calls: Call[];
  dashboards: number;
  seconds: number;
  statements: number;
  callsPerDashboard: number;
};

async function load(
  label: string,
  server: TestServer,
  clients: number,
  seconds: number,
  dashboard: (calls: Call[]) => Promise<unknown>,
): Promise<Run> {
  // Statements of one dashboard, measured alone so concurrent requests do not blur it.
  const quiet: Call[] = [];
  const before = server.db.statements();
  await dashboard(quiet);
  const statements = server.db.statements() - before;
  for (let i = 0; i < 5; i++) await dashboard([]); // warm-up
  const latencies: number[] = [];
  const calls: Call[] = [];
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        await dashboard(calls);
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    label,
    latencies,
    calls,
    dashboards: latencies.length,
    seconds: (performance.now() - t0) / 1000,
    statements,
    callsPerDashboard: quiet.length,
  };
}

function serverP50ByPath(calls: Call[]): Map<string, number> {
  const byPath = new Map<string, number[]>();
  for (const c of calls) byPath.set(c.path, [...(byPath.get(c.path) ?? []), c.serverMs]);
  return new Map(
    [...byPath].map(([path, times]) => [
      path,
      percentile(
        times.sort((a, b) => a - b),
        50,
      ),
    ]),
  );
}

function report(phase: string, gq: Run, rs: Run): void {
  console.log(
    `\n== ${phase}\n${'mode'.padEnd(20)} ${'dashboards/s'.padStart(12)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'HTTP calls'.padStart(11)} ${'SQL stmts'.padStart(10)}`,
  );
  for (const r of [gq, rs]) {
    console.log(
      `${r.label.padEnd(20)} ${(r.dashboards / r.seconds).toFixed(1).padStart(12)} ${percentile(r.latencies, 50).toFixed(1).padStart(8)} ${percentile(r.latencies, 99).toFixed(1).padStart(8)} ${String(r.callsPerDashboard).padStart(11)} ${String(r.statements).padStart(10)}`,
    );
  }
  const e2e = percentile(gq.latencies, 50) / percentile(rs.latencies, 50);
  console.log(`end to end, p50: GraphQL / REST sequence = ${e2e.toFixed(2)} (target < 1)`);
  const restServer = [...serverP50ByPath(rs.calls)].sort((a, b) => b[1] - a[1]);
  console.log('server time p50 by REST call:');
  for (const [path, ms] of restServer) console.log(`  ${path.padEnd(36)} ${ms.toFixed(2).padStart(8)} ms`);
  const [slowestPath, slowest] = restServer[0];
  const graphqlServer = serverP50ByPath(gq.calls).get('/graphql')!;
  console.log(
    `GraphQL server time p50 ${graphqlServer.toFixed(2)} ms vs slowest REST call (${slowestPath}) ${slowest.toFixed(2)} ms = ${(graphqlServer / slowest).toFixed(2)}x (target <= 1.3)`,
  );
}

async function main(): Promise<void> {
  const server = await startTestServer();
  try {
    const user = await signUp(server);
    const t0 = performance.now();
    await seed(server, user);
    const today = new Date().toISOString().slice(0, 10);
    console.log(
      `seeded a demo user in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; one client, then ${CONCURRENCY} concurrent clients`,
    );

    const graph = await viaGraphql(server, user, []);
    const rest = await viaRest(server, user, today, []);
    if (graph.suggestions.items.length !== rest.inbox.suggestions.length || graph.insightGraph.edges.length !== rest.graph.edges.length) {
      throw new Error('GraphQL and REST disagree on the dashboard data');
    }
    console.log(
      `dashboard: ${graph.suggestions.items.length} suggestions with events, ${graph.goals.length} goals, ${graph.episodes.episodes.length} episodes, ${graph.insightGraph.edges.length} graph edges`,
    );

    // Quiet (one client: server time is the request's own work) and under load (throughput, queueing included).
    for (const [phase, clients, seconds] of [
      ['one client', 1, Math.max(3, SECONDS / 4)],
      [`${CONCURRENCY} clients`, CONCURRENCY, SECONDS],
    ] as const) {
      const gq = await load('GraphQL (1 query)', server, clients, seconds, (calls) => viaGraphql(server, user, calls));
      const rs = await load('REST (sequential)', server, clients, seconds, (calls) => viaRest(server, user, today, calls));
      report(`${phase}, ${seconds} s per mode`, gq, rs);
    }
  } finally {
    await server.stop();
  }
}

await main();
