import { readFileSync } from 'node:fs';
import { expect422, expectError } from '../helpers/expect.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { binary } from '../helpers/zip.ts';
import { finished, fixtureBytes, importedCounted, upload } from './uploads.ts';
import { zipOf } from './zips.ts';

/**
 * The import pipeline's writer formats (daylio, loop, csv, lifetrack_archive, apple_health) through
 * POST /users/{id}/imports, over the same code as the older routes (POST …/import/csv, POST
 * …/import): each record counted once, so read = created + present + skipped, and a file brought in
 * by either adds nothing through the other. Files are uploaded without a format wherever detection
 * applies (the mapped CSV is named: it is never detected).
 */
let server: SharedServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

type Json = Record<string, any>;

const appleHealthFixture = (name: string) => readFileSync(new URL(`../fixtures/apple-health/${name}`, import.meta.url));

/** Imports a file and waits for its end; its counts held to add up, `skipped` left with the reasons that occurred. */
const run = (user: TestUser, content: Buffer | string, query: Record<string, string> = {}) => importedCounted(server, user, content, query);
const options = (value: object) => ({ options: JSON.stringify(value) });

const importCsv = (user: TestUser, body: object) => server.api().post(`/users/${user.id}/import/csv`).set(user.auth).send(body);
const events = async (user: TestUser) =>
  (await server.api().get(`/users/${user.id}/events`).query({ limit: 500 }).set(user.auth)).body as Json[];
const categories = async (user: TestUser) =>
  (await server.api().get(`/users/${user.id}/categories`).set(user.auth)).body as { id: string; name: string }[];

test("detection: Daylio by its header (either export, quoted or not), Loop by its Checkmarks.csv (not its Scores.csv or one habit's file); the mapped CSV only by name", async () => {
  const detected = async (content: Buffer | string) => {
    const job = await run(owner, content);
    expect(job.format).toBeNull();
    return job.detected_format as string;
  };
  expect(await detected(fixtureBytes('daylio/sample.csv'))).toBe('daylio');
  expect(await detected(fixtureBytes('daylio/legacy.csv'))).toBe('daylio');
  // Quoted, CRLF, after a byte order mark.
  const quoted =
    '\uFEFF"full_date","date","weekday","time","mood","activities","note_title","note"\r\n"2021-05-12","12 May","Wednesday","18:52","good","work","",""\r\n';
  expect(await run(owner, quoted)).toMatchObject({ detected_format: 'daylio', status: 'succeeded', counts: { read: 1, created: 1 } });
  expect(await detected(fixtureBytes('loop/Checkmarks.csv'))).toBe('loop');
  expect(await detected(fixtureBytes('loop/Checkmarks-numbers.csv'))).toBe('loop');

  // Loop's Scores.csv (fractions), one habit's own Checkmarks.csv, and any other CSV are not recognised.
  for (const csv of [
    'Date,Meditate,Run,\n2024-01-02,0.1234,0.5,\n2024-01-01,0.1,0.4,\n',
    'Date,Value,Notes\n2024-01-02,YES_MANUAL,\n',
    'date,time,weight\n2024-01-01,08:00,70\n',
  ]) {
    const res = await upload(server, owner, csv);
    expect422(res, ['body']);
    expect(res.body.detail[0].msg).toMatch(/not recognised/);
  }
  // The last one, named as the mapped CSV: taken.
  const mapped = await run(owner, 'date,time,weight\n2024-01-01,08:00,70\n', {
    format: 'csv',
    ...options({
      mapping: { date_column: 'date', time_column: 'time', metrics: [{ column: 'weight', metric_type_slug: 'weight', unit: 'kg' }] },
    }),
  });
  expect(mapped).toMatchObject({ format: 'csv', detected_format: 'csv', status: 'succeeded', counts: { read: 1, created: 1 } });
});

