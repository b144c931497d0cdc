import { jsonHead } from '../json-head.ts';
import { isObject } from '../values.ts';
import type { JsonKind } from './readings.ts';

/**
 * One of the export's JSON files uploaded alone (a day's heart_rate-2021-01-02.json). The
 * pipeline does not see its name, so it is known by its first element: a heart-rate sample's
 * `value` holds `bpm`, a resting heart rate's `date` and `value`; a sleep log, a weigh-in and an
 * exercise each have a `logId` beside their own fields. The per-minute files (steps, distance,
 * calories, altitude …) are all `{"dateTime", "value": "12"}` and cannot be told apart: only
 * their ZIP is read.
 */

/** "01/02/21 00:00:05": Fitbit's intraday time, which no other format here writes. */
const INTRADAY_TIME = /^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/;

/** Whether a file's first bytes are one of the Fitbit JSON files read alone. */
export function isFitbitJson(head: string): boolean {
  const h = jsonHead(head);
  const first = h.top === 'array' ? h.firstElement.get('') : undefined;
  if (!first) return false;
  const has = (...keys: string[]) => keys.every((k) => first.has(k));
  if (INTRADAY_TIME.test(first.get('dateTime') ?? '') && first.get('value') === '{') return true;
  if (!has('logId')) return false;
  return (
    (has('startTime') && (has('levels') || has('minutesAsleep') || has('dateOfSleep'))) ||
    (has('weight') && (has('bmi') || has('date'))) ||
    has('activityName', 'activityTypeId')
  );
}

/** Why a file alone is not read. */
export const NOT_ALONE =
  "Fitbit's per-minute files (steps, distance, calories …) cannot be told apart once uploaded alone: upload the export's ZIP file";

/** The kind of a file uploaded alone, by its first element; null when it is none of them, `per_minute` for the files only a ZIP tells apart. */
export function kindOfFirst(value: unknown): JsonKind | 'per_minute' | null {
  if (!isObject(value)) return null;
  const inner = value.value;
  if (typeof value.dateTime === 'string') {
    if (isObject(inner) && 'bpm' in inner) return 'heart_rate';
    if (isObject(inner) && ('date' in inner || 'value' in inner)) return 'resting_heart_rate';
    if (typeof inner === 'string' || typeof inner === 'number') return 'per_minute';
  }
  if (!('logId' in value)) return null;
  if ('startTime' in value && ('levels' in value || 'minutesAsleep' in value || 'dateOfSleep' in value)) return 'sleep';
  if ('weight' in value) return 'weight';
  if ('activityName' in value) return 'exercise';
  return null;
}
