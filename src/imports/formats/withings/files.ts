import { CsvError } from 'csv-parse';
import { Invalid } from '../../../core/errors.ts';
import { csvRecords } from '../../../domain/imports/csv-rows.ts';
import type { ExportFile } from '../../export-files.ts';
import { dayNoon, formatInstant, parseInstant, type Instant } from '../../local-time.ts';
import { entryBaseName } from '../../zip-entries.ts';
import { num } from '../values.ts';
import type { WithingsReadings } from './readings.ts';

/**
 * The CSVs of Health Mate's "Download my data" ZIP, each read a row at a time. What a file is comes
 * from its name in the ZIP, or for a file uploaded alone from its header. Dates without an offset
 * (weight.csv, bp.csv, manual_spo2.csv: "2021-01-02 07:03:22") are the account's local time, read
 * in the user's profile timezone; sleep.csv, activities.csv and the raw_* files carry offsets.
 * Headers are in the account's language except for some columns ("Duration to sleep (s)"): a column
 * is found by its English name, else by its place in the file.
 */
type Kind =
  | { kind: 'weight' | 'bp' | 'sleep' | 'activities' | 'spo2' }
  | { kind: 'aggregate'; slug: string; unit: string }
  | { kind: 'raw'; slug: string | null; unit: string }
  | { kind: 'rows' };

/** Daily totals (`date,value`), by file: the day's totals as Withings counted them across its devices. */
const AGGREGATES: Record<string, { slug: string; unit: string }> = {
  'aggregates_steps.csv': { slug: 'steps', unit: 'count' },
  'aggregates_distance.csv': { slug: 'distance', unit: 'm' },
  'aggregates_calories_earned.csv': { slug: 'active_energy', unit: 'kcal' },
  'aggregates_elevation.csv': { slug: 'floors_climbed', unit: 'count' },
};
/**
 * Samples (`start,duration,value` with JSON arrays), by file. Only the kinds no daily total
 * covers are read: raw steps, distance and calories are the aggregates' parts (and overlap across
 * devices), so they are counted unmapped rather than summed twice.
 */
const RAW: Record<string, { slug: string; unit: string }> = {
  'raw_hr_hr.csv': { slug: 'heart_rate', unit: 'bpm' },
  'raw_tracker_hr.csv': { slug: 'heart_rate', unit: 'bpm' },
  'raw_bed_hr.csv': { slug: 'heart_rate', unit: 'bpm' },
  'raw_sleep-monitor_hr.csv': { slug: 'heart_rate', unit: 'bpm' },
  'raw_spo2_auto_spo2.csv': { slug: 'spo2', unit: '%' },
  'raw_bed_respiratory-rate.csv': { slug: 'respiratory_rate', unit: 'breaths/min' },
  'raw_sleep-monitor_respiratory-rate.csv': { slug: 'respiratory_rate', unit: 'breaths/min' },
};
/** The account's own files, not measurements: not read. */
const ACCOUNT = new Set(['account.csv', 'user.csv', 'devices.csv', 'note.csv', 'journal_entries.csv', 'user_survey.csv']);

/** A header cell: unquoted, trimmed, lower-cased; and its name without a "(unit)" and that unit. */
const cellName = (c: string) =>
  c
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase();
const columnOf = (c: string) => {
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(cellName(c));
  return m ? { name: m[1], unit: m[2] } : { name: cellName(c), unit: null };
};

/** What a file of the ZIP is, by its name; null for a file not read. */
export function kindOfEntry(name: string): Kind | null {
  const base = entryBaseName(name);
  if (!base.endsWith('.csv') || ACCOUNT.has(base)) return null;
  if (base === 'weight.csv') return { kind: 'weight' };
  if (base === 'bp.csv') return { kind: 'bp' };
  if (base === 'sleep.csv') return { kind: 'sleep' };
  if (base === 'activities.csv') return { kind: 'activities' };
  if (base === 'manual_spo2.csv') return { kind: 'spo2' };
  if (AGGREGATES[base]) return { kind: 'aggregate', ...AGGREGATES[base] };
  if (base.startsWith('raw_')) return { kind: 'raw', slug: RAW[base]?.slug ?? null, unit: RAW[base]?.unit ?? '' };
  return { kind: 'rows' };
}

