/**
 * Health Connect's record tables as its export database holds them (AOSP
 * packages/modules/HealthFitness, service/…/storage/datatypehelpers/*RecordHelper.java): each
 * record a row with a 16-byte `uuid`, `app_info_id` (application_info_table) and `device_info_id`
 * (device_info_table); an instant record has `time` and `zone_offset`, an interval record
 * `start_time`/`end_time` and `start_zone_offset`/`end_zone_offset` (epoch milliseconds, offsets in
 * seconds). Values are stored in Health Connect's base units: mass in grams, energy in calories,
 * length in metres, volume in litres, pressure in mmHg, glucose in mmol/L, temperature in °C.
 */

/** One value column of a record table and the reading it becomes. */
type ValueColumn = { column: string; slug: string; unit: string };

/**
 * A record table whose rows are readings: `instant` at `time`, `interval` recorded at its start
 * (a quantity over the interval), `duration` recorded at its end with its length in minutes (as
 * Apple Health's sessions). A row gives one record per value column it fills; `grouped` values
 * are one measurement (blood pressure), their readings in one reading group.
 */
export type RecordTable =
  | { table: string; kind: 'instant' | 'interval'; values: readonly ValueColumn[]; grouped?: true }
  | { table: string; kind: 'duration'; slug: string };

const v = (column: string, slug: string, unit: string): ValueColumn => ({ column, slug, unit });

/** Nutrition's columns that have a metric (masses in grams, energy in calories); its other nutrients have none. */
const NUTRIENTS: readonly ValueColumn[] = [
  v('energy', 'dietary_energy', 'cal'),
  v('protein', 'protein', 'g'),
  v('total_carbohydrate', 'carbohydrates', 'g'),
  v('total_fat', 'fat', 'g'),
  v('saturated_fat', 'saturated_fat', 'g'),
  v('trans_fat', 'trans_fat', 'g'),
  v('dietary_fiber', 'fiber', 'g'),
  v('sugar', 'sugar', 'g'),
  v('cholesterol', 'cholesterol', 'g'),
  v('sodium', 'sodium', 'g'),
  v('potassium', 'potassium', 'g'),
  v('calcium', 'calcium', 'g'),
  v('iron', 'iron', 'g'),
  v('vitamin_a', 'vitamin_a', 'g'),
  v('vitamin_c', 'vitamin_c', 'g'),
  v('vitamin_d', 'vitamin_d', 'g'),
  v('caffeine', 'caffeine', 'g'),
];

export const RECORD_TABLES: readonly RecordTable[] = [
  { table: 'steps_record_table', kind: 'interval', values: [v('count', 'steps', 'count')] },
  { table: 'distance_record_table', kind: 'interval', values: [v('distance', 'distance', 'm')] },
  { table: 'active_calories_burned_record_table', kind: 'interval', values: [v('energy', 'active_energy', 'cal')] },
  { table: 'floors_climbed_record_table', kind: 'interval', values: [v('floors', 'floors_climbed', 'count')] },
  { table: 'hydration_record_table', kind: 'interval', values: [v('volume', 'water', 'L')] },
  { table: 'nutrition_record_table', kind: 'interval', values: NUTRIENTS },
  { table: 'weight_record_table', kind: 'instant', values: [v('weight', 'weight', 'g')] },
  { table: 'body_fat_record_table', kind: 'instant', values: [v('percentage', 'body_fat', '%')] },
  {
    table: 'blood_pressure_record_table',
    kind: 'instant',
    values: [v('systolic', 'blood_pressure_systolic', 'mmHg'), v('diastolic', 'blood_pressure_diastolic', 'mmHg')],
    // One measurement: its two readings share a reading group (the record's uuid).
    grouped: true,
  },
  { table: 'oxygen_saturation_record_table', kind: 'instant', values: [v('percentage', 'spo2', '%')] },
  { table: 'resting_heart_rate_record_table', kind: 'instant', values: [v('beats_per_minute', 'resting_heart_rate', 'bpm')] },
  { table: 'respiratory_rate_record_table', kind: 'instant', values: [v('rate', 'respiratory_rate', 'breaths/min')] },
  { table: 'blood_glucose_record_table', kind: 'instant', values: [v('level', 'blood_glucose', 'mmol/L')] },
  { table: 'body_temperature_record_table', kind: 'instant', values: [v('temperature', 'body_temperature', '°C')] },
  { table: 'vo2_max_record_table', kind: 'instant', values: [v('vo2_milliliters_per_minute_kilogram', 'vo2_max', 'mL/kg/min')] },
  { table: 'exercise_session_record_table', kind: 'duration', slug: 'workout_minutes' },
  { table: 'mindfulness_session_record_table', kind: 'duration', slug: 'mindful_minutes' },
];

/** Heart rate: a parent record per series, each sample a row of the series table (epoch_millis, beats_per_minute). */
export const HEART_RATE = { table: 'heart_rate_record_table', series: 'heart_rate_record_series_table' } as const;

/** Sleep: a session per night, its stages (stage_start_time, stage_end_time, stage_type) in their own table. */
export const SLEEP = { table: 'sleep_session_record_table', stages: 'sleep_stages_table' } as const;

/** SleepSessionRecord.StageType: the asleep ones (sleeping, light, deep, REM) and what the others are called. */
export const ASLEEP_STAGES = new Set([2, 4, 5, 6]);
export const STAGE_NAMES: Record<number, string> = {
  0: 'unknown',
  1: 'awake',
  2: 'sleeping',
  3: 'out of bed',
  4: 'light',
  5: 'deep',
  6: 'rem',
  7: 'awake in bed',
};

/** The columns every record table has (RecordHelper), beside its time columns. */
export const RECORD_COLUMNS = ['uuid', 'app_info_id', 'device_info_id'] as const;
export const INSTANT_COLUMNS = ['time', 'zone_offset'] as const;
export const INTERVAL_COLUMNS = ['start_time', 'start_zone_offset', 'end_time', 'end_zone_offset'] as const;
