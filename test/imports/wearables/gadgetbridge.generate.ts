import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createGadgetbridgeTables } from '../../fixtures/imports/wearables/gadgetbridge/schema.ts';

/**
 * A Gadgetbridge database of about `records` records for the import benchmark: `Gadgetbridge`,
 * a Mi Band 3's minute samples in MI_BAND_ACTIVITY_SAMPLE through greenDAO's schema, a minute a
 * row: by day steps in most minutes and a heart rate in every other one, 23:00-07:00 asleep (Huami
 * light and deep kinds, a heart rate every fifth minute). Each row's records are counted by the
 * import's rule (its steps, heart rate and sleep each one; a row with none, one), the last row
 * trimmed so the total is exact. Rows go in a day per transaction: nothing held in memory.
 */
export async function generate(dir: string, records: number): Promise<{ path: string; records: number }> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'Gadgetbridge');
  rmSync(path, { force: true });
  const db = new DatabaseSync(path);
  createGadgetbridgeTables(db);
  db.exec(`INSERT INTO USER (_id, NAME, BIRTHDAY, GENDER) VALUES (1, 'bench', 0, 2)`);
  db.exec(
    `INSERT INTO DEVICE (_id, NAME, MANUFACTURER, IDENTIFIER, TYPE, TYPE_NAME) VALUES (1, 'Mi Band 3', 'Xiaomi', 'C8:0F:10:00:00:01', 0, 'MIBAND3')`,
  );
  const sample = db.prepare(
    'INSERT INTO MI_BAND_ACTIVITY_SAMPLE (TIMESTAMP, DEVICE_ID, USER_ID, RAW_INTENSITY, STEPS, RAW_KIND, HEART_RATE) VALUES (?, 1, 1, ?, ?, ?, ?)',
  );
  const start = Date.UTC(2021, 0, 1) / 1000;
  let left = records;
  for (let minute = 0; left > 0; minute++) {
    if (minute % 1440 === 0) db.exec('BEGIN');
    const ofDay = minute % 1440;
    const asleep = ofDay >= 23 * 60 || ofDay < 7 * 60;
    let steps = asleep ? 0 : (minute * 37) % 11 === 0 ? 0 : (minute * 13) % 120;
    let hr = asleep ? (minute % 5 === 0 ? 50 + (minute % 10) : 255) : minute % 2 === 0 ? 60 + (minute % 50) : 255;
    const kind = asleep ? (Math.floor(minute / 90) % 2 === 0 ? 9 : 11) : 1;
    const count = () => Math.max(1, (steps > 0 ? 1 : 0) + (hr < 255 ? 1 : 0) + (asleep ? 1 : 0));
    // The last row gives only what is left (its heart rate, then its steps, dropped).
    if (count() > left) hr = 255;
    if (count() > left) steps = 0;
    sample.run(start + minute * 60, 20, steps, kind, hr);
    left -= count();
    if (ofDay === 1439 || left === 0) db.exec('COMMIT');
  }
  db.close();
  return { path, records };
}
