import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { SaxesParser } from 'saxes';
import type { Actor } from '../core/actor.ts';
import { toCanonical } from '../domain/metrics/catalogue.ts';
import { ingestReadings } from '../domain/metrics/ingest.service.ts';
import { unionSpans, type Interval } from './intervals.ts';

/**
 * Apple Health `export.xml` import: a streaming SAX pass (constant memory on a multi-GB file),
 * each mapped Record becomes a reading, written through ingestReadings in batches. Apple's export
 * has no stable record ids, so a reading's source_id is a hash of what identifies the record:
 * re-importing the same (or a later, larger) export skips everything already there.
 */
type Mapping = { slug: string; kind: 'quantity' | 'percent' | 'duration_min' | 'sleep' };

const TYPES: Record<string, Mapping> = {
  HKQuantityTypeIdentifierStepCount: { slug: 'steps', kind: 'quantity' },
  HKQuantityTypeIdentifierDistanceWalkingRunning: { slug: 'distance', kind: 'quantity' },
  HKQuantityTypeIdentifierActiveEnergyBurned: { slug: 'active_energy', kind: 'quantity' },
  HKQuantityTypeIdentifierAppleExerciseTime: { slug: 'workout_minutes', kind: 'quantity' },
  HKQuantityTypeIdentifierBodyMass: { slug: 'weight', kind: 'quantity' },
  HKQuantityTypeIdentifierBodyFatPercentage: { slug: 'body_fat', kind: 'percent' },
  HKQuantityTypeIdentifierRestingHeartRate: { slug: 'resting_heart_rate', kind: 'quantity' },
  HKQuantityTypeIdentifierHeartRate: { slug: 'heart_rate', kind: 'quantity' },
  HKQuantityTypeIdentifierHeartRateVariabilitySDNN: { slug: 'hrv_sdnn', kind: 'quantity' },
  HKQuantityTypeIdentifierBloodPressureSystolic: { slug: 'blood_pressure_systolic', kind: 'quantity' },
  HKQuantityTypeIdentifierBloodPressureDiastolic: { slug: 'blood_pressure_diastolic', kind: 'quantity' },
  HKQuantityTypeIdentifierBloodGlucose: { slug: 'blood_glucose', kind: 'quantity' },
  HKQuantityTypeIdentifierBodyTemperature: { slug: 'body_temperature', kind: 'quantity' },
  HKQuantityTypeIdentifierDietaryWater: { slug: 'water', kind: 'quantity' },
  HKQuantityTypeIdentifierDietaryCaffeine: { slug: 'caffeine', kind: 'quantity' },
  HKQuantityTypeIdentifierOxygenSaturation: { slug: 'spo2', kind: 'percent' },
  HKQuantityTypeIdentifierRespiratoryRate: { slug: 'respiratory_rate', kind: 'quantity' },
  HKQuantityTypeIdentifierDietaryEnergyConsumed: { slug: 'dietary_energy', kind: 'quantity' },
  HKQuantityTypeIdentifierDietaryProtein: { slug: 'protein', kind: 'quantity' },
  HKQuantityTypeIdentifierFlightsClimbed: { slug: 'floors_climbed', kind: 'quantity' },
  HKQuantityTypeIdentifierVO2Max: { slug: 'vo2_max', kind: 'quantity' },
  HKCategoryTypeIdentifierMindfulSession: { slug: 'mindful_minutes', kind: 'duration_min' },
  HKCategoryTypeIdentifierSleepAnalysis: { slug: 'sleep_duration', kind: 'sleep' },
};

/** Sleep stages that count as asleep (in bed and awake do not). */
const ASLEEP = new Set([
  'HKCategoryValueSleepAnalysisAsleep',
  'HKCategoryValueSleepAnalysisAsleepUnspecified',
  'HKCategoryValueSleepAnalysisAsleepCore',
  'HKCategoryValueSleepAnalysisAsleepDeep',
  'HKCategoryValueSleepAnalysisAsleepREM',
]);

/** A gap longer than this between asleep samples of one source starts a new night. */
const NIGHT_GAP_MS = 3 * 3600_000;
const BATCH = 5_000;

/**
 * Every <Record> lands in exactly one count: records = created + skipped (already there) + merged
 * (a sleep stage folded into its night's reading) + ignored (not mapped; by type in ignoredByType,
 * sleep stages that are not asleep as `<type>:<value>`) + unconvertible.
 */
export type ImportCounts = {
  records: number;
  created: number;
  skipped: number;
  merged: number;
  ignored: number;
  unconvertible: number;
  ignoredByType: Record<string, number>;
};

type Reading = {
  metric_type_slug: string;
  recorded_at: string;
  source: string;
  source_id: string;
  value: number;
  unit: string | null;
  metadata: Record<string, unknown>;
};

/** "2026-01-01 07:50:00 +0100" -> "2026-01-01T07:50:00+01:00" (null when malformed). */
export function appleDate(text: string | undefined): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text?.trim() ?? '');
  return m ? `${m[1]}T${m[2]}${m[3]}${m[4]}:${m[5]}` : null;
}

