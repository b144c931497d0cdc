import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { csvRecords } from '../../domain/imports/csv-rows.ts';
import { loadUser } from '../../domain/users/users.service.ts';
import { readExportFiles } from '../export-files.ts';
import { jsonItems, type JsonItem } from '../json-items.ts';
import { ReadingSink } from '../reading-sink.ts';
import { at } from './fitbit/context.ts';
import { exportSource, trackersOf } from './fitbit/devices.ts';
import { baseName, fileKind, inExport, isFitbitEntry, isFitbitExport, typeName, type FileKind } from './fitbit/files.ts';
import { LocalClock } from './fitbit/local-time.ts';
import { FitbitReadings, type CsvKind, type JsonKind } from './fitbit/readings.ts';
import { isFitbitJson, kindOfFirst, NOT_ALONE } from './fitbit/single-file.ts';
import type { ImportTally, WriterFormat } from './format.ts';
import { MAX_RECORD_BYTES } from './values.ts';

/**
 * Fitbit's export: Google Takeout's Fitbit folder, or the older fitbit.com account archive, as the
 * ZIP file they come in (a Takeout of several GB is read an entry at a time, each file streamed, no
 * element over 1 MiB held), or one of its JSON files alone (fitbit/single-file.ts). What is read
 * (fitbit/files.ts names the files, fitbit/readings.ts each kind):
 *
 * - heart_rate-*.json: a reading per minute, the mean of its samples
 * - steps-*.json, distance-*.json (centimetres): a reading per minute with a value
 * - resting_heart_rate-*.json: a reading per day, at its noon
 * - sleep-*.json: a sleep_duration reading per night, the union of its logs' asleep stages
 * - weight-*.json: weight (kg or lb, fitbit/weigh-ins.ts) and body_fat
 * - exercise-*.json: workout_minutes, each exercise's active minutes
 * - Oxygen Saturation (SpO2)/Daily SpO2 - *.csv: spo2, a night's average, at its day's noon
 * - Daily Respiratory Rate Summary - *.csv: respiratory_rate, the same way
 * - Trackers.csv / Devices.csv: the readings' source (fitbit/devices.ts)
 *
 * Every other file of the export counts as one record, skipped unmapped_type under its type
 * ("calories.json", "Minute SpO2.csv") without being read: calories are the total burned with the
 * basal rate (not active energy), heart rate variability is RMSSD (not the SDNN hrv_sdnn is),
 * estimated_oxygen_variation is an infrared-to-red ratio (not SpO2), the Minute SpO2 files repeat
 * the nightly averages read from Daily SpO2, and the *_GoogleData CSVs repeat the JSON files. Times
 * are the user's timezone's (fitbit/local-time.ts).
 */

const FitbitOptions = z.object({
  weight_unit: z
    .enum(['kg', 'lb'])
    .optional()
    .describe("fitbit_takeout: the unit of the weigh-ins' weight (the account's unit); left out: told by their BMI"),
});
type FitbitOptions = z.output<typeof FitbitOptions>;

/** The longest an import parses before it lets the event loop serve others' requests. */
const SLICE_MS = 5;
/** Rows of a devices file read (a few lines in any export). */
const MAX_DEVICE_ROWS = 1000;
/** Files not read whose paths are shown among the reasons (the rest by type only). */
const SHOWN_PATHS = 20;

const isJsonKind = (kind: FileKind): kind is JsonKind => !['daily_spo2', 'daily_respiratory_rate', 'devices'].includes(kind);

type FitbitImportOptions = { tally: ImportTally; signal: AbortSignal; weightUnit: 'kg' | 'lb' | undefined };

