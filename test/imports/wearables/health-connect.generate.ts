import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { createHealthConnectTables, fixtureUuid } from '../../fixtures/imports/wearables/health-connect/schema.ts';

/**
 * A Health Connect export of about `records` records for the import benchmark: `Health
 * Connect.zip` holding health_connect_export.db, a watch's days written through Health Connect's
 * own schema: a night of 8 asleep stages, steps every 15 minutes, and heart rate as hourly series
 * of a sample a minute (1,544 records a day). Rows go in a day per transaction and the database is
 * zipped from disk: nothing held in memory. Every record is one the import creates (a night's
 * stages folded into its reading), so `records` is what it must read.
 */
export async function generate(dir: string, records: number): Promise<{ path: string; records: number }> {
  mkdirSync(dir, { recursive: true });
  const dbPath = join(dir, 'health_connect_export.db');
  rmSync(dbPath, { force: true });
  const db = new DatabaseSync(dbPath);
  createHealthConnectTables(db);
  db.exec(`INSERT INTO application_info_table (row_id, package_name, app_name) VALUES (1, 'com.google.android.apps.fitness', 'Fit')`);
  db.exec(`INSERT INTO device_info_table (row_id, manufacturer, model, device_type) VALUES (1, 'Google', 'Pixel Watch 2', 2)`);
  const common = 'uuid, app_info_id, device_info_id, recording_method, start_time, start_zone_offset, end_time, end_zone_offset';
  const steps = db.prepare(`INSERT INTO steps_record_table (${common}, count) VALUES (?, 1, 1, 2, ?, 3600, ?, 3600, ?)`);
  const session = db.prepare(`INSERT INTO sleep_session_record_table (${common}) VALUES (?, 1, 1, 2, ?, 3600, ?, 3600)`);
  const stage = db.prepare('INSERT INTO sleep_stages_table (parent_key, stage_start_time, stage_end_time, stage_type) VALUES (?, ?, ?, ?)');
  const heart = db.prepare(`INSERT INTO heart_rate_record_table (${common}) VALUES (?, 1, 1, 2, ?, 3600, ?, 3600)`);
  const beat = db.prepare('INSERT INTO heart_rate_record_series_table (parent_key, beats_per_minute, epoch_millis) VALUES (?, ?, ?)');

  const MIN = 60_000;
  const start = Date.UTC(2022, 0, 1);
  let left = records;
  for (let day = 0; left > 0; day++) {
    const d0 = start + day * 1440 * MIN;
    db.exec('BEGIN');
    // The night before this day: 22:00-06:00 in eight hour-long stages, light, deep and REM in turn.
    const stages = Math.min(8, left);
    const night = d0 - 2 * 60 * MIN;
    const sessionId = Number(session.run(fixtureUuid('s', day), night, night + 8 * 60 * MIN).lastInsertRowid);
    for (let i = 0; i < stages; i++) stage.run(sessionId, night + i * 60 * MIN, night + (i + 1) * 60 * MIN, [4, 5, 6][i % 3]);
    left -= stages;
    for (let q = 0; q < 96 && left > 0; q++, left--) {
      const t = d0 + q * 15 * MIN;
      steps.run(fixtureUuid('st', day, q), t, t + 15 * MIN, (day * 7 + q * 13) % 400);
    }
    for (let h = 0; h < 24 && left > 0; h++) {
      const t = d0 + h * 60 * MIN;
      const parent = Number(heart.run(fixtureUuid('hr', day, h), t, t + 60 * MIN).lastInsertRowid);
      for (let m = 0; m < 60 && left > 0; m++, left--) beat.run(parent, 55 + ((day + h * 3 + m) % 60), t + m * MIN);
    }
    db.exec('COMMIT');
  }
  db.close();

  const path = join(dir, 'Health Connect.zip');
  const zip = new ZipFile();
  zip.addReadStream(createReadStream(dbPath), 'health_connect_export.db');
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  rmSync(dbPath, { force: true });
  return { path, records };
}
