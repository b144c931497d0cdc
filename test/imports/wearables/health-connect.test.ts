import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { withServer, type SharedServer } from '../../helpers/server.ts';
import { signUp, type TestUser } from '../../helpers/users.ts';
import { importedCounted, upload } from '../uploads.ts';
import { zeros, zipOf } from '../zips.ts';
import { cliOnOwnDatabase } from './own-database-cli.ts';
import { metricReadings } from './readings.ts';
import { sqliteBytes } from './sqlite-bytes.ts';
import { createHealthConnectTables, fixtureUuid, insertRecord } from '../../fixtures/imports/wearables/health-connect/schema.ts';

/**
 * Health Connect's export (`health_connect`) through POST /users/{id}/imports: its ZIP detected by
 * the entry health_connect_export.db, the database itself by its schema; each value a record, so
 * read = created + present + skipped; readings in canonical units at the record's own offset; a
 * night per source as the union of its asleep stages and sessions; damaged and hostile databases
 * fail the import with why.
 */
let server: SharedServer;
withServer((f) => ({ server } = f));

const fixturePath = fileURLToPath(new URL('../../fixtures/imports/wearables/health-connect/health_connect_export.db', import.meta.url));
const fixture = () => readFileSync(fixturePath);

/** Imports a file and waits for its end; its counts held to add up, `skipped` left with the reasons that occurred. */
const run = (user: TestUser, content: Buffer | string, query: Record<string, string> = {}) => importedCounted(server, user, content, query);

const readings = (user: TestUser, slug: string) => metricReadings(server, user, slug);

/** A database made here (in a temporary file) with Health Connect's tables and what `fill` adds. */
function database(fill: (db: DatabaseSync) => void, options: { healthConnect?: boolean } = {}): Buffer {
  return sqliteBytes(
    (db) => {
      if (options.healthConnect !== false) createHealthConnectTables(db);
      fill(db);
    },
    { enableForeignKeyConstraints: false },
  );
}

// 32 records: 21 readings from 25 of them (two nights of 6 sleep records), 6 not mapped, 1 malformed.
const FIXTURE_COUNTS = {
  read: 32,
  created: 25,
  present: 0,
  skipped: { unmapped_type: 6, malformed: 1 },
  unmapped: {
    total_calories_burned_record_table: 2,
    heart_rate_variability_rmssd_record_table: 1,
    height_record_table: 1,
    'nutrition_record_table without a value': 1,
    'sleep stage: awake': 1,
  },
};