/** What a file uploaded alone is, by its header (only those whose header says so unambiguously); null when none. */
export function kindOfHeader(line: string): Kind | null {
  const cells = line.split(',').map(cellName);
  const has = (c: string) => cells.includes(c);
  if (cells[0] === 'date' && cells.some((c) => /^weight \((kg|lb|st)\)$/.test(c))) return { kind: 'weight' };
  if (cells[0] === 'date' && has('systolic') && has('diastolic')) return { kind: 'bp' };
  // sleep.csv's from and to are in the account's language ("von,bis"); these two columns are not.
  if (has('duration to sleep (s)') && has('duration to wake up (s)')) return { kind: 'sleep' };
  if (cells[0] === 'from' && cells[1] === 'to' && (has('activity type') || has('from (manual)'))) return { kind: 'activities' };
  return null;
}

type Row = { cells: string[]; where: string };

/** Reads one file into `out`. A file uploaded alone whose header is not one of Withings' throws Invalid. */
export async function readWithingsFile(file: ExportFile, out: WithingsReadings, timezone: string): Promise<void> {
  const label = file.name ? `${file.name} ` : '';
  let kind = file.name ? kindOfEntry(file.name) : null;
  let read: ((row: Row) => Promise<void>) | null = null;
  let row = 1;
  try {
    for await (const record of csvRecords(file.bytes)) {
      if (!read) {
        const header = 'tooLarge' in record ? [] : record;
        kind ??= kindOfHeader(header.join(','));
        if (!kind)
          throw Invalid.at(
            [],
            'Not a Withings export: the file’s header is not one of Health Mate’s (weight.csv, bp.csv, sleep.csv, activities.csv)',
          );
        read = reader(kind, header, file.name ? entryBaseName(file.name) : 'the file', out, timezone);
        continue;
      }
      const where = `${label}row ${++row}`;
      if ('tooLarge' in record)
        out.unmapped(`${file.name ? entryBaseName(file.name) : 'row'} (too large)`, `${where}: over 1 MiB, not read`, 'too_large');
      else await read({ cells: record, where });
    }
  } catch (err) {
    // A file that stops being CSV (or a ZIP entry that stops inflating) part of the way: what it held so far is read, the rest one malformed record.
    const entryBroken = err instanceof Invalid && file.name !== null;
    if (!(err instanceof CsvError) && !entryBroken) throw err;
    const why = err instanceof Invalid ? (err.issues[0]?.msg ?? err.message) : (err as Error).message;
    if (!read && file.name === null) throw Invalid.at([], `Not a Withings export: not a readable CSV (${why})`);
    out.unmapped(`${file.name ? entryBaseName(file.name) : 'the file'} (unreadable)`, `${label}${why}`, 'malformed');
  }
  if (!read && file.name === null) throw Invalid.at([], 'Not a Withings export: the file is empty');
}

/** The reader of a file's rows, from its kind and header. */
function reader(kind: Kind, header: string[], file: string, out: WithingsReadings, timezone: string): (row: Row) => Promise<void> {
  const at = (text: string | undefined) => (text ? parseInstant(text, timezone) : null);
  switch (kind.kind) {
    case 'weight':
      return weightRows(header, file, out, at);
    case 'bp':
      return bpRows(header, file, out, at);
    case 'sleep':
      return sleepRows(header, file, out, at);
    case 'activities':
      return async ({ cells, where }) => {
        const from = at(cells[0]);
        const to = at(cells[1]);
        if (!from || !to || to.ms <= from.ms)
          return out.unmapped('activities.csv without times', `${where}: no usable from and to`, 'malformed');
        await out.value(
          'workout_minutes',
          from,
          Math.round((to.ms - from.ms) / 60) / 1000,
          'min',
          `${where} (${cells[5] || 'activity'})`,
          `${from.ms}:${to.ms}`,
        );
      };
    case 'spo2':
      return async ({ cells, where }) => {
        if (num(cells[1]) === null) return;
        const when = at(cells[0]);
        if (!when) return out.unmapped('manual_spo2.csv without a date', `${where}: no usable date`, 'malformed');
        await out.value('spo2', when, num(cells[1])!, '%', where);
      };
    case 'aggregate':
      return async ({ cells, where }) => {
        if (num(cells[1]) === null) return;
        const day = dayNoon(cells[0] ?? '', timezone);
        if (!day) return out.unmapped(`${file} without a date`, `${where}: no usable date`, 'malformed');
        await out.value(kind.slug, day, num(cells[1])!, kind.unit, where, cells[0].trim());
      };
    case 'raw':
      return (row) => rawRow(row, kind.slug, kind.unit, file, out, at);
    case 'rows':
      return async ({ where }) => out.unmapped(file, `${where}: ${file} has no metric here`);
  }
}

