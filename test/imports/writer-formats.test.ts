import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemActor } from '../../src/core/actor.ts';
import { withContext } from '../../src/db/context.ts';
import { appleHealth } from '../../src/imports/formats/apple-health.ts';
import { lifetrackArchive } from '../../src/imports/formats/archive.ts';
import { daylio, isDaylio, isLoopCheckmarks, loop, mappedCsv } from '../../src/imports/formats/csv.ts';
import type { WriterFormat } from '../../src/imports/formats/format.ts';
import { Tally } from '../../src/imports/tally.ts';
import { expect422 } from '../helpers/expect.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { binary } from '../helpers/zip.ts';

/**
 * The import pipeline's writer formats (daylio, loop, csv, lifetrack_archive, apple_health) run as
 * the pipeline runs them, `write(path, actor, ctx)` on a file, over the same code as the older
 * routes (POST …/import/csv, POST …/import): each record counted once, so read = created +
 * present + skipped, and a file brought in by either adds nothing through the other.
 */
let server: TestServer;
let scratch: string;
beforeAll(async () => {
  server = await startTestServer();
  scratch = mkdtempSync(join(tmpdir(), 'lifetrack-writer-formats-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url));
let files = 0;
const fileOf = (content: string | Buffer) => {
  const path = join(scratch, `file-${++files}`);
  writeFileSync(path, content);
  return path;
};

/** Runs a format on a file as the pipeline does; answers the tally's counts and first reasons. */
async function write(format: WriterFormat, user: TestUser, content: string | Buffer, options: Record<string, unknown> = {}) {
  const tally = new Tally();
  await withContext(() =>
    format.write(fileOf(content), systemActor(user.id), { tally, signal: new AbortController().signal, options, now: new Date() }),
  );
  const { read, created, present, skipped, unmapped } = tally.counts;
  expect(created + present + Object.values(skipped).reduce((a, b) => a + b, 0)).toBe(read);
  const nonzero = Object.fromEntries(Object.entries(skipped).filter(([, n]) => n > 0));
  return { read, created, present, skipped: nonzero, unmapped, reasons: tally.reasons, bytesRead: tally.bytesRead };
}

const importCsv = (user: TestUser, body: object) => server.api().post(`/users/${user.id}/import/csv`).set(user.auth).send(body);
const events = async (user: TestUser) =>
  (await server.api().get(`/users/${user.id}/events`).query({ limit: 500 }).set(user.auth)).body as Record<string, any>[];
const categories = async (user: TestUser) =>
  (await server.api().get(`/users/${user.id}/categories`).set(user.auth)).body as { id: string; name: string }[];

test("detection: Daylio by its header (either export, quoted or not), Loop by its Checkmarks.csv (not its Scores.csv or one habit's file); the mapped CSV only by name", () => {
  expect(isDaylio(fixture('imports/daylio/sample.csv').toString())).toBe(true);
  expect(isDaylio(fixture('imports/daylio/legacy.csv').toString())).toBe(true);
  expect(isDaylio('"full_date","date","weekday","time","mood","activities","note_title","note"\r\n')).toBe(true);
  expect(isDaylio(fixture('imports/loop/Checkmarks.csv').toString())).toBe(false);
  expect(isDaylio('date,time,weight\n2024-01-01,08:00,70\n')).toBe(false);
  expect(isLoopCheckmarks(fixture('imports/loop/Checkmarks.csv').toString())).toBe(true);
  expect(isLoopCheckmarks(fixture('imports/loop/Checkmarks-numbers.csv').toString())).toBe(true);
  expect(isLoopCheckmarks('Date,Meditate,Run,\n2024-01-02,0.1234,0.5,\n2024-01-01,0.1,0.4,\n')).toBe(false);
  expect(isLoopCheckmarks('Date,Value,Notes\n2024-01-02,YES_MANUAL,\n')).toBe(false);
  expect(isLoopCheckmarks(fixture('imports/daylio/sample.csv').toString())).toBe(false);
  expect('detect' in mappedCsv).toBe(false);
});

test('daylio: a file imported through POST …/import/csv adds nothing through the pipeline; each entry counted once', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const csv = fixture('imports/daylio/sample_multiple_moods.csv');
  expect((await importCsv(u, { preset: 'daylio', csv: csv.toString() })).body.created).toMatchObject({ events: 7 });
  const again = await write(daylio, u, csv);
  expect(again).toMatchObject({ read: 7, created: 0, present: 7, skipped: {} });
  expect(again.bytesRead).toBe(csv.length);

  const fresh = await signUp(server, { timezone: 'Europe/Berlin' });
  const first = await write(daylio, fresh, csv, { daylio_moods: { ok: 3, refreshed: 4, tired: 2, sleepy: 2 } });
  expect(first).toMatchObject({ read: 7, created: 7, present: 0, skipped: {} });
  expect(await events(fresh)).toHaveLength(7);
  // The same rows, as the JSON route reads them: all already there.
  const moods = { ok: 3, refreshed: 4, tired: 2, sleepy: 2 };
  expect((await importCsv(fresh, { preset: 'daylio', csv: csv.toString(), daylio_moods: moods })).body).toMatchObject({
    created: { events: 0 },
    skipped: { events: 7 },
  });
  await expect(write(daylio, fresh, csv, { daylio_moods: { sad: 'very' } })).rejects.toMatchObject({
    issues: [{ loc: ['daylio_moods', 'sad'] }],
  });
  await expect(write(daylio, fresh, 'Date,Meditate,\n2024-01-01,YES_MANUAL,\n')).rejects.toMatchObject({
    issues: [{ loc: [], msg: expect.stringContaining('Not a Daylio export') }],
  });
});

test('loop: a day with a check is created, a day without one skipped as unmapped; a second run finds them present', async () => {
  const u = await signUp(server);
  const csv = fixture('imports/loop/Checkmarks.csv');
  const first = await write(loop, u, csv);
  expect(first).toMatchObject({
    read: 10,
    created: 6,
    present: 0,
    skipped: { unmapped_type: 4 },
    unmapped: { 'a day without a check': 4 },
  });
  expect(first.reasons[0]).toEqual({ reason: 'unmapped_type', detail: 'row 3: nothing to import' });
  expect(await write(loop, u, csv)).toMatchObject({ created: 0, present: 6, skipped: { unmapped_type: 4 } });
  expect((await importCsv(u, { preset: 'loop', csv: csv.toString() })).body.skipped.events).toBe(6);
});

test('loop: each done day is an event on its own date in any timezone, at noon there', async () => {
  const csv = 'Date,Swim,\n2024-03-31,YES_MANUAL,\n2024-03-30,NO,\n2024-01-01,YES_MANUAL,\n';
  for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Berlin']) {
    const u = await signUp(server, { timezone });
    expect((await importCsv(u, { preset: 'loop', csv })).body).toMatchObject({ created: { events: 2 } });
    const list = await events(u);
    expect(list.map((e) => e.local_date).sort()).toEqual(['2024-01-01', '2024-03-31']);
    for (const e of list) {
      const local = new Intl.DateTimeFormat('en-CA', {
        timeZone: timezone,
        dateStyle: 'short',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(new Date(e.occurred_at));
      expect(local).toBe(`${e.local_date}, 12:00`);
    }
    const day = await server.api().get(`/users/${u.id}/events`).query({ from: '2024-03-31', to: '2024-03-31' }).set(u.auth);
    expect(day.body).toHaveLength(1);
  }
});

test("loop: Loop writes habit names unquoted, so a name with a comma spans two header cells and two habits may share a name: each habit's days stay its own", async () => {
  const u = await signUp(server);
  // "Read, write" and two habits named Run: read by name, Run's checks landed in " write"'s column
  // and the first Run's were the second's.
  const csv = [
    'Date,Read, write,Run,Run,Stretch,',
    '2024-01-03,YES_MANUAL,NO,YES_MANUAL,NO,',
    '2024-01-02,NO,YES_MANUAL,NO,YES_MANUAL,',
    '2024-01-01,NO,NO,YES_AUTO,YES_MANUAL,',
  ].join('\n');
  const res = await importCsv(u, { preset: 'loop', csv });
  expect(res.body).toMatchObject({ rows: 3, created: { events: 5, categories: 4 }, refused: 0 });
  const names = new Map((await categories(u)).map((c) => [c.id, c.name]));
  const days = (await events(u)).map((e) => `${names.get(e.category_id)} ${e.local_date}`).sort();
  expect(days).toEqual(['Read, write 2024-01-03', 'Run (2) 2024-01-03', 'Run 2024-01-02', 'Stretch 2024-01-01', 'Stretch 2024-01-02']);

  // A comma with no space after it cannot be told from two habits: refused, not read into the wrong habits.
  const glued = await importCsv(u, { preset: 'loop', csv: 'Date,Read,write,Run,\n2024-01-03,YES_MANUAL,NO,\n' });
  expect422(glued, ['body', 'csv']);
  expect(glued.body.detail[0].msg).toMatch(/names 3 habits but the rows have 2 values/);
  // One habit's own Checkmarks.csv (in its folder of the export) does not name its habit.
  const single = await importCsv(u, { preset: 'loop', csv: 'Date,Value,Notes\n2024-01-03,YES_MANUAL,\n' });
  expect422(single, ['body', 'csv']);
  expect(single.body.detail[0].msg).toMatch(/one habit's Checkmarks.csv/);
});

test('csv: the mapping is the options, checked at their place; refused rows are skipped with their reason; a row over 1 MiB is too large', async () => {
  const u = await signUp(server, { timezone: 'America/New_York' });
  const csv = [
    'Day,At,Weight (lb),Comment',
    '2026-01-05,07:30,180.5,"morning, before coffee"',
    'yesterday,07:00,178,',
    `2026-01-07,07:10,179,"${'x'.repeat(1024 * 1024)}"`,
    '2026-01-08,07:15,heavy,',
    '2026-01-09,07:20,,',
  ].join('\n');
  const mapping = { date_column: 'Day', time_column: 'At', metrics: [{ column: 'Weight (lb)', metric_type_slug: 'weight', unit: 'lb' }] };
  await expect(write(mappedCsv, u, csv, {})).rejects.toMatchObject({ issues: [{ loc: ['mapping'], type: 'missing' }] });
  await expect(write(mappedCsv, u, csv, { mapping: { ...mapping, date_column: 'When' } })).rejects.toMatchObject({
    issues: [{ loc: ['mapping', 'date_column'], msg: 'The CSV has no column "When"' }],
  });
  const first = await write(mappedCsv, u, csv, { mapping });
  expect(first).toMatchObject({
    read: 5,
    created: 1,
    present: 0,
    skipped: { malformed: 2, too_large: 1, unmapped_type: 1 },
    unmapped: { 'a row without values': 1 },
  });
  expect(first.reasons).toEqual([
    { reason: 'malformed', detail: 'row 3, Day: Not a date: "yesterday"' },
    { reason: 'too_large', detail: 'row 4: Over 1048576 bytes: not read' },
    { reason: 'malformed', detail: 'row 5, Weight (lb): Not a number: "heavy"' },
    { reason: 'unmapped_type', detail: 'row 6: nothing to import' },
  ]);
  const again = await write(mappedCsv, u, csv, { mapping });
  expect(again).toMatchObject({ created: 0, present: 1 });
});

test('lifetrack_archive: an export brought in through the pipeline, each line counted; again, everything present; only with a signed-in session', async () => {
  const from = await signUp(server);
  const into = await signUp(server);
  for (const notes of ['one', 'two', 'three'])
    await server.api().post(`/users/${from.id}/events`).set(from.auth).send({ notes, occurred_at: '2026-03-01T08:00:00Z' });
  await server.api().post(`/users/${from.id}/categories`).set(from.auth).send({ name: 'Walks' });
  const zip = (await server.api().get(`/users/${from.id}/export`).set(from.auth).buffer(true).parse(binary)).body as Buffer;
  // Moving the account: ids are kept, so the archive comes home once the account it left is gone.
  expect((await server.api().delete(`/users/${from.id}`).set(from.auth).send({ password: from.password })).status).toBe(204);
  expect(lifetrackArchive.zipEntries!(['manifest.json', 'event.ndjson', 'events.csv'])).toBe(true);
  expect(lifetrackArchive.zipEntries!(['manifest.json', 'extension.js'])).toBe(false);
  expect(lifetrackArchive.access).toBe('account');

  const first = await write(lifetrackArchive, into, zip);
  // Three events, a category, the default event sources ...; the profile's unset goals are the account's own already.
  expect(first.created).toBeGreaterThanOrEqual(4);
  expect(first.present).toBeGreaterThan(0);
  expect(first.skipped).toEqual({});
  expect(first.bytesRead).toBeGreaterThan(0);
  expect((await events(into)).map((e) => e.notes).sort()).toEqual(['one', 'three', 'two']);
  const again = await write(lifetrackArchive, into, zip);
  expect(again).toMatchObject({ read: first.read, created: 0, present: first.read });
  // The old route finds the same.
  const old = await server.api().post(`/users/${into.id}/import`).set(into.auth).set('Content-Type', 'application/zip').send(zip);
  expect(old.body.types.event).toEqual({ created: 0, skipped: 3, refused: 0, reasons: [] });

  const token = (await server.api().post('/auth/tokens').set(into.auth).send({ name: 'sync', scope: 'write' })).body;
  const actor = { userId: into.id, scope: 'write' as const, via: 'access_token' as const, credentialId: token.id as string };
  await expect(
    withContext(() =>
      lifetrackArchive.write(fileOf(zip), actor, {
        tally: new Tally(),
        signal: new AbortController().signal,
        options: {},
        now: new Date(),
      }),
    ),
  ).rejects.toMatchObject({ message: expect.stringMatching(/Sign in/) });
});

test('apple_health: export.xml detected by its root, export.zip by its entry; each Record counted, unmapped types by name', async () => {
  const xml = fixture('apple-health/export.xml');
  expect(appleHealth.detect!(xml.toString('utf8', 0, 65536))).toBe(true);
  expect(appleHealth.detect!('<?xml version="1.0"?>\n<gpx version="1.1"></gpx>')).toBe(false);
  expect(appleHealth.zipEntries!(['apple_health_export/export.xml', 'apple_health_export/export_cda.xml'])).toBe(true);
  expect(appleHealth.zipEntries!(['doc.kml'])).toBe(false);

  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const first = await write(appleHealth, u, xml);
  // 25 Records: 18 readings created, 2 sleep stages merged into their nights (counted with them),
  // one record twice (present), 3 not mapped, 1 in a unit that does not convert.
  expect(first).toMatchObject({
    read: 25,
    created: 20,
    present: 1,
    skipped: { unmapped_type: 3, invalid: 1 },
    unmapped: {
      HKQuantityTypeIdentifierEnvironmentalAudioExposure: 1,
      'HKCategoryTypeIdentifierSleepAnalysis:HKCategoryValueSleepAnalysisInBed': 1,
      'HKCategoryTypeIdentifierSleepAnalysis:HKCategoryValueSleepAnalysisAwake': 1,
    },
  });
  expect(first.bytesRead).toBe(xml.length);
  expect(await write(appleHealth, u, xml)).toMatchObject({ read: 25, created: 0, present: 21 });
  await expect(write(appleHealth, u, '<?xml version="1.0"?><gpx><trk/></gpx>')).rejects.toMatchObject({
    message: expect.stringMatching(/not a valid Apple Health export: .*<gpx>/),
  });
});
