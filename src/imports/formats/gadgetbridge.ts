import type { Actor } from '../../core/actor.ts';
import { ReadingSink } from '../reading-sink.ts';
import { isSqliteHead, readSqliteExport, sqliteGuard, type SqliteExport, type TableInfo } from '../sqlite-file.ts';
import type { WriteContext, WriterFormat } from './format.ts';
import { isActivityTable, readActivityTable } from './gadgetbridge/activity.ts';
import { hash, type GadgetbridgeRead } from './gadgetbridge/context.ts';
import { readDevices } from './gadgetbridge/devices.ts';
import {
  readPebbleOverlay,
  readSessionTable,
  readStageTable,
  readValueTable,
  SESSION_TABLES,
  stageTableOf,
  valueTableOf,
} from './gadgetbridge/samples.ts';
import { SleepRuns } from './gadgetbridge/sleep.ts';

/**
 * Gadgetbridge's database: the file its "Export database" writes (named `Gadgetbridge`, no
 * extension), or the `database/Gadgetbridge` entry of its full data export ZIP. Its greenDAO
 * schema (GBDaoGenerator.java) has tables per device family; those that share the activity
 * sample's columns are read alike (gadgetbridge/activity.ts: steps summed per hour, heart rate,
 * asleep minutes by each family's kinds), the measure tables and sleep stages by their names and
 * columns (gadgetbridge/samples.ts), and the rows of any other sample table are counted as not
 * mapped under its name. Each device is a source ("Gadgetbridge: Mi Band 3"); a reading's
 * source_id is the device's address, the table and the sample's time, so a later export adds
 * only what is new.
 */
const WHAT = 'Gadgetbridge database';
/** The full export ZIP's entry (AbstractZipBackupJob.DATABASE_FILENAME), or the file zipped by hand. */
const isEntry = (name: string) => name === 'database/Gadgetbridge' || name === 'Gadgetbridge' || name.endsWith('/database/Gadgetbridge');
/**
 * The database itself, when the greenDAO tables it creates first are in its first bytes (a
 * database made by a recent Gadgetbridge has its schema there; one upgraded over the years may
 * not, and is then imported with `format=gadgetbridge`).
 */
const isGadgetbridgeDb = (head: string) =>
  isSqliteHead(head) && /CREATE TABLE "(USER_ATTRIBUTES|DEVICE_ATTRIBUTES|ACTIVITY_DESC_TAG_LINK)"/.test(head);

const PROGRESS_ROWS = 2_000;

const importGadgetbridge = (path: string, actor: Actor, ctx: WriteContext): Promise<void> =>
  readSqliteExport(path, WHAT, isEntry, ctx.signal, (file) => readAll(file, actor, ctx));

async function readAll(file: SqliteExport, actor: Actor, ctx: WriteContext): Promise<void> {
  const devices = sqliteGuard(WHAT, () => readDevices(file));
  const tables = [...file.tables().values()];
  const samples = tables.filter((t) => /_(SAMPLE|OVERLAY)$/i.test(t.name) && t.columns.has('DEVICE_ID'));
  const total = samples.reduce((n, t) => n + file.count(t), 0);
  let done = 0;
  const read: GadgetbridgeRead = {
    file,
    sink: new ReadingSink(actor, ctx.tally),
    sleep: new SleepRuns(),
    devices,
    signal: ctx.signal,
    step: () => {
      if (++done % PROGRESS_ROWS === 0) ctx.tally.progress(Math.floor((file.bytes * done) / Math.max(1, total)));
    },
  };

  const staged = new Set<number>();
  const sessions: TableInfo[] = [];
  for (const t of samples) {
    if (ctx.signal.aborted) break;
    const name = t.name.toUpperCase();
    const value = valueTableOf(t);
    if (isActivityTable(t)) await readActivityTable(read, t);
    else if (value) await readValueTable(read, t, value);
    else if (stageTableOf(t)) for (const d of await readStageTable(read, t)) staged.add(d);
    else if (SESSION_TABLES.has(name) && t.columns.has('TIMESTAMP') && t.columns.has('WAKEUP_TIME')) sessions.push(t);
    else if (name === 'PEBBLE_HEALTH_ACTIVITY_OVERLAY' && ['TIMESTAMP_FROM', 'TIMESTAMP_TO', 'RAW_KIND'].every((c) => t.columns.has(c)))
      await readPebbleOverlay(read, t);
    else await unmapped(read, t);
  }
  // After every stage table: a device's sessions are its sleep only when it has no stages.
  for (const t of sessions) await readSessionTable(read, t, staged);

  if (!ctx.signal.aborted) {
    for (const night of read.sleep.nights()) {
      await read.sink.pushNight(night, hash('gadgetbridge', 'sleep', night.source, night.start), { gadgetbridge: 'sleep' });
    }
  }
  await read.sink.flush();
  ctx.tally.progress(file.bytes);
}

/** Every row of a sample table no metric is read from, counted under the table's name. */
async function unmapped(read: GadgetbridgeRead, table: TableInfo): Promise<void> {
  await read.file.eachRow(
    table,
    (i) => {
      read.sink.record();
      read.sink.ignore(table.name, `${table.name} row ${i + 1}: no metric for this Gadgetbridge sample`);
      read.step();
    },
    read.signal,
  );
}

export const gadgetbridge: WriterFormat = {
  name: 'gadgetbridge',
  kind: 'writer',
  detect: isGadgetbridgeDb,
  zipEntries: (names) => names.some(isEntry),
  write: importGadgetbridge,
};
