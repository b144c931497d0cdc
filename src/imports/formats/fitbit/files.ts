/**
 * The files of a Fitbit export, told apart by their names. Two layouts exist: Google Takeout's
 * (`Takeout/Fitbit/Global Export Data/heart_rate-2021-01-02.json`, `Takeout/Fitbit/Oxygen
 * Saturation (SpO2)/…`, `Takeout/Fitbit/Paired Devices/Trackers.csv` …; newer Takeouts name the
 * folder `Google Health`) and the older fitbit.com account archive's (`<Name>/Physical
 * Activity/heart_rate-….json`, `<Name>/Sleep/sleep-….json`, `<Name>/Personal &
 * Account/weight-….json`). Files are read by their own name wherever they sit; the folders only
 * help recognise the export.
 */

/** The files read into readings (or, for devices, into the readings' source). */
export type FileKind =
  | 'heart_rate'
  | 'steps'
  | 'distance'
  | 'resting_heart_rate'
  | 'sleep'
  | 'weight'
  | 'exercise'
  | 'daily_spo2'
  | 'daily_respiratory_rate'
  | 'devices';

const JSON_KINDS: Record<string, FileKind> = {
  heart_rate: 'heart_rate',
  steps: 'steps',
  distance: 'distance',
  resting_heart_rate: 'resting_heart_rate',
  sleep: 'sleep',
  weight: 'weight',
  exercise: 'exercise',
};

/** A JSON file of the export: its type, then the day (or month, or year) it starts, or a page number ("exercise-100.json"). */
const DATED_JSON = /^([a-z][a-z0-9_]*)-(?:\d{4}-\d{2}-\d{2}|\d+)\.json$/;
/** A CSV of the newer exports: its type, then " - " and the day or range it covers ("Daily SpO2 - 2021-01-01-2021-04-10.csv"). */
const DATED_CSV = /^(.+?) - [\d(][\d()-]*\.csv$/;

/** JSON types only Fitbit writes under these names (the ones read, and the ones every export has beside them). */
const KNOWN_JSON = new Set([
  ...Object.keys(JSON_KINDS),
  'calories',
  'altitude',
  'sedentary_minutes',
  'lightly_active_minutes',
  'moderately_active_minutes',
  'very_active_minutes',
  'time_in_heart_rate_zones',
  'demographic_vo2_max',
  'run_vo2_max',
  'swim_lengths_data',
]);
/** The folders an export's data files sit in (either layout); `Fitbit` and `Google Health` are Takeout's. */
const EXPORT_FOLDERS = /(?:^|\/)(?:Fitbit|Google Health|Global Export Data|Physical Activity|Sleep|Personal & Account)\//;

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** What a file is read as, by its name; null for the files not read (counted by type). */
export function fileKind(path: string): FileKind | null {
  const base = baseName(path);
  const json = DATED_JSON.exec(base);
  if (json) return JSON_KINDS[json[1]] ?? null;
  if (base === 'Devices.csv' || base === 'Trackers.csv') return 'devices';
  const csv = DATED_CSV.exec(base);
  if (csv?.[1] === 'Daily SpO2') return 'daily_spo2';
  if (csv?.[1] === 'Daily Respiratory Rate Summary') return 'daily_respiratory_rate';
  return null;
}

/**
 * A file's type for the counts of what was not imported: its name without the day, month or
 * number it covers, with its extension ("calories.json", "Minute SpO2.csv", "Profile.csv").
 */
export function typeName(path: string): string {
  const base = baseName(path);
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot) : '';
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .replace(/ - [\d(][\d()-]*$/, '')
    .replace(/[-_ ](?:\d{4}-\d{2}(?:-\d{2})?|\d+)$/, '')
    .trim();
  return `${stem || base}${ext}`;
}

/**
 * Whether an entry belongs to the export: everything in the ZIP, except the other services of a
 * Takeout that holds more than Fitbit (`Takeout/Google Photos/…`, Takeout's `archive_browser.html`),
 * and folders.
 */
export function inExport(path: string): boolean {
  if (path.endsWith('/') || path.startsWith('__MACOSX/')) return false;
  const parts = path.split('/');
  const takeout = parts.indexOf('Takeout');
  if (takeout < 0) return true;
  const service = parts[takeout + 1];
  return (service === 'Fitbit' || service === 'Google Health') && parts.length > takeout + 2;
}

/** An entry only a Fitbit export has: a dated JSON file of a Fitbit type, in one of its folders. */
export function isFitbitEntry(name: string): boolean {
  if (!EXPORT_FOLDERS.test(name) || !inExport(name)) return false;
  const json = DATED_JSON.exec(baseName(name));
  return json !== null && KNOWN_JSON.has(json[1]);
}

/** A ZIP whose entry names are a Fitbit export's. */
export const isFitbitExport = (names: string[]) => names.some(isFitbitEntry);