test('daylio: a file imported through POST …/import/csv adds nothing through the pipeline; each entry counted once', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const csv = fixtureBytes('daylio/sample_multiple_moods.csv');
  expect((await importCsv(u, { preset: 'daylio', csv: csv.toString() })).body.created).toMatchObject({ events: 7 });
  const again = await run(u, csv);
  expect(again).toMatchObject({
    status: 'succeeded',
    detected_format: 'daylio',
    counts: { read: 7, created: 0, present: 7, skipped: {} },
    progress: { bytes_read: csv.length, bytes_total: csv.length },
  });

  const fresh = await signUp(server, { timezone: 'Europe/Berlin' });
  const moods = { ok: 3, refreshed: 4, tired: 2, sleepy: 2 };
  const first = await run(fresh, csv, options({ daylio_moods: moods }));
  expect(first).toMatchObject({ status: 'succeeded', counts: { read: 7, created: 7, present: 0, skipped: {} } });
  expect(await events(fresh)).toHaveLength(7);
  // The same rows, as the JSON route reads them: all already there.
  expect((await importCsv(fresh, { preset: 'daylio', csv: csv.toString(), daylio_moods: moods })).body).toMatchObject({
    created: { events: 0 },
    skipped: { events: 7 },
  });

  // The format checks its options at upload, once it knows the file is Daylio's: a mood scored with
  // a word is a 422 at its place, and nothing is queued.
  expect422(await upload(server, fresh, csv, options({ daylio_moods: { sad: 'very' } })), ['query', 'options', 'daylio_moods', 'sad']);
  const inForm = await server
    .api()
    .post(`/users/${fresh.id}/imports`)
    .set(fresh.auth)
    .field('options', JSON.stringify({ daylio_moods: { sad: 'very' } }))
    .attach('file', Buffer.from(csv), 'daylio_export.csv');
  expect422(inForm, ['body', 'options', 'daylio_moods', 'sad']);
  expect((await server.api().get(`/users/${fresh.id}/imports`).set(fresh.auth)).body).toHaveLength(1);
  // A file named daylio that is not one fails with why.
  const notDaylio = await run(fresh, 'Date,Meditate,\n2024-01-01,YES_MANUAL,\n', { format: 'daylio' });
  expect(notDaylio).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(notDaylio.error).toMatch(/Not a Daylio export/);
  expect(await events(fresh)).toHaveLength(7);
});

test('loop: a day with a check is created, a day without one skipped as unmapped; a second run finds them present', async () => {
  const u = await signUp(server);
  const csv = fixtureBytes('loop/Checkmarks.csv');
  const first = await run(u, csv);
  expect(first).toMatchObject({
    status: 'succeeded',
    detected_format: 'loop',
    counts: { read: 10, created: 6, present: 0, skipped: { unmapped_type: 4 }, unmapped: { 'a day without a check': 4 } },
  });
  expect(first.reasons[0]).toEqual({ reason: 'unmapped_type', detail: 'row 3: nothing to import' });
  expect(await run(u, csv)).toMatchObject({ counts: { created: 0, present: 6, skipped: { unmapped_type: 4 } } });
  expect((await importCsv(u, { preset: 'loop', csv: csv.toString() })).body.skipped.events).toBe(6);
});