test('the export ZIP is detected by its entry, the database by its schema; exact counts, units, offsets and sources; a second import adds nothing', async () => {
  const u = await signUp(server);
  const zip = await zipOf({ 'health_connect_export.db': fixture() });
  const first = await run(u, zip);
  expect(first).toMatchObject({ status: 'succeeded', format: null, detected_format: 'health_connect', counts: FIXTURE_COUNTS });

  const steps = await readings(u, 'steps');
  expect(steps.map((r) => [r.recorded_at, r.value, r.source]).sort()).toEqual([
    ['2024-03-01T08:00:00.000Z', 1000, 'Fit (Google Pixel Watch 2)'],
    ['2024-03-01T08:00:00.000Z', 800, 'Samsung Health'],
    ['2024-03-01T09:00:00.000Z', 2500, 'Fit (Google Pixel Watch 2)'],
  ]);
  expect(steps.find((r) => r.value === 1000)).toMatchObject({
    unit: 'count',
    metadata: { health_connect_type: 'steps_record_table', package: 'com.google.android.apps.fitness', device: 'Google Pixel Watch 2' },
  });
  const one = async (slug: string) => {
    const list = await readings(u, slug);
    return list.map((r) => [r.recorded_at, r.value, r.unit, r.source]).sort();
  };
  expect(await one('distance')).toEqual([['2024-03-01T08:00:00.000Z', 1.2345, 'km', 'Fit (Google Pixel Watch 2)']]);
  expect(await one('active_energy')).toEqual([['2024-03-01T08:00:00.000Z', 250, 'kcal', 'Fit (Google Pixel Watch 2)']]);
  // Grams to kilograms; an app without a name is its package; the second weighed at -05:00.
  expect(await one('weight')).toEqual([
    ['2024-03-01T07:00:00.000Z', 72.5, 'kg', 'net.cachapa.libra'],
    ['2024-03-02T12:00:00.000Z', 72.3, 'kg', 'net.cachapa.libra'],
  ]);
  expect(await one('body_fat')).toEqual([['2024-03-01T07:00:00.000Z', 21.5, '%', 'net.cachapa.libra']]);
  expect(await one('blood_pressure_systolic')).toEqual([['2024-03-01T07:30:00.000Z', 120, 'mmHg', 'Samsung Health']]);
  expect(await one('blood_pressure_diastolic')).toEqual([['2024-03-01T07:30:00.000Z', 80, 'mmHg', 'Samsung Health']]);
  const [sys] = await readings(u, 'blood_pressure_systolic');
  const [dia] = await readings(u, 'blood_pressure_diastolic');
  expect(sys.reading_group_id).toBeTruthy();
  expect(sys.reading_group_id).toBe(dia.reading_group_id);
  expect(await one('spo2')).toEqual([['2024-03-01T04:00:00.000Z', 97, '%', 'Fit (Google Pixel Watch 2)']]);
  expect(await one('resting_heart_rate')).toEqual([['2024-03-01T06:00:00.000Z', 58, 'bpm', 'Fit (Google Pixel Watch 2)']]);
  expect(await one('workout_minutes')).toEqual([['2024-03-01T17:45:00.000Z', 45, 'min', 'Fit (Google Pixel Watch 2)']]);
  expect(await one('dietary_energy')).toEqual([['2024-03-01T12:00:00.000Z', 500, 'kcal', 'Samsung Health']]);
  expect(await one('protein')).toEqual([['2024-03-01T12:00:00.000Z', 30, 'g', 'Samsung Health']]);
  expect(await one('heart_rate')).toEqual([
    ['2024-03-01T10:00:00.000Z', 71, 'bpm', 'Fit (Google Pixel Watch 2)'],
    ['2024-03-01T10:01:00.000Z', 74, 'bpm', 'Fit (Google Pixel Watch 2)'],
    ['2024-03-01T10:02:00.000Z', 80, 'bpm', 'Fit (Google Pixel Watch 2)'],
    ['2024-03-01T10:03:00.000Z', 77, 'bpm', 'Fit (Google Pixel Watch 2)'],
  ]);
  expect(first.reasons).toContainEqual({
    reason: 'malformed',
    detail: 'heart_rate_record_series_table row 5: no parent heart rate record or no readable time',
  });

  // Again, as the ZIP and as the bare database (detected by its schema, and named): everything is there.
  const again = { ...FIXTURE_COUNTS, created: 0, present: 25 };
  expect(await run(u, zip)).toMatchObject({ status: 'succeeded', counts: again });
  expect(await run(u, fixture())).toMatchObject({ status: 'succeeded', format: null, detected_format: 'health_connect', counts: again });
  expect(await run(u, fixture(), { format: 'health_connect' })).toMatchObject({
    status: 'succeeded',
    format: 'health_connect',
    counts: again,
  });
  expect(await readings(u, 'steps')).toHaveLength(3);
});

test('sleep: overlapping sessions and stages of one source are one night of their union (awake stages out); another app stays its own night', async () => {
  const u = await signUp(server);
  await run(u, await zipOf({ 'Health Connect/health_connect_export.db': fixture() }));
  const nights = (await readings(u, 'sleep_duration')).map((r) => [r.source, r.recorded_at, r.value, r.metadata.start]).sort();
  expect(nights).toEqual([
    // 23:10-06:50 CET: the stages, the 01:00-01:15 awake stage covered by the session without stages.
    ['Fit (Google Pixel Watch 2)', '2024-03-02T05:50:00.000Z', 7.666667, '2024-03-01T23:10:00.000+01:00'],
    ['Samsung Health', '2024-03-02T05:00:00.000Z', 8, '2024-03-01T22:00:00.000+01:00'],
  ]);
});

test('a night whose stages hold an awake gap is the asleep time only', async () => {
  const u = await signUp(server);
  const at = (h: number, m = 0) => Date.UTC(2024, 4, 2, h, m);
  const db = database((db) => {
    db.exec(`INSERT INTO application_info_table (row_id, package_name, app_name) VALUES (1, 'com.ouraring.oura', 'Oura')`);
    const span = (s: number, e: number) => ({ start_time: s, start_zone_offset: 7200, end_time: e, end_zone_offset: 7200 });
    const id = insertRecord(db, 'sleep_session_record_table', fixtureUuid('s'), 1, 0, span(at(0), at(6)));
    const stage = db.prepare('INSERT INTO sleep_stages_table VALUES (?, ?, ?, ?)');
    stage.run(id, at(0), at(2), 2);
    stage.run(id, at(2), at(3), 7); // awake in bed
    stage.run(id, at(3), at(3, 30), 3); // out of bed
    stage.run(id, at(3, 30), at(6), 6);
  });
  expect(await run(u, db)).toMatchObject({
    status: 'succeeded',
    counts: {
      read: 4,
      created: 2,
      skipped: { unmapped_type: 2 },
      unmapped: { 'sleep stage: awake in bed': 1, 'sleep stage: out of bed': 1 },
    },
  });
  expect((await readings(u, 'sleep_duration')).map((r) => [r.value, r.source, r.recorded_at])).toEqual([
    [4.5, 'Oura', '2024-05-02T06:00:00.000Z'],
  ]);
});