/**
 * A raw file's row: `start` and JSON arrays of durations and values, the samples one after the
 * other from `start`. Each sample is a record: a reading of `slug` at its start, or unmapped.
 */
async function rawRow(
  { cells, where }: Row,
  slug: string | null,
  unit: string,
  file: string,
  out: WithingsReadings,
  at: (t?: string) => Instant | null,
) {
  let durations: unknown;
  let values: unknown;
  try {
    durations = JSON.parse(cells[1] ?? '');
    values = JSON.parse(cells[2] ?? '');
  } catch {
    return out.unmapped(`${file} (malformed)`, `${where}: duration and value are not JSON arrays`, 'malformed');
  }
  if (!Array.isArray(values)) return out.unmapped(`${file} (malformed)`, `${where}: value is not a JSON array`, 'malformed');
  const start = at(cells[0]);
  let offsetS = 0;
  for (const [i, v] of values.entries()) {
    const sample = `${where} [${i}]`;
    const step = Array.isArray(durations) ? num(durations[i]) : null;
    if (!slug) out.unmapped(file, `${sample}: ${file} has no metric here`);
    else if (!start) out.unmapped(`${file} without a time`, `${sample}: no usable start`, 'malformed');
    else if (num(v) === null) out.unconvertible(`${sample}: ${JSON.stringify(v)?.slice(0, 40)} is not a number`);
    else {
      const ms = start.ms + offsetS * 1000;
      const when = { ms, iso: formatInstant(ms, start.offsetMin), offsetMin: start.offsetMin };
      await out.value(slug, when, num(v)!, unit, sample, `${ms}:${num(v)}`);
    }
    offsetS += step ?? 0;
  }
}

/** Mass units a header gives ("Weight (kg)", "(lb)", "(st)"). */
const MASS = new Set(['kg', 'lb', 'lbs', 'st', 'g']);

/**
 * weight.csv: Date, Weight, Fat mass, Bone mass, Muscle mass, Hydration (in kg or lb), Comments;
 * newer ones also Fat free mass and Fat ratio (%). Body fat is Fat ratio when given, else Fat mass
 * as a share of the row's Weight. Other masses have no metric: unmapped, by column.
 */
function weightRows(header: string[], file: string, out: WithingsReadings, at: (t?: string) => Instant | null) {
  const cols = header.map(columnOf);
  const find = (test: (name: string) => boolean, fallback: number) => {
    const i = cols.findIndex((c) => test(c.name));
    // A header in another language: the column at Withings' place for it, when it is a mass.
    return i >= 0 ? i : MASS.has(cols[fallback]?.unit ?? '') ? fallback : -1;
  };
  const weight = find((n) => n === 'weight', 1);
  const fatMass = find((n) => n === 'fat mass', 2);
  const fatRatio = cols.findIndex((c) => /^fat (mass )?ratio$|^body fat$|^fat$/.test(c.name) && c.unit === '%');
  return async ({ cells, where }: Row) => {
    const when = at(cells[0]);
    const w = num(cells[weight]);
    for (const [i, col] of cols.entries()) {
      const v = num(cells[i]);
      if (i === 0 || v === null) continue;
      const name = header[i].trim();
      if (!when) {
        out.unmapped(`${file} without a date`, `${where}: no usable date`, 'malformed');
        continue;
      }
      if (i === weight) await out.value('weight', when, v, col.unit, `${where} (${name})`);
      else if (i === fatRatio) await out.value('body_fat', when, v, '%', `${where} (${name})`);
      else if (i === fatMass && fatRatio < 0) {
        if (w && cols[weight].unit === col.unit)
          await out.value('body_fat', when, Math.round((v / w) * 1e6) / 1e4, '%', `${where} (${name})`);
        else out.unmapped(`${name} without a weight`, `${where}: ${name} without a weight in the same unit to be a share of`, 'malformed');
      } else out.unmapped(`${file}: ${name}`, `${where}: ${name} has no metric here`);
    }
  };
}

