import { readdirSync, readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { withServer, type SharedServer } from '../../helpers/server.ts';
import { signUp, type TestUser } from '../../helpers/users.ts';
import { importedCounted, upload } from '../uploads.ts';
import { zeros, zipOf } from '../zips.ts';
import { cliOnOwnDatabase } from './own-database-cli.ts';
import { metricReadings } from './readings.ts';
import { sqliteBytes } from './sqlite-bytes.ts';
import { createGadgetbridgeTables, GADGETBRIDGE_DDL } from '../../fixtures/imports/wearables/gadgetbridge/schema.ts';

/**
 * Gadgetbridge's database (`gadgetbridge`) through POST /users/{id}/imports: the file detected by
 * its greenDAO schema, the full export ZIP by its database/Gadgetbridge entry; each value of a
 * sample a record (read = created + present + skipped); steps summed per device and hour, heart
 * rate and the measure tables a reading each, asleep minutes and stages a night per device; a
 * damaged or hostile file fails with why.
 */
let server: SharedServer;
withServer((f) => ({ server } = f));

const fixturePath = fileURLToPath(new URL('../../fixtures/imports/wearables/gadgetbridge/Gadgetbridge', import.meta.url));
const fixture = () => readFileSync(fixturePath);

/** Imports a file and waits for its end; its counts held to add up, `skipped` left with the reasons that occurred. */
const run = (user: TestUser, content: Buffer | string, query: Record<string, string> = {}) => importedCounted(server, user, content, query);

const readings = (user: TestUser, slug: string) => metricReadings(server, user, slug);
const rows = async (user: TestUser, slug: string) =>
  (await readings(user, slug)).map((r) => [r.source, r.recorded_at, r.value, r.unit]).sort((a, b) => String(a).localeCompare(String(b)));

/** A database made here with `fill`. */
const database = (fill: (db: DatabaseSync) => void): Buffer => sqliteBytes(fill);

// 38 records: 29 in 14 readings (3 nights of 16 sleep records, 2 hours of 4 step minutes), 9 not mapped.
const FIXTURE_COUNTS = {
  read: 38,
  created: 29,
  present: 0,
  skipped: { unmapped_type: 9 },
  unmapped: {
    'MI_BAND_ACTIVITY_SAMPLE: a minute without steps, heart rate or sleep': 3,
    'XIAOMI_SLEEP_STAGE_SAMPLE: not asleep': 2,
    'XIAOMI_SLEEP_TIME_SAMPLE: its stages are read instead': 1,
    HUAMI_HEART_RATE_MAX_SAMPLE: 1,
    'HUAMI_SPO2_SAMPLE: not measured': 1,
    HUAMI_PAI_SAMPLE: 1,
  },
};

test('the database is detected by its schema, the export ZIP by its entry; exact counts, values and devices as sources; a second import adds nothing', async () => {
  const u = await signUp(server);
  const first = await run(u, fixture());
  expect(first).toMatchObject({ status: 'succeeded', format: null, detected_format: 'gadgetbridge', counts: FIXTURE_COUNTS });

  expect(await rows(u, 'steps')).toEqual([
    ['Gadgetbridge: Mi Band 3', '2024-03-01T09:00:00.000Z', 60, 'count'],
    ['Gadgetbridge: Mi Band 3', '2024-03-01T10:00:00.000Z', 5, 'count'],
  ]);
  expect(await rows(u, 'heart_rate')).toEqual([
    ['Gadgetbridge: Mi Band 3', '2024-03-01T09:00:00.000Z', 80, 'bpm'],
    ['Gadgetbridge: Mi Band 3', '2024-03-01T09:03:00.000Z', 90, 'bpm'],
    ['Gadgetbridge: Mi Band 3', '2024-03-01T23:00:00.000Z', 60, 'bpm'],
    ['Gadgetbridge: Xiaomi Smart Band 8', '2024-03-02T01:00:00.000Z', 55, 'bpm'],
    ['Gadgetbridge: Xiaomi Smart Band 8', '2024-03-02T01:01:00.000Z', 56, 'bpm'],
  ]);
  expect(await rows(u, 'resting_heart_rate')).toEqual([['Gadgetbridge: Mi Band 3', '2024-03-01T08:00:00.000Z', 55, 'bpm']]);
  expect(await rows(u, 'spo2')).toEqual([['Gadgetbridge: Mi Band 3', '2024-03-01T04:00:00.000Z', 97, '%']]);
  expect(await rows(u, 'stress')).toEqual([['Gadgetbridge: Mi Band 3', '2024-03-01T12:00:00.000Z', 35, 'score']]);
  // The scale's alias is its name.
  expect(await rows(u, 'weight')).toEqual([['Gadgetbridge: Bathroom scale', '2024-03-01T07:15:00.000Z', 72.4, 'kg']]);

  const again = { ...FIXTURE_COUNTS, created: 0, present: 29 };
  expect(await run(u, fixture(), { format: 'gadgetbridge' })).toMatchObject({ status: 'succeeded', format: 'gadgetbridge', counts: again });
  const backup = await zipOf({
    'gadgetbridge.json': Buffer.from('{"version":1}'),
    'database/Gadgetbridge': fixture(),
    'preferences/global.json': Buffer.from('{}'),
  });
  expect(await run(u, backup)).toMatchObject({ status: 'succeeded', format: null, detected_format: 'gadgetbridge', counts: again });
  expect(await readings(u, 'steps')).toHaveLength(2);
});

test('sleep: each device a night of its asleep minutes and stages (union where they overlap), by its family own kinds', async () => {
  const u = await signUp(server);
  await run(u, fixture());
  expect((await readings(u, 'sleep_duration')).map((r) => [r.source, r.metadata.start, r.recorded_at, r.value]).sort()).toEqual([
    // Huami kinds 9 and 11, "as before" (0, 10) carrying them: 23:00-23:05 and 23:06-23:08.
    ['Gadgetbridge: MI', '2024-03-01T23:00:00.000Z', '2024-03-01T23:03:00.000Z', 0.05],
    ['Gadgetbridge: Mi Band 3', '2024-03-01T23:00:00.000Z', '2024-03-01T23:08:00.000Z', 0.116667],
    // Stages light 30 + deep 60 + REM 50 minutes; the asleep activity minutes inside the deep stage count once.
    ['Gadgetbridge: Xiaomi Smart Band 8', '2024-03-02T00:30:00.000Z', '2024-03-02T03:00:00.000Z', 2.333333],
  ]);
});

test('a bare SQLite file that is not Gadgetbridge is not claimed; one whose schema is not at its start is read when named', async () => {
  const u = await signUp(server);
  const other = database((db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)'));
  const res = await upload(server, u, other);
  expect(res.status).toBe(422);
  expect(res.body.detail[0].msg).toMatch(/not recognised/);
  const named = await run(u, other, { format: 'gadgetbridge' });
  expect(named).toMatchObject({
    status: 'failed',
    error: expect.stringMatching(/Not a Gadgetbridge database: the database has no DEVICE table$/),
  });

  // Filler tables first push the greenDAO schema past the first 64 KiB: detection does not see it, `format` reads it.
  const late = database((db) => {
    db.exec('PRAGMA page_size = 4096');
    for (let i = 0; i < 40; i++) db.exec(`CREATE TABLE filler_${i} (x TEXT DEFAULT '${'f'.repeat(2000)}')`);
    createGadgetbridgeTables(db);
    db.exec(
      `INSERT INTO DEVICE (_id, NAME, MANUFACTURER, IDENTIFIER, TYPE, TYPE_NAME) VALUES (1, 'Bangle.js', 'Espruino', 'AA', 0, 'BANGLEJS')`,
    );
    db.exec(`INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (${Date.UTC(2024, 0, 1) / 1000}, 1, 1, 0, 100, 1, 255)`);
  });
  expect((await upload(server, u, late)).status).toBe(422);
  expect(await run(u, late, { format: 'gadgetbridge' })).toMatchObject({ status: 'succeeded', counts: { read: 1, created: 1 } });
  expect(GADGETBRIDGE_DDL[0]).toMatch(/^CREATE TABLE "USER_ATTRIBUTES"/);
});

test('damaged and hostile databases fail with why, never a 500, and leave no temporary file', async () => {
  const u = await signUp(server);
  const failed = async (content: Buffer, query: Record<string, string> = {}) => {
    const job = await run(u, content, query);
    expect(job.status).toBe('failed');
    return job.error as string;
  };
  const whole = fixture();
  const corrupt = Buffer.from(whole);
  corrupt.fill(0x5a, 8 * 1024, 16 * 1024);
  expect(await failed(corrupt)).toMatch(/Gadgetbridge database is damaged \(the database disk image is malformed\)/);
  expect(await failed(whole.subarray(0, 6 * 1024), { format: 'gadgetbridge' })).toMatch(
    /Gadgetbridge database (is damaged|could not be read)/,
  );
  expect(await failed(Buffer.from('{"not": "sqlite"}'), { format: 'gadgetbridge' })).toMatch(
    /Not a Gadgetbridge database: the file is not a SQLite database/,
  );

  // A device name of 6 MB: refused by the value cap.
  const huge = database((db) => {
    createGadgetbridgeTables(db);
    db.prepare(`INSERT INTO DEVICE (_id, NAME, MANUFACTURER, IDENTIFIER, TYPE, TYPE_NAME) VALUES (1, ?, 'x', 'AA', 0, 'X')`).run(
      'n'.repeat(6 * 1024 * 1024),
    );
  });
  expect(await failed(huge)).toMatch(/holds a value over 4194304 bytes: refused/);

  // A backup ZIP whose database inflates a thousandfold: refused before it is written out.
  expect(await failed(await zipOf({ 'database/Gadgetbridge': zeros(200) }))).toMatch(/inflates to 209715200 bytes.*refused/);

  // 200,000 empty minutes: each counted, none held.
  const empty = database((db) => {
    createGadgetbridgeTables(db);
    db.exec(`INSERT INTO DEVICE (_id, NAME, MANUFACTURER, IDENTIFIER, TYPE, TYPE_NAME) VALUES (1, 'Band', 'x', 'AA', 0, 'MIBAND2')`);
    db.exec(
      `WITH RECURSIVE m(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM m WHERE i < 199999)
       INSERT INTO MI_BAND_ACTIVITY_SAMPLE SELECT ${Date.UTC(2023, 0, 1) / 1000} + i * 60, 1, 1, 0, 0, 1, 255 FROM m`,
    );
  });
  expect(await run(u, empty)).toMatchObject({
    status: 'succeeded',
    counts: { read: 200_000, created: 0, skipped: { unmapped_type: 200_000 } },
  });
});

describe('the CLI', () => {
  const own = cliOnOwnDatabase('gb');
  const { cli } = own;

  test('imports the database with its counts, and a second run finds it all there', async () => {
    expect((await cli('user-create', ['--email', 'gb@example.com', '--password', 'long enough password'])).code).toBe(0);
    const first = await cli('import', ['--user', 'gb@example.com', fixturePath]);
    expect(first.stderr).toContain('(gadgetbridge)');
    expect(first.stdout).toMatch(/^succeeded: 38 records read, 29 new, 0 already there/);
    expect(first.code).toBe(0);
    const again = await cli('import', ['--user', 'gb@example.com', '--format', 'gadgetbridge', fixturePath]);
    expect(again.stdout).toMatch(/^succeeded: 38 records read, 0 new, 29 already there/);
    expect(readdirSync(own.importDir, { recursive: true }).filter((f) => String(f).includes('.'))).toEqual([]);
  }, 120_000);
});
