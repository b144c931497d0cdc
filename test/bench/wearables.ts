/**
 * npm run bench:wearables [-- --records 200000 --only garmin_fit,oura --db postgres|pglite]
 *
 * Records per second and peak RSS of each wearable's import, on a large generated export. For each
 * format, test/imports/wearables/<file>.generate.ts writes a realistic file of about `--records`
 * records (streamed to disk) into a temporary directory; the server is `npm start` itself in a
 * process of its own with WORKERS=1, on a fresh database. A fresh account uploads the file over
 * HTTP as the raw body (streamed from disk) without naming its format, then the bench polls the
 * import until it ends, sampling the server's memory every 200 ms.
 *
 * Prints per format: the file's size and records, the time from the upload's answer to the end,
 * records/s (records read / that time), the server's peak RSS during the import (VmHWM, reset just
 * before the upload), and the counts, checked against what the generator wrote (read = records).
 * Target: peak RSS under 300 MB for every format (constant memory whatever the file's size).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { memory, resetPeak } from './figures.ts';
import { signUpOn, sleep, startAsNpmStart, uploadFile } from './spawned-server.ts';

const { values: opts } = parseArgs({
  options: {
    records: { type: 'string', default: '200000' },
    only: { type: 'string' },
    db: { type: 'string' },
  },
});
if (opts.db === 'pglite') delete process.env.DATABASE_URL;
else if (opts.db === 'postgres' && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');

/** Each format the bench imports, and the generator beside its tests. */
const FORMATS: { name: string; generator: string }[] = [
  { name: 'fitbit_takeout', generator: 'fitbit' },
  { name: 'health_connect', generator: 'health-connect' },
  { name: 'gadgetbridge', generator: 'gadgetbridge' },
  { name: 'garmin_fit', generator: 'garmin-fit' },
  { name: 'oura', generator: 'oura' },
  { name: 'withings', generator: 'withings' },
];
const TARGET_RSS_MB = 300;
const RECORDS = Number(opts.records);
const only = opts.only?.split(',');

type Generate = (dir: string, records: number) => Promise<{ path: string; records: number }>;
type Json = Record<string, any>;

const int = (n: number) => Math.round(n).toLocaleString('en-US');

async function importOnce(base: string, format: string, file: { path: string; records: number }, pid: number) {
  const user = await signUpOn(base);
  const bytes = statSync(file.path).size;
  resetPeak(pid);
  let peak = memory(pid).rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 200);
  try {
    const up = await uploadFile(base, user, file.path, bytes, file.path.split('/').pop()!);
    if (up.status !== 202) throw new Error(`${format}: upload answered ${up.status}: ${JSON.stringify(up.body)}`);
    const t0 = performance.now();
    for (;;) {
      const res = await fetch(`${base}/users/${user.id}/imports/${up.body.id}`, { headers: { authorization: user.auth } });
      const job = (await res.json()) as Json;
      if (job.status === 'succeeded' || job.status === 'failed') {
        const seconds = (performance.now() - t0) / 1000;
        return { job, seconds, bytes, peak: Math.max(peak, memory(pid).hwm) };
      }
      await sleep(200);
    }
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wearables-'));
  process.env.WORKERS = '1';
  process.env.IMPORT_DIR = join(dir, 'imports');
  const server = await startAsNpmStart('wearables');
  const rows: string[] = [];
  let failed = false;
  try {
    for (const { name, generator } of FORMATS.filter((f) => !only || only.includes(f.name))) {
      const { generate } = (await import(`../imports/wearables/${generator}.generate.ts`)) as { generate: Generate };
      const file = await generate(join(dir, name), RECORDS);
      const { job, seconds, bytes, peak } = await importOnce(server.base, name, file, server.pid);
      const counts = job.counts as { read: number; created: number; present: number; skipped: Record<string, number> };
      const ok = job.status === 'succeeded' && job.detected_format === name && counts.read === file.records && peak < TARGET_RSS_MB;
      failed ||= !ok;
      rows.push(
        `${name.padEnd(15)} ${(bytes / 1e6).toFixed(1).padStart(7)} MB ${int(file.records).padStart(10)} records ` +
          `${seconds.toFixed(1).padStart(6)} s ${int(counts.read / seconds).padStart(8)} records/s  peak RSS ${peak.toFixed(0)} MB  ` +
          `${job.status}, detected ${job.detected_format}, read ${int(counts.read)}, created ${int(counts.created)}${ok ? '' : '  << NOT MET'}`,
      );
      console.log(rows.at(-1));
      rmSync(file.path, { force: true });
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nbench:wearables (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), about ${int(RECORDS)} records each:`);
  for (const row of rows) console.log(`  ${row}`);
  console.log(`target: peak RSS < ${TARGET_RSS_MB} MB for each, every record read: ${failed ? 'NOT MET' : 'met'}`);
  if (failed) process.exitCode = 1;
}

await main();