/** Imports a Fitbit export (its ZIP, or one of its JSON files) at `path` into the actor's readings. */
async function importFitbit(actor: Actor, path: string, { tally, signal, weightUnit }: FitbitImportOptions): Promise<void> {
  const sink = new ReadingSink(actor, tally);
  const clock = new LocalClock((await loadUser(actor.userId)).timezone);
  const trackers: string[] = [];
  // Made at the first data file: the devices files are read before it, and name the source.
  const made: { readings?: FitbitReadings } = {};
  const reader = () => (made.readings ??= new FitbitReadings({ sink, clock, source: exportSource(trackers) }, weightUnit));

  let slice = Date.now();
  const breathe = async () => {
    if (Date.now() - slice > SLICE_MS) {
      await nextTurn();
      slice = Date.now();
    }
  };

  const item = async (kind: JsonKind, it: JsonItem, file: string) => {
    if ('tooLarge' in it) {
      sink.record();
      return sink.ignore(`${kind} over 1 MiB`, `${at(file, it.path)}: over ${MAX_RECORD_BYTES} bytes: not read`, 'too_large');
    }
    if ('malformed' in it) {
      sink.record();
      return sink.ignore(`${kind}: not JSON`, `${at(file, it.path)}: ${it.malformed}`, 'malformed');
    }
    await reader().element(kind, it.value, file, it.path);
  };

  const notJson = (kind: JsonKind, err: NotJson, file: string) => {
    sink.record();
    sink.ignore(`${kind}: not JSON`, `${file}: ${err.message}`, 'malformed');
  };

  const jsonFile = async (kind: JsonKind, bytes: AsyncIterable<Buffer>, file: string) => {
    try {
      for await (const it of elements(bytes)) {
        if (signal.aborted) return;
        await item(kind, it, file);
        await breathe();
      }
    } catch (err) {
      // A file of the ZIP that is not JSON (cut short, damaged): one record, the rest of the export read.
      if (!(err instanceof NotJson)) throw err;
      notJson(kind, err, file);
    }
    await reader().endFile(kind);
  };

  const csvFile = async (kind: CsvKind, bytes: AsyncIterable<Buffer>, file: string) => {
    let columns: Map<string, number> | null = null;
    let row = 0;
    try {
      for await (const record of csvRecords(bytes)) {
        if (signal.aborted) return;
        row++;
        if ('tooLarge' in record) {
          sink.record();
          sink.ignore(`${kind} over 1 MiB`, `${file} row ${row}: over ${MAX_RECORD_BYTES} bytes: not read`, 'too_large');
        } else if (!columns) columns = new Map(record.map((name, i) => [name.trim().toLowerCase(), i]));
        else await reader().row(kind, columns, record, file, `row ${row}`);
        await breathe();
      }
    } catch (err) {
      if (!(err instanceof Error) || !('code' in err) || !String(err.code).startsWith('CSV_')) throw err;
      sink.record();
      sink.ignore(`${kind}: not CSV`, `${file} row ${row + 1}: ${err.message}`, 'malformed');
    }
  };

  const devicesFile = async (bytes: AsyncIterable<Buffer>) => {
    const rows: string[][] = [];
    try {
      for await (const record of csvRecords(bytes)) {
        if (Array.isArray(record)) rows.push(record);
        if (rows.length > MAX_DEVICE_ROWS) break;
      }
    } catch {
      // A devices file that is not CSV names no device: the source stays "Fitbit".
    }
    trackers.push(...trackersOf(rows));
  };

  // The files of the ZIP that are not read, by type (each counted at the end as one record).
  const unread = new Map<string, { count: number; paths: string[] }>();
  let recognised = false;
  let dataFiles = 0;
  const wanted = (name: string) => {
    if (!inExport(name)) return false;
    recognised ||= isFitbitEntry(name);
    const kind = fileKind(name);
    if (kind && kind !== 'devices') dataFiles++;
    if (kind) return true;
    const type = typeName(name);
    const files = unread.get(type) ?? { count: 0, paths: [] };
    files.count++;
    if (files.paths.length < SHOWN_PATHS) files.paths.push(name);
    unread.set(type, files);
    return false;
  };

  let single = false;
  await readExportFiles(
    path,
    {
      what: 'a Fitbit export',
      wanted,
      // The devices files first: they name the source of everything else.
      order: (a, b) => Number(fileKind(a) !== 'devices') - Number(fileKind(b) !== 'devices'),
      tally,
      signal,
    },
    async ({ name, bytes }) => {
      if (name === null) {
        single = true;
        const kind = await readAlone(
          bytes,
          (k, it) => item(k, it, 'the file'),
          (k, err) => notJson(k, err, 'the file'),
          signal,
        );
        if (kind && !signal.aborted) await reader().endFile(kind);
        return;
      }
      const kind = fileKind(name)!;
      const file = baseName(name);
      if (kind === 'devices') return devicesFile(bytes);
      if (isJsonKind(kind)) return jsonFile(kind, bytes, file);
      return csvFile(kind, bytes, file);
    },
  );
  if (!single && !recognised && dataFiles === 0) {
    throw Invalid.at(
      [],
      'Not a Fitbit export: the ZIP file has none of its files (heart_rate-….json, sleep-….json … in Global Export Data)',
    );
  }
  if (!signal.aborted) {
    await made.readings?.finish();
    for (const [type, { count, paths }] of unread) {
      for (let i = 0; i < count; i++) {
        sink.record();
        sink.ignore(type, `${paths[i] ?? type}: a file of a type not imported`);
      }
    }
  }
  await sink.flush();
}

/** A JSON file that is not one (jsonItems' Invalid), told apart from what reading its elements throws. */
class NotJson extends Error {}

/** A JSON file's elements (jsonItems), with a file that is not JSON thrown as NotJson. */
async function* elements(bytes: AsyncIterable<Buffer>): AsyncGenerator<JsonItem> {
  try {
    yield* jsonItems(bytes, MAX_RECORD_BYTES);
  } catch (err) {
    throw err instanceof Invalid ? new NotJson(err.issues[0]?.msg ?? err.message) : err;
  }
}

/**
 * One of the export's JSON files uploaded alone: its kind from its first element, then each element
 * as the ZIP's are read. A file that is not JSON fails the import; one that breaks off after its
 * first elements counts the break as one malformed record, as a ZIP's file does.
 */
async function readAlone(
  bytes: AsyncIterable<Buffer>,
  item: (kind: JsonKind, it: JsonItem) => Promise<void>,
  notJson: (kind: JsonKind, err: NotJson) => void,
  signal: AbortSignal,
): Promise<JsonKind | null> {
  let kind: JsonKind | null = null;
  try {
    for await (const it of elements(bytes)) {
      if (signal.aborted) return null;
      if (kind === null) {
        const first = 'value' in it ? kindOfFirst(it.value) : null;
        if (first === 'per_minute') throw Invalid.at([], NOT_ALONE);
        if (first === null)
          throw Invalid.at([], 'Not a Fitbit export: its first element is none of the records read alone (heart rate, sleep, weight …)');
        kind = first;
      }
      await item(kind, it);
    }
  } catch (err) {
    if (!(err instanceof NotJson)) throw err;
    if (kind === null) throw Invalid.at([], `Not a Fitbit export: ${err.message}`);
    notJson(kind, err);
  }
  return kind;
}

export const fitbitTakeout: WriterFormat = {
  name: 'fitbit_takeout',
  kind: 'writer',
  detect: isFitbitJson,
  zipEntries: isFitbitExport,
  checkOptions: (raw) => void parse(FitbitOptions, raw),
  async write(path, actor, ctx) {
    const options: FitbitOptions = parse(FitbitOptions, ctx.options);
    await importFitbit(actor, path, { tally: ctx.tally, signal: ctx.signal, weightUnit: options.weight_unit });
  },
};
