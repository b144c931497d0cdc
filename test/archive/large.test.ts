import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { embeddedUrl } from '../../src/db/embedded.ts';
import { killAll, processDatabase, spawnServer, type ServerProcess } from '../helpers/process.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

/**
 * An export of an account with 500,000 readings, from the real server in its own process, whose
 * memory is sampled while it streams: the export must not grow with the account. And `npm run
 * export` as a person runs it, beside the running server.
 */
const READINGS = 500_000;
/**
 * The bounds: the server runs with its JavaScript heap capped at HEAP_MB (an export that held the
 * account at once would need several times that and die of it), and its resident memory may grow
 * by at most GROWTH_BOUND_MB while the export runs: less than the account's NDJSON alone (~250 MB),
 * so buffering it outside the heap fails too. The growth measured 99–154 MB on the embedded
 * database with the same code (peaks 430–462 MB): where the baseline lands varies by ~60 MB
 * between runs, as the embedded database and V8 grow their own memory during the export.
 */
const HEAP_MB = 192;
const GROWTH_BOUND_MB = 200;

let db: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess;
let u: TestUser;
const scratch = mkdtempSync(join(tmpdir(), 'lifetrack-export-'));

beforeAll(async () => {
  db = await processDatabase('migrated');
  server = await spawnServer({ ...db.env, WORKERS: '0' }, { heapMb: HEAP_MB });
  u = await signUp(server);
  // The readings are written straight into the table (the export is under test, not ingest).
  // On the embedded database, through the socket the running server serves in its data dir.
  const client = new pg.Client(db.url ?? embeddedUrl({ socketDir: resolve(db.env.PGLITE_DIR), port: 5432 }));
  await client.connect();
  await client.query(`insert into reading_sources (user_id, no, source) values ($1, 1, 'watch')`, [u.id]);
  await client.query(
    `insert into health_metrics (id, user_id, metric_type_id, recorded_at, local_date, value, source_no, created_at)
     select gen_random_uuid(), $1, 1, t, t::date, i, 1, now()
       from generate_series(1, $2::int) i, lateral (select timestamptz '2024-01-01' + i * interval '2 minutes' as t) at`,
    [u.id, READINGS],
  );
  await client.end();
}, 300_000);

afterAll(async () => {
  await killAll();
  await db?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Lines of one file of a ZIP on disk, counted as it is read. */
async function linesIn(path: string, name: string): Promise<number> {
  const zip = await new Promise<ZipFile>((resolve, reject) => openZip(path, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))));
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName !== name) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        let n = 0;
        stream.on('data', (c: Buffer) => {
          for (const byte of c) if (byte === 10) n++;
        });
        stream.on('end', () => (zip.close(), resolve(n)));
      });
    });
    zip.on('end', () => reject(new Error(`${name} is not in the archive`)));
    zip.readEntry();
  });
}

test(`exporting ${READINGS.toLocaleString('en')} readings streams in bounded memory (heap capped at ${HEAP_MB} MB, growth under ${GROWTH_BOUND_MB} MB)`, async () => {
  const pid = server.child.pid!;
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const file = join(scratch, 'big.zip');
  try {
    const res = await fetch(`${server.url}/users/${u.id}/export`, { headers: u.auth });
    expect(res.status).toBe(200);
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
  } finally {
    clearInterval(sampler);
  }
  console.log(
    `[export] ${READINGS} readings: ${(statSync(file).size / 1048576).toFixed(1)} MB zip; server RSS ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
  );
  expect(peak - baseline).toBeLessThan(GROWTH_BOUND_MB);
  expect(await linesIn(file, 'health_metric.ndjson')).toBe(READINGS);
}, 600_000);

test(`the same ${READINGS.toLocaleString('en')} readings as a FHIR Bundle stream in bounded memory too`, async () => {
  const pid = server.child.pid!;
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  // Counted as it arrives, never held: the entries (each has one fullUrl), the bytes, how it begins and ends.
  // Its pages are read by keyset, each planned on its own: on the table's statistics, as autovacuum
  // (or, where none runs, the service's statistics job) keeps them after a load like this one's.
  const client = new pg.Client(db.url ?? embeddedUrl({ socketDir: resolve(db.env.PGLITE_DIR), port: 5432 }));
  await client.connect();
  await client.query('analyze health_metrics');
  await client.end();
  const needle = '"fullUrl":"urn:uuid:';
  let [bytes, entries, carry, head] = [0, 0, '', ''];
  try {
    const res = await fetch(`${server.url}/users/${u.id}/export/fhir`, { headers: u.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      const text = carry + decoder.decode(chunk, { stream: true });
      if (head.length < 100) head += text.slice(0, 100);
      entries += text.split(needle).length - 1;
      carry = text.slice(-(needle.length - 1));
    }
    expect(head).toMatch(/^\{"resourceType":"Bundle","type":"collection",/);
    expect(carry.endsWith('}]}')).toBe(true);
  } finally {
    clearInterval(sampler);
  }
  console.log(
    `[fhir] ${READINGS} readings: ${(bytes / 1048576).toFixed(1)} MB of FHIR JSON; server RSS ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
  );
  // The Bundle is larger than the heap's cap and than the growth allowed: only streaming passes.
  expect(bytes / 1048576).toBeGreaterThan(Math.max(HEAP_MB, GROWTH_BOUND_MB));
  expect(peak - baseline).toBeLessThan(GROWTH_BOUND_MB);
  expect(entries).toBe(READINGS);
}, 600_000);

test('npm run export writes the archive from the command line beside the running server, and npm run import:archive brings it into another account', async () => {
  const { DATABASE_URL: _db, PGLITE_DIR: _dir, ...env } = process.env;
  const out = join(scratch, 'cli.zip');
  const small = await signUp(server);
  await server.api().post(`/users/${small.id}/events`).set(small.auth).send({ notes: 'from the CLI' });
  const result = await new Promise<{ code: number; stderr: string; stdout: string }>((resolve) =>
    execFile(
      process.execPath,
      ['src/cli/export.ts', '--user', small.email, '--out', out],
      { env: { ...env, ...db.env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
  expect(result).toMatchObject({ code: 0 });
  expect(result.stdout).toContain(`Exported ${small.email} to ${out}`);
  expect(await linesIn(out, 'event.ndjson')).toBe(1);
  const missing = await new Promise<{ code: number; stderr: string }>((resolve) =>
    execFile(process.execPath, ['src/cli/export.ts', '--user', small.email], { env: { ...env, ...db.env } }, (err, _o, stderr) =>
      resolve({ code: (err as { code?: number } | null)?.code ?? 0, stderr }),
    ),
  );
  expect(missing).toEqual({ code: 2, stderr: expect.stringContaining('--out is required') });

  // Moving the account: the original is deleted, and the archive brought into a new one with npm run import:archive.
  expect((await server.api().delete(`/users/${small.id}`).set(small.auth).send({ password: small.password })).status).toBe(204);
  const target = await signUp(server);
  const back = await new Promise<{ code: number; stdout: string }>((resolve) =>
    execFile(
      process.execPath,
      ['src/cli/import-archive.ts', '--user', target.email, out],
      { env: { ...env, ...db.env }, timeout: 120_000 },
      (err, stdout) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
    ),
  );
  expect(back.code).toBe(0);
  expect(back.stdout).toContain(`Imported into ${target.email} (exported from account ${small.id})`);
  expect(back.stdout).toContain('event: 1 created, 0 already there, 0 refused');
  const events = await server.api().get(`/users/${target.id}/events`).set(target.auth);
  expect(events.body.map((e: { notes: string }) => e.notes)).toEqual(['from the CLI']);
}, 180_000);