test('loop: each done day is an event on its own date in any timezone, at noon there', async () => {
  const csv = 'Date,Swim,\n2024-03-31,YES_MANUAL,\n2024-03-30,NO,\n2024-01-01,YES_MANUAL,\n';
  for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Berlin']) {
    const u = await signUp(server, { timezone });
    expect(await run(u, csv)).toMatchObject({ detected_format: 'loop', counts: { read: 3, created: 2, skipped: { unmapped_type: 1 } } });
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
  expect(await run(u, csv)).toMatchObject({ status: 'succeeded', detected_format: 'loop', counts: { read: 3, created: 3 } });
  const names = new Map((await categories(u)).map((c) => [c.id, c.name]));
  const days = (await events(u)).map((e) => `${names.get(e.category_id)} ${e.local_date}`).sort();
  expect(days).toEqual(['Read, write 2024-01-03', 'Run (2) 2024-01-03', 'Run 2024-01-02', 'Stretch 2024-01-01', 'Stretch 2024-01-02']);
  // The JSON route reads the file the same: everything there already.
  expect((await importCsv(u, { preset: 'loop', csv })).body).toMatchObject({ rows: 3, created: { events: 0 }, skipped: { events: 5 } });

  // A comma with no space after it cannot be told from two habits: refused, not read into the wrong habits.
  const glued = 'Date,Read,write,Run,\n2024-01-03,YES_MANUAL,NO,\n';
  const gluedRun = await run(u, glued);
  expect(gluedRun).toMatchObject({ status: 'failed', detected_format: 'loop', counts: { read: 0 } });
  expect(gluedRun.error).toMatch(/names 3 habits but the rows have 2 values/);
  const gluedOld = await importCsv(u, { preset: 'loop', csv: glued });
  expect422(gluedOld, ['body', 'csv']);
  expect(gluedOld.body.detail[0].msg).toMatch(/names 3 habits but the rows have 2 values/);
  // One habit's own Checkmarks.csv (in its folder of the export) does not name its habit: not
  // recognised as Loop's (test 1), and named as Loop's, refused with where the right file is.
  const single = 'Date,Value,Notes\n2024-01-03,YES_MANUAL,\n';
  const singleRun = await run(u, single, { format: 'loop' });
  expect(singleRun).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(singleRun.error).toMatch(/one habit's Checkmarks.csv/);
  const singleOld = await importCsv(u, { preset: 'loop', csv: single });
  expect422(singleOld, ['body', 'csv']);
  expect(singleOld.body.detail[0].msg).toMatch(/one habit's Checkmarks.csv/);
  expect(await events(u)).toHaveLength(5);
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

  // Options that are not a JSON object, or not a mapping, are refused at upload; whether the file has
  // the columns the mapping names is known when the import reads it.
  expect422(await upload(server, u, csv, { format: 'csv', options: '{"mapping": ' }), ['query', 'options']);
  const multipart = await server
    .api()
    .post(`/users/${u.id}/imports`)
    .set(u.auth)
    .field('format', 'csv')
    .field('options', '["mapping"]')
    .attach('file', Buffer.from(csv), 'weights.csv');
  expect422(multipart, ['body', 'options']);
  expect422(await upload(server, u, csv, { format: 'csv' }), ['query', 'options', 'mapping']);
  expect422(await upload(server, u, csv, { format: 'csv', ...options({ mapping: { date_column: 'Day' } }) }), [
    'query',
    'options',
    'mapping',
    'event',
  ]);
  const noColumn = await run(u, csv, { format: 'csv', ...options({ mapping: { ...mapping, date_column: 'When' } }) });
  expect(noColumn).toMatchObject({ status: 'failed', error: 'mapping.date_column: The CSV has no column "When"', counts: { read: 0 } });

  const first = await run(u, csv, { format: 'csv', ...options({ mapping }) });
  expect(first).toMatchObject({
    status: 'succeeded',
    format: 'csv',
    counts: {
      read: 5,
      created: 1,
      present: 0,
      skipped: { malformed: 2, too_large: 1, unmapped_type: 1 },
      unmapped: { 'a row without values': 1 },
    },
  });
  expect(first.reasons).toEqual([
    { reason: 'malformed', detail: 'row 3, Day: Not a date: "yesterday"' },
    { reason: 'too_large', detail: 'row 4: Over 1048576 bytes: not read' },
    { reason: 'malformed', detail: 'row 5, Weight (lb): Not a number: "heavy"' },
    { reason: 'unmapped_type', detail: 'row 6: nothing to import' },
  ]);
  // The same mapping as a multipart upload's field.
  const again = await server
    .api()
    .post(`/users/${u.id}/imports`)
    .set(u.auth)
    .field('format', 'csv')
    .field('options', JSON.stringify({ mapping }))
    .attach('file', Buffer.from(csv), 'weights.csv');
  expect(again.status).toBe(202);
  expect(await finished(server, u, again.body.id)).toMatchObject({
    status: 'succeeded',
    filename: 'weights.csv',
    counts: { created: 0, present: 1 },
  });
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

  // A write token may import other files, but not an account archive: refused at upload, nothing kept.
  const pat = (await server.api().post('/auth/tokens').set(into.auth).send({ name: 'sync', scope: 'write' })).body as { token: string };
  const withPat = { ...into, auth: { Authorization: `Bearer ${pat.token}` } };
  const refused = await upload(server, withPat, zip);
  expectError(refused, 403);
  expect(refused.body.detail).toMatch(/Sign in/);
  expectError(await upload(server, withPat, zip, { format: 'lifetrack_archive' }), 403);
  expect((await server.api().get(`/users/${into.id}/imports`).set(into.auth)).body).toEqual([]);

  const first = await run(into, zip);
  expect(first).toMatchObject({ status: 'succeeded', format: null, detected_format: 'lifetrack_archive', counts: { skipped: {} } });
  // Three events, a category, the default event sources ...; the profile's unset goals are the account's own already.
  expect(first.counts.created).toBeGreaterThanOrEqual(4);
  expect(first.counts.present).toBeGreaterThan(0);
  expect(first.progress).toEqual({ bytes_read: zip.length, bytes_total: zip.length });
  expect((await events(into)).map((e) => e.notes).sort()).toEqual(['one', 'three', 'two']);
  const again = await run(into, zip);
  expect(again.counts).toMatchObject({ read: first.counts.read, created: 0, present: first.counts.read });
  // The old route finds the same.
  const old = await server.api().post(`/users/${into.id}/import`).set(into.auth).set('Content-Type', 'application/zip').send(zip);
  expect(old.body.types.event).toEqual({ created: 0, skipped: 3, refused: 0, reasons: [] });

  // Told apart by its entries: a manifest.json beside NDJSON files of its types (at the top or in one
  // folder), not beside anything else.
  const foldered = await zipOf({
    'export/manifest.json': JSON.stringify({
      format: 'lifetrack-archive',
      format_version: 1,
      user_id: into.id,
      timezone: 'UTC',
      counts: {},
    }),
    'export/event.ndjson': '',
    'export/events.csv': '',
  });
  expect(await run(into, foldered)).toMatchObject({ detected_format: 'lifetrack_archive', status: 'succeeded', counts: { read: 0 } });
  const other = await upload(server, into, await zipOf({ 'manifest.json': '{}', 'extension.js': '' }));
  expect422(other, ['body']);
  expect(other.body.detail[0].msg).toMatch(/not one an import reads/);
});

test('apple_health: export.xml detected by its root, export.zip by its entry; each Record counted, unmapped types by name', async () => {
  const xml = appleHealthFixture('export.xml');
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const first = await run(u, xml);
  // 25 Records: 18 readings created, 2 sleep stages merged into their nights (counted with them),
  // one record twice (present), 3 not mapped, 1 in a unit that does not convert.
  expect(first).toMatchObject({
    status: 'succeeded',
    detected_format: 'apple_health',
    progress: { bytes_read: xml.length, bytes_total: xml.length },
    counts: {
      read: 25,
      created: 20,
      present: 1,
      skipped: { unmapped_type: 3, invalid: 1 },
      unmapped: {
        HKQuantityTypeIdentifierEnvironmentalAudioExposure: 1,
        'HKCategoryTypeIdentifierSleepAnalysis:HKCategoryValueSleepAnalysisInBed': 1,
        'HKCategoryTypeIdentifierSleepAnalysis:HKCategoryValueSleepAnalysisAwake': 1,
      },
    },
  });
  // The Health app's export.zip: its export.xml read, the file beside it not; the same records, all there now.
  const zip = await zipOf({
    'apple_health_export/export.xml': xml,
    'apple_health_export/export_cda.xml': '<?xml version="1.0"?><ClinicalDocument/>',
  });
  expect(await run(u, zip)).toMatchObject({ detected_format: 'apple_health', counts: { read: 25, created: 0, present: 21 } });

  // Other XML and ZIP files are not taken for Apple Health's.
  expect(await run(owner, '<?xml version="1.0"?>\n<gpx version="1.1"></gpx>')).toMatchObject({ detected_format: 'gpx' });
  const kml = fixtureBytes('tracks/track.kml');
  expect(await run(owner, await zipOf({ 'doc.kml': kml }))).toMatchObject({ detected_format: 'kmz', status: 'succeeded' });
  // Named as Apple Health's, another XML fails with why.
  const gpx = await run(u, '<?xml version="1.0"?><gpx><trk/></gpx>', { format: 'apple_health' });
  expect(gpx).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(gpx.error).toMatch(/not a valid Apple Health export: .*<gpx>/);
});