/** Apple writes mmol/L of glucose as "mmol<180.1558800000541>/L" (with the molar mass). */
function appleUnit(unit: string | undefined): string | null {
  if (!unit) return null;
  return /^mmol<[\d.]+>\/L$/.test(unit) ? 'mmol/L' : unit;
}

const sourceName = (attrs: Record<string, string>) => (attrs.sourceName?.trim() || 'Apple Health').slice(0, 100);
const hash = (...parts: (string | undefined)[]) => createHash('sha1').update(parts.join('\u0001')).digest('hex').slice(0, 24);

export async function importAppleHealth(
  actor: Actor,
  path: string,
  onProgress: (bytesRead: number, totalBytes: number, counts: ImportCounts) => void = () => {},
): Promise<ImportCounts> {
  const totalBytes = (await stat(path)).size;
  const counts: ImportCounts = { records: 0, created: 0, skipped: 0, merged: 0, ignored: 0, unconvertible: 0, ignoredByType: {} };
  let batch: Reading[] = [];
  /** Asleep intervals per source: a night is built from all of them at the end, as records come in any order. */
  const asleep = new Map<string, Interval[]>();
  const ignore = (why: string) => {
    counts.ignored++;
    counts.ignoredByType[why] = (counts.ignoredByType[why] ?? 0) + 1;
  };

  const push = (r: Reading) => {
    if (toCanonical(r.metric_type_slug, r.value, r.unit) === null || !Number.isFinite(r.value)) counts.unconvertible++;
    else batch.push(r);
  };
  // A night is the union of a source's asleep intervals (not their sum), recorded when it ends;
  // its first record becomes the reading, the others are merged into it.
  const pushNights = () => {
    for (const [source, intervals] of asleep) {
      for (const night of unionSpans(intervals, NIGHT_GAP_MS)) {
        counts.merged += night.intervals - 1;
        push({
          metric_type_slug: 'sleep_duration',
          recorded_at: night.end,
          source,
          source_id: hash('sleep', source, night.start),
          value: Math.round((night.coveredMs / 3600_000) * 1e6) / 1e6,
          unit: 'h',
          metadata: { apple_type: 'HKCategoryTypeIdentifierSleepAnalysis', start: night.start },
        });
      }
    }
  };

  const record = (attrs: Record<string, string>) => {
    counts.records++;
    const mapping = TYPES[attrs.type ?? ''];
    const start = appleDate(attrs.startDate);
    const end = appleDate(attrs.endDate);
    if (!mapping || !start || !end)
      return ignore(mapping ? `${attrs.type} without a readable date` : (attrs.type ?? 'a record without type'));
    const source = sourceName(attrs);
    const sourceId = hash(attrs.type, source, attrs.startDate, attrs.endDate, attrs.value, attrs.unit);
    const metadata = { apple_type: attrs.type };
    const durationMs = Date.parse(end) - Date.parse(start);
    switch (mapping.kind) {
      case 'sleep': {
        // Stages become one reading per night and source, recorded when the night ends (its wake-up day).
        if (!ASLEEP.has(attrs.value ?? '')) return ignore(`${attrs.type}:${attrs.value ?? ''}`);
        const list = asleep.get(source) ?? [];
        list.push({ start, end, startMs: Date.parse(start), endMs: Date.parse(end) });
        asleep.set(source, list);
        return;
      }
      case 'duration_min':
        return push({
          metric_type_slug: mapping.slug,
          recorded_at: end,
          source,
          source_id: sourceId,
          value: durationMs / 60_000,
          unit: 'min',
          metadata,
        });
      case 'percent': {
        // Apple exports percentages as fractions (0.97 for 97 %).
        const v = Number(attrs.value);
        return push({
          metric_type_slug: mapping.slug,
          recorded_at: start,
          source,
          source_id: sourceId,
          value: v <= 1 ? Math.round(v * 1e8) / 1e6 : v,
          unit: '%',
          metadata,
        });
      }
      default:
        return push({
          metric_type_slug: mapping.slug,
          recorded_at: start,
          source,
          source_id: sourceId,
          value: Number(attrs.value),
          unit: appleUnit(attrs.unit),
          metadata,
        });
    }
  };

  const flush = async () => {
    if (!batch.length) return;
    const readings = batch;
    batch = [];
    const result = await ingestReadings(actor, { readings });
    counts.created += result.created.length;
    counts.skipped += result.skippedCount;
  };

  const parser = new SaxesParser();
  let failure: Error | undefined;
  parser.on('opentag', (tag) => {
    if (tag.name === 'Record') record(tag.attributes);
  });
  parser.on('error', (err) => {
    failure ??= err;
  });

  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  for await (const chunk of stream) {
    parser.write(chunk as string);
    if (failure) break;
    if (batch.length >= BATCH) await flush();
    onProgress(stream.bytesRead, totalBytes, counts);
  }
  stream.destroy();
  if (failure) throw new Error(`${path} is not a valid Apple Health export: ${failure.message}`);
  parser.close();
  pushNights();
  await flush();
  onProgress(totalBytes, totalBytes, counts);
  return counts;
}