test('damaged, truncated, foreign and hostile files fail with why (never a 500), and leave nothing behind', async () => {
  const u = await signUp(server);
  const failed = async (content: Buffer, query: Record<string, string> = {}) => {
    const job = await run(u, content, query);
    expect(job.status).toBe('failed');
    return job.error as string;
  };

  // Truncated: its last pages gone.
  const whole = fixture();
  expect(await failed(whole.subarray(0, Math.floor(whole.length / 2)), { format: 'health_connect' })).toMatch(
    /Health Connect export is damaged \(the database disk image is malformed\)|Health Connect export could not be read/,
  );
  // A corrupt page in the middle of the file (a table's b-tree page overwritten).
  const corrupt = Buffer.from(whole);
  corrupt.fill(0xa5, 20 * 1024, 30 * 1024);
  expect(await failed(corrupt, { format: 'health_connect' })).toMatch(/Health Connect export is damaged/);
  // Not SQLite at all, and SQLite that is not Health Connect's.
  expect(await failed(Buffer.from('<?xml version="1.0"?><gpx/>'), { format: 'health_connect' })).toMatch(
    /Not a Health Connect export: the file is not a SQLite database/,
  );
  const other = database((db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)'), { healthConnect: false });
  expect(await failed(other, { format: 'health_connect' })).toMatch(
    /Not a Health Connect export: the database has no application_info_table/,
  );
  // Neither is detected as Health Connect's.
  for (const content of [other, await zipOf({ 'export.db': other })]) {
    const res = await upload(server, u, content);
    expect(res.status).toBe(422);
  }
  // A ZIP named as the export without the database in it.
  expect(await failed(await zipOf({ 'readme.txt': Buffer.from('hi') }), { format: 'health_connect' })).toMatch(/no database in it/);

  // An entry that inflates a thousandfold (zeros) is refused before it is written out.
  const bomb = await zipOf({ 'health_connect_export.db': zeros(200) });
  expect(bomb.length).toBeLessThan(1024 * 1024);
  expect(await failed(bomb)).toMatch(/health_connect_export\.db inflates to 209715200 bytes, more than 100 times the ZIP's size: refused/);

  // A 6 MB app name: refused by the value cap, not held.
  const huge = database((db) =>
    db
      .prepare('INSERT INTO application_info_table (row_id, package_name, app_name) VALUES (1, ?, ?)')
      .run('x', 'n'.repeat(6 * 1024 * 1024)),
  );
  expect(await failed(huge, { format: 'health_connect' })).toMatch(/holds a value over 4194304 bytes: refused/);

  // A view and a trigger in place of a record table are not read (only tables are): the rest imports.
  const views = database((db) => {
    db.exec(`INSERT INTO application_info_table (row_id, package_name) VALUES (1, 'app')`);
    db.exec('DROP TABLE steps_record_table');
    db.exec(
      'CREATE VIEW steps_record_table AS SELECT 1 AS uuid, 1 AS app_info_id, 1 AS device_info_id, 0 AS start_time, 0 AS start_zone_offset, 1 AS end_time, 0 AS end_zone_offset, 5 AS count',
    );
    db.exec('CREATE TRIGGER t AFTER INSERT ON weight_record_table BEGIN DELETE FROM application_info_table; END');
    insertRecord(db, 'weight_record_table', fixtureUuid('w'), 1, 0, { time: Date.UTC(2024, 0, 1), zone_offset: 0, weight: 80_000 });
  });
  expect(await run(u, views, { format: 'health_connect' })).toMatchObject({ status: 'succeeded', counts: { read: 1, created: 1 } });
});

describe('the CLI', () => {
  const own = cliOnOwnDatabase('hc');
  const { cli } = own;

  test('imports the export ZIP with its counts and leaves no temporary database in the spool', async () => {
    expect((await cli('user-create', ['--email', 'hc@example.com', '--password', 'long enough password'])).code).toBe(0);
    const zipPath = join(own.importDir, '..', `Health Connect ${process.pid}.zip`);
    writeFileSync(zipPath, await zipOf({ 'health_connect_export.db': fixture() }));
    try {
      const first = await cli('import', ['--user', 'hc@example.com', zipPath]);
      expect(first.stderr).toContain('(health_connect)');
      expect(first.stdout).toMatch(/^succeeded: 32 records read, 25 new, 0 already there/);
      expect(first.stdout).toContain('not mapped: 2 × total_calories_burned_record_table');
      expect(first.code).toBe(0);
      expect(readdirSync(own.importDir, { recursive: true }).filter((f) => String(f).includes('.'))).toEqual([]);
    } finally {
      rmSync(zipPath, { force: true });
    }
  }, 120_000);
});
