/**
 * Oura's kinds of document, by the names its API v2 gives them (`sleep`: a sleep period,
 * `daily_activity`, `heartrate` ...), however an export names them: a key of oura_data.json
 * (`activity` in the older API v1 one), a JSON file of a ZIP (`daily_sleep.json`), a CSV of the
 * newer export's "App Data" folder (`sleepmodel.csv`, `dailyactivity.csv`), or, for a document
 * alone, its own fields.
 */

/** A document of an export: its kind, its fields as the file gives them (numbers, or strings in a CSV), and where it is. */
export type OuraDoc = { category: string; fields: Record<string, unknown>; where: string };

/** Names the App Data CSVs and older keys give a kind (lower-cased, without separators), and the API v2 name. */
const NAMES: Record<string, string> = {
  sleep: 'sleep',
  sleepmodel: 'sleep',
  sleepperiods: 'sleep',
  activity: 'daily_activity',
  dailyactivity: 'daily_activity',
  readiness: 'daily_readiness',
  dailyreadiness: 'daily_readiness',
  dailysleep: 'daily_sleep',
  dailyspo2: 'daily_spo2',
  heartrate: 'heartrate',
  workout: 'workout',
  workouts: 'workout',
  vo2max: 'vo2_max',
  dailystress: 'daily_stress',
  dailyresilience: 'daily_resilience',
  dailycardiovascularage: 'daily_cardiovascular_age',
  sleeptime: 'sleep_time',
  restmodeperiod: 'rest_mode_period',
  enhancedtag: 'enhanced_tag',
  ringconfiguration: 'ring_configuration',
  personalinfo: 'personal_info',
};

/** The kind a name stands for (a key, a file's name without its extension), or the name itself when Oura has no such kind. */
export function categoryNamed(name: string): string {
  const base = name
    .replace(/^.*\//, '')
    .replace(/\.(json|csv)$/i, '')
    .toLowerCase();
  return NAMES[base.replace(/[^a-z0-9]/g, '')] ?? base;
}

/** Whether `name` (a key, a file) is a kind of document Oura exports. */
export const isKnownCategory = (name: string): boolean => Object.values(NAMES).includes(categoryNamed(name));

/** The kind of a document from its fields, for one whose file or key does not say (a lone CSV, an API page); null when none fits. */
export function categoryOf(fields: Record<string, unknown>): string | null {
  const has = (k: string) => k in fields;
  if (has('bedtime_start') && (has('total_sleep_duration') || has('total') || has('time_in_bed') || has('duration'))) return 'sleep';
  if (has('bpm') && has('timestamp')) return 'heartrate';
  if (has('spo2_percentage')) return 'daily_spo2';
  if (has('steps') && (has('active_calories') || has('cal_active'))) return 'daily_activity';
  if (has('temperature_deviation') || has('score_resting_hr')) return 'daily_readiness';
  if (has('vo2_max')) return 'vo2_max';
  if (has('activity') && has('start_datetime') && has('end_datetime')) return 'workout';
  if (has('contributors') && has('score') && String(JSON.stringify(fields.contributors)).includes('total_sleep')) return 'daily_sleep';
  return null;
}

type Series = { interval: number; items: (number | null)[]; timestamp: string };

/** An API v1 array of 5-minute or 1-minute samples as a v2 series (where 0 meant "no sample"). */
const series = (items: unknown, interval: number, timestamp: unknown): Series | undefined =>
  Array.isArray(items) && typeof timestamp === 'string'
    ? { interval, items: items.map((v) => (typeof v === 'number' && v > 0 ? v : null)), timestamp }
    : undefined;

/** API v1 field names (the older oura_data.json) and their v2 names, by kind. */
const V1: Record<string, Record<string, string>> = {
  sleep: {
    summary_date: 'day',
    total: 'total_sleep_duration',
    hypnogram_5min: 'sleep_phase_5_min',
    hr_lowest: 'lowest_heart_rate',
    hr_average: 'average_heart_rate',
    rmssd: 'average_hrv',
    breath_average: 'average_breath',
    onset_latency: 'latency',
    awake: 'awake_time',
    light: 'light_sleep_duration',
    rem: 'rem_sleep_duration',
    deep: 'deep_sleep_duration',
    duration: 'time_in_bed',
    period_id: 'period',
  },
  daily_activity: {
    summary_date: 'day',
    cal_active: 'active_calories',
    cal_total: 'total_calories',
    daily_movement: 'equivalent_walking_distance',
    class_5min: 'class_5_min',
    day_start: 'timestamp',
  },
  daily_readiness: { summary_date: 'day', period_id: 'period' },
};

/**
 * A document's fields under their API v2 names: an API v1 document (it has `summary_date`) is
 * renamed field by field, its sample arrays made series; a v2 document is as it was.
 */
export function v2Fields(category: string, fields: Record<string, unknown>): Record<string, unknown> {
  const renames = V1[category];
  if (!renames || !('summary_date' in fields)) return fields;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (k === 'hr_5min') out.heart_rate = series(v, 300, fields.bedtime_start);
    else if (k === 'rmssd_5min') out.hrv = series(v, 300, fields.bedtime_start);
    else if (k === 'met_1min') out.met = series(v, 60, fields.day_start);
    else out[renames[k] ?? k] = v;
  }
  return out;
}
