import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { waitFor } from '../captures/wait.ts';
import { scratchRoot } from '../helpers/databases.ts';
import { killAll, processDatabase, spawnServer } from '../helpers/process.ts';
import { signUp } from '../helpers/users.ts';
import { writeRecordsFile, type GeneratedRecords } from './generated-records.ts';
import { finished, upload } from './uploads.ts';

/**
 * Imports across what operators do to servers: kill -9 while one runs, then a start on the same
 * database and IMPORT_DIR. The server runs as in production (`npm start`, its own
 * process); the upload is a generated Records.json big enough to take a few seconds.
 */
let db: Awaited<ReturnType<typeof processDatabase>>;
let scratch: string;
let env: Record<string, string>;
let records: GeneratedRecords;
let bytes: Buffer;

beforeAll(async () => {
  db = await processDatabase('migrated');
  scratch = mkdtempSync(join(scratchRoot(), 'lifetrack-import-restart-'));
  env = { ...db.env, WORKERS: '1', IMPORT_DIR: join(scratch, 'imports'), SHUTDOWN_TIMEOUT_MS: '5000' };
  records = await writeRecordsFile(join(scratch, 'Records.json'), { records: 150_000 }, { seed: 7 });
  bytes = readFileSync(records.path);
});
afterAll(async () => {
  await killAll();
  await db?.drop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Every file under IMPORT_DIR, as paths relative to it (the spool folder is IMPORT_DIR/<hash of the database>/). */
function importDirFiles(): string[] {
  const root = env.IMPORT_DIR;
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name).slice(root.length + 1))
      .sort();
  } catch {
    return [];
  }
}

test('kill -9 while an import runs: the next start queues it again, it reads the file from the start, and nothing is lost or doubled', async () => {
  let s = await spawnServer(env);
  const user = await signUp(s);
  const res = await upload(s, user, bytes, { filename: 'Records.json' });
  expect(res.status).toBe(202);
  const id = res.body.id as string;
  // Running, with a progress saved (its counts beside it: the samples counted were committed).
  const running = await waitFor(
    async () => {
      const r = await s.api().get(`/users/${user.id}/imports/${id}`).set(user.auth);
      if (r.body.status !== 'queued' && r.body.status !== 'running') {
        throw new Error(`the import ended (${r.body.status}) before it could be killed: the file is too small for this machine`);
      }
      return r.body.status === 'running' && r.body.progress.bytes_read > 0 && r.body.counts.created > 0 ? r.body : undefined;
    },
    'the import to run with a progress and samples saved',
    60_000,
  );
  expect(running.progress.bytes_read).toBeLessThan(bytes.length);
  expect(running.counts.created).toBeLessThan(records.points);
  await s.kill();
  // The upload waits in the spool folder under the import's name.
  expect(importDirFiles()).toEqual([expect.stringMatching(new RegExp(`/${id}\\.upload$`))]);

  s = await spawnServer(env);
  try {
    await s.waitForLog(/queued unfinished imports again/);
    const done = await finished(s, user, id, 150_000);
    expect(done).toMatchObject({ status: 'succeeded', error: null, progress: { bytes_read: bytes.length, bytes_total: bytes.length } });
    // Read again from the first record: every record once, what the killed run wrote found present.
    expect(done.counts.read).toBe(records.records);
    expect(done.counts.created + done.counts.present).toBe(records.points);
    // The samples the killed run had written (and counted) are among those found present.
    expect(done.counts.present).toBeGreaterThanOrEqual(running.counts.created);
    expect(done.counts.skipped).toMatchObject({ no_time: records.noTime });
    expect(Object.values(done.counts.skipped as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(records.noTime);
    // Its file went when it ended.
    expect(importDirFiles()).toEqual([]);

    // The same file again: every point is there, once.
    const again = await upload(s, user, bytes, { filename: 'Records.json' });
    expect(again.status).toBe(202);
    const second = await finished(s, user, again.body.id, 150_000);
    expect(second).toMatchObject({ status: 'succeeded', counts: { read: records.records, created: 0, present: records.points } });
  } finally {
    await s.stop();
  }
}, 300_000);

test("a crash's leftovers in the spool folder (an upload still .part, an <id>.upload no import names) are removed at the next start", async () => {
  let s = await spawnServer(env);
  const user = await signUp(s);
  // A small import, so the spool folder exists and is known.
  const small = await writeRecordsFile(join(scratch, 'small.json'), { records: 20 }, { seed: 3 });
  const res = await upload(s, user, readFileSync(small.path));
  expect(res.status).toBe(202);
  expect(await finished(s, user, res.body.id)).toMatchObject({ status: 'succeeded', counts: { read: 20 } });
  const folders = readdirSync(env.IMPORT_DIR);
  expect(folders).toHaveLength(1);
  const spool = join(env.IMPORT_DIR, folders[0]);
  expect(await s.stop()).toBe(0);

  // What a process killed while receiving an upload, or between spooling and recording it, leaves.
  const stalePart = join(spool, `${randomUUID()}.part`);
  const orphan = join(spool, `${randomUUID()}.upload`);
  const freshPart = join(spool, `${randomUUID()}.part`);
  for (const path of [stalePart, orphan, freshPart]) writeFileSync(path, '{"locations": [');
  // A .part last written to two hours ago was abandoned; one written to just now may still be arriving
  // (another process sharing the folder), and is left alone. An .upload no import names goes, however new.
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
  utimesSync(stalePart, twoHoursAgo, twoHoursAgo);
  const relative = (path: string) => path.slice(env.IMPORT_DIR.length + 1);
  expect(importDirFiles()).toEqual([stalePart, orphan, freshPart].map(relative).sort());

  s = await spawnServer(env);
  try {
    const left = await waitFor(
      async () => (importDirFiles().length === 1 ? importDirFiles() : undefined),
      'the leftovers to be removed',
      60_000,
    );
    expect(left).toEqual([relative(freshPart)]);
    // The server works on: an upload is taken and imported.
    const next = await upload(s, user, readFileSync(small.path));
    expect(next.status).toBe(202);
    expect(await finished(s, user, next.body.id)).toMatchObject({ status: 'succeeded', counts: { read: 20, present: 20 } });
  } finally {
    await s.stop();
  }
}, 180_000);
