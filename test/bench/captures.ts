/**
 * npm run bench:captures [-- --captures 100]
 *
 * How soon a capture's suggestions are there: the server runs as `npm start` runs it, idle, and one
 * user posts captures one after another, each timed from the POST to the moment its suggestions are
 * listed (GET /suggestions shows them: the capture is parsed). Prints p50, p95 and max.
 * Target: p95 under 300 ms, on both databases (DATABASE_URL for PostgreSQL, else the embedded PGlite).
 */
import { parseArgs } from 'node:util';
import { signUpOn, sleep, startAsNpmStart } from './spawned-server.ts';

const { values: opts } = parseArgs({ options: { captures: { type: 'string', default: '100' } } });
const N = Number(opts.captures);
if (!(N >= 1)) throw new Error('--captures takes a positive number');

const LINES = ['weight 72.4 kg', 'coffee at 9am', 'ran 5k this morning in 27 min', 'slept 7.5 hours', 'drank 2 glasses of water'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const server = await startAsNpmStart('captures');
  try {
    const user = await signUpOn(server.base);
    const headers = { 'content-type': 'application/json', authorization: user.auth };
    const listed = async (captureId: string) => {
      const res = await fetch(`${server.base}/users/${user.id}/log-captures/${captureId}`, { headers });
      const body = (await res.json()) as { status: string; suggestions: unknown[] };
      return body.status === 'parsed' && body.suggestions.length > 0;
    };
    const times: number[] = [];
    const posts: number[] = [];
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.base}/users/${user.id}/log-captures`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: LINES[i % LINES.length] }),
      });
      if (res.status !== 201) throw new Error(`POST answered ${res.status}: ${await res.text()}`);
      const { id } = (await res.json()) as { id: string };
      posts.push(performance.now() - t0);
      while (!(await listed(id))) {
        if (performance.now() - t0 > 30_000) throw new Error(`capture ${id} not parsed after 30 s`);
        await sleep(5);
      }
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    posts.sort((a, b) => a - b);
    const where = server.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)';
    console.log(`${N} captures on ${where}, one after another, POST to suggestions listed:`);
    console.log(
      `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms (target < 300 ms), max ${times.at(-1)!.toFixed(0)} ms`,
    );
    console.log(`of which the POST's answer: p50 ${percentile(posts, 50).toFixed(0)} ms, p95 ${percentile(posts, 95).toFixed(0)} ms`);
  } finally {
    await server.stop();
  }
}

await main();