/** bp.csv: Date, Heart rate, Systolic, Diastolic, Comments: the pressures one measurement (a reading group), the heart rate beside it. */
function bpRows(header: string[], file: string, out: WithingsReadings, at: (t?: string) => Instant | null) {
  const cols = header.map(columnOf);
  const find = (re: RegExp, fallback: number) => {
    const i = cols.findIndex((c) => re.test(c.name));
    return i >= 0 ? i : cols.some((c) => /systolic|diastolic/.test(c.name)) ? -1 : fallback;
  };
  const hr = find(/^(heart rate|pulse)$/, 1);
  const sys = find(/^systolic$/, 2);
  const dia = find(/^diastolic$/, 3);
  return async ({ cells, where }: Row) => {
    const when = at(cells[0]);
    const group = when && num(cells[sys]) !== null && num(cells[dia]) !== null ? out.bloodPressureGroup(when) : undefined;
    for (const [i] of cols.entries()) {
      const v = num(cells[i]);
      if (i === 0 || v === null) continue;
      const name = header[i].trim();
      if (!when) out.unmapped(`${file} without a date`, `${where}: no usable date`, 'malformed');
      else if (i === hr) await out.value('heart_rate', when, v, 'bpm', `${where} (${name})`);
      else if (i === sys) await out.value('blood_pressure_systolic', when, v, 'mmHg', `${where} (${name})`, when.ms, group);
      else if (i === dia) await out.value('blood_pressure_diastolic', when, v, 'mmHg', `${where} (${name})`, when.ms, group);
      else out.unmapped(`${file}: ${name}`, `${where}: ${name} has no metric here`);
    }
  };
}

/**
 * sleep.csv: from, to, then light, deep, REM and awake seconds (in the account's language: "leicht
 * (s)" ...), wake ups, Duration to sleep (s), Duration to wake up (s), snoring, heart rates. A row
 * is one night's record: light + deep + REM asleep (else the time in bed less awake), its asleep
 * interval after Duration to sleep; overlapping rows (two devices, a re-analysis) count once. Its
 * lowest heart rate is the night's resting heart rate; Withings writes 0 for a heart rate it did
 * not measure (not a record). The other numbers are unmapped, by column.
 */
function sleepRows(header: string[], file: string, out: WithingsReadings, at: (t?: string) => Instant | null) {
  const cols = header.map(columnOf);
  const byName = (...names: string[]) => cols.findIndex((c) => names.includes(c.name));
  const stage = (names: string[], place: number) => {
    const i = byName(...names);
    return i >= 0 ? i : cols[place]?.unit === 's' && byName('light', 'light sleep') < 0 ? place : -1;
  };
  const light = stage(['light', 'light sleep'], 2);
  const deep = stage(['deep', 'deep sleep'], 3);
  const rem = stage(['rem', 'rem sleep'], 4);
  const awake = stage(['awake', 'wakeup', 'awake time'], 5);
  const latency = byName('duration to sleep');
  const lowest = cols.findIndex((c) => c.name === 'heart rate' && c.unit === 'min');
  const consumed = new Set([0, 1, light, deep, rem, awake, latency]);
  return async ({ cells, where }: Row) => {
    const from = at(cells[0]);
    const to = at(cells[1]);
    const stages = [light, deep, rem].map((i) => num(cells[i]));
    if (!from || !to || to.ms <= from.ms) out.unmapped('sleep.csv without times', `${where}: no usable from and to`, 'malformed');
    else {
      const spanS = (to.ms - from.ms) / 1000;
      const asleep = stages.some((s) => s !== null)
        ? stages.reduce<number>((sum, s) => sum + (s ?? 0), 0)
        : spanS - (num(cells[awake]) ?? 0);
      out.sleepPeriod(from, to, asleep, num(cells[latency]) ?? 0, where);
    }
    for (const [i, col] of cols.entries()) {
      const v = num(cells[i]);
      if (consumed.has(i) || v === null || (/heart rate/.test(col.name) && v === 0)) continue;
      const name = header[i].trim();
      if (i === lowest && to) await out.value('resting_heart_rate', to, v, 'bpm', `${where} (${name})`);
      else out.unmapped(`${file}: ${name}`, `${where}: ${name} has no metric here`);
    }
  };
}
