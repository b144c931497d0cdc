/**
 * npm run bench:captures [-- --captures 100] [--record] [--misses]   (--captures 0: the corpus only)
 *
 * First, how right: the corpus of ordinary lines (test/fixtures/captures/corpus/) parsed and scored,
 * precision (suggestions fully right) and recall (expected suggestions found) overall and per
 * category and language. Target: precision >= 90%, recall >= 85%. `--record` writes the figures to
 * the corpus's figures.json (which the corpus test holds); `--misses` lists the lines not fully right.
 *
 * Then, how soon a capture's suggestions are there: the server runs as `npm start` runs it, idle, and one
 * user posts captures one after another, each timed from the POST to the moment its suggestions are
 * listed (GET /suggestions shows them: the capture is parsed). Prints p50, p95 and max.
 * Target: p95 under 300 ms, on both databases (DATABASE_URL for PostgreSQL, else the embedded PGlite).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CORPUS_DIR, describe, scoreCorpus, type Figures } from '../helpers/capture-corpus.ts';
import { signUpOn, sleep, startAsNpmStart } from './spawned-server.ts';

const { values: opts } = parseArgs({
  options: {
    captures: { type: 'string', default: '100' },
    record: { type: 'boolean', default: false },
    misses: { type: 'boolean', default: false },
  },
});
const N = Number(opts.captures);
if (!(N >= 0)) throw new Error('--captures takes a number (0: the corpus only)');

const LINES = ['weight 72.4 kg', 'coffee at 9am', 'ran 5k this morning in 27 min', 'slept 7.5 hours', 'drank 2 glasses of water'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const row = (name: string, f: Figures) =>
  `${name.padEnd(24)} ${String(f.lines).padStart(5)} lines  precision ${pct(f.precision).padStart(6)} (${f.suggestions} made)  recall ${pct(f.recall).padStart(6)} (${f.expected} expected)`;

function corpus() {
  const { results, all, groups } = scoreCorpus();
  if (opts.misses) {
    for (const r of results.filter((x) => x.right < x.drafts.length || x.right < x.line.expect.length)) {
      console.log(`${r.line.file}: ${JSON.stringify(r.line.text)}\n  expected ${JSON.stringify(r.line.expect)}`);
      for (const d of r.drafts) console.log(`  got ${describe(d)}`);
    }
  }
  console.log('Capture corpus, parsed and scored:');
  for (const [name, f] of Object.entries(groups)) console.log(row(name, f));
  console.log(row('all (target 90% / 85%)', all));
  if (opts.record) {
    writeFileSync(join(CORPUS_DIR, 'figures.json'), `${JSON.stringify({ all, groups }, null, 2)}\n`);
    console.log('recorded in figures.json');
  }
}

async function main() {
  corpus();
  if (N === 0) return;
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
