import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Entry } from 'yauzl';
import type { Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { ReadingSink, SleepNights, type ImportCounts, type SinkReading } from '../reading-sink.ts';
import { xmlEvents, xmlRootName } from '../xml-guard.ts';
import { inflateLimit, isZipFile, MAX_INFLATE_RATIO, openEntry, openZipFile } from '../zip-entries.ts';
import type { ImportTally, WriterFormat } from './format.ts';

/**
 * Apple Health's export: `export.xml`, or the `export.zip` the Health app shares (its
 * apple_health_export/export.xml entry is streamed; workout routes, electrocardiograms and the
 * CDA file beside it are not read). A streaming pass through the XML guard and saxes (constant
 * memory on a multi-GB file, but for a night's sleep stages, kept until the end), each mapped
 * Record a reading, written through ingestReadings in batches. Apple's export has no stable record
 * ids, so a reading's source_id is a hash of what identifies the record: re-importing the same
 * (or a later, larger) export skips everything already there. For the import pipeline
 * (`apple_health`) and `npm run import:apple-health`.
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

/** The export.xml entry of an export.zip: where the Health app puts it, or at the top of a ZIP made by hand. */
const isExportXml = (name: string) => name === 'export.xml' || name.endsWith('apple_health_export/export.xml');

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

/** The export.xml of an export.zip, inflating as it is read, and its sizes. */
async function exportXmlOfZip(path: string, zipBytes: number): Promise<{ stream: Readable; size: number; close: () => void }> {
  const zip = await openZipFile(path);
  try {
    const entry = await new Promise<Entry>((resolve, reject) => {
      zip.on('entry', (e: Entry) => (isExportXml(e.fileName) ? resolve(e) : zip.readEntry()));
      zip.on('end', () => reject(Invalid.at([], 'Not an Apple Health export: the ZIP file has no apple_health_export/export.xml')));
      zip.on('error', (err: Error) => reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)));
      zip.readEntry();
    });
    if (entry.uncompressedSize > inflateLimit(zipBytes))
      throw Invalid.at(
        [],
        `export.xml inflates to ${entry.uncompressedSize} bytes, more than ${MAX_INFLATE_RATIO} times the ZIP's size: refused`,
      );
    const stream = await openEntry(zip, entry);
    return { stream, size: entry.uncompressedSize, close: () => zip.close() };
  } catch (err) {
    zip.close();
    throw err;
  }
}

export type AppleHealthOptions = {
  /** The file's bytes read so far (for a ZIP, in proportion to export.xml inflated) and the counts. */
  onProgress?: (bytesRead: number, totalBytes: number, counts: ImportCounts) => void;
  /** The import pipeline's counts: each Record's outcome as created, present or skipped with its reason. */
  tally?: ImportTally;
  /** Stops at the next chunk once aborted, keeping the readings written (a night not yet complete is not written). */
  signal?: AbortSignal;
};

/** Imports an export.xml or export.zip at `path` into the actor's readings. */
export async function importAppleHealth(
  actor: Actor,
  path: string,
  { onProgress = () => {}, tally, signal }: AppleHealthOptions = {},
): Promise<ImportCounts> {
  const totalBytes = (await stat(path)).size;
  const sink = new ReadingSink(actor, tally);
  const counts = sink.counts;
  // Records come in any order: a night is built from all of its source's asleep records at the end.
  const sleep = new SleepNights();

  const record = async (attrs: Record<string, string>): Promise<void> => {
    sink.record();
    const type = attrs.type ?? '';
    const mapping = TYPES[type];
    const start = appleDate(attrs.startDate);
    const end = appleDate(attrs.endDate);
    const detail = `Record ${counts.records} (${type || 'no type'}, ${attrs.startDate ?? 'no startDate'})`;
    if (!mapping) return sink.ignore(type || 'a record without type', detail);
    if (!start || !end) return sink.ignore(`${type} without a readable date`, `${detail}: no readable startDate and endDate`, 'malformed');
    const source = sourceName(attrs);
    const sourceId = hash(attrs.type, source, attrs.startDate, attrs.endDate, attrs.value, attrs.unit);
    const metadata = { apple_type: attrs.type };
    const durationMs = Date.parse(end) - Date.parse(start);
    const reading = (r: Pick<SinkReading, 'recorded_at' | 'value' | 'unit'>) =>
      sink.push({ reading: { metric_type_slug: mapping.slug, source, source_id: sourceId, metadata, ...r }, records: 1, detail });
    switch (mapping.kind) {
      case 'sleep': {
        // Stages become one reading per night and source, recorded when the night ends (its wake-up day).
        if (!ASLEEP.has(attrs.value ?? '')) return sink.ignore(`${type}:${attrs.value ?? ''}`, detail);
        return sleep.add(source, start, end);
      }
      case 'duration_min':
        return reading({ recorded_at: end, value: durationMs / 60_000, unit: 'min' });
      case 'percent': {
        // Apple exports percentages as fractions (0.97 for 97 %).
        const v = Number(attrs.value);
        return reading({ recorded_at: start, value: v <= 1 ? Math.round(v * 1e8) / 1e6 : v, unit: '%' });
      }
      default:
        return reading({ recorded_at: start, value: Number(attrs.value), unit: appleUnit(attrs.unit) });
    }
  };

  const zipped = await isZipFile(path);
  const source = zipped ? await exportXmlOfZip(path, totalBytes) : null;
  const input = source?.stream ?? createReadStream(path, { highWaterMark: 256 * 1024 });
  // Bytes of the file: for a ZIP, its share of the ZIP as export.xml inflates.
  let read = 0;
  const bytesRead = () => (source ? Math.min(totalBytes, Math.floor((totalBytes * read) / Math.max(1, source.size))) : read);
  async function* chunks(): AsyncGenerator<Buffer> {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      if (signal?.aborted) return;
      read += chunk.length;
      yield chunk;
    }
  }
  let root: string | null = null;
  let lastProgress = -1;
  try {
    for await (const attrs of xmlEvents<Record<string, string>>(chunks(), (emit) => ({
      opentag: (tag) => {
        if (root === null) {
          root = tag.name;
          if (root !== 'HealthData') throw Invalid.at([], `Not an Apple Health export: the root element is <${root}>, not <HealthData>`);
        } else if (tag.name === 'Record') emit(tag.attributes);
      },
    }))) {
      await record(attrs);
      if (read !== lastProgress) {
        lastProgress = read;
        tally?.progress(bytesRead());
        onProgress(bytesRead(), totalBytes, counts);
      }
    }
  } catch (err) {
    // Cancelled: the file was cut short on purpose, and what its end would have said is moot.
    if (!signal?.aborted) {
      if (err instanceof Invalid) throw Invalid.at([], `This is not a valid Apple Health export: ${err.issues[0]?.msg ?? err.message}`);
      throw err;
    }
  } finally {
    input.destroy();
    source?.close();
  }
  if (!signal?.aborted) {
    if (root === null) throw Invalid.at([], 'This is not a valid Apple Health export: it has no <HealthData>');
    for (const night of sleep.nights()) {
      await sink.pushNight(night, hash('sleep', night.source, night.start), { apple_type: 'HKCategoryTypeIdentifierSleepAnalysis' });
    }
  }
  await sink.flush();
  onProgress(totalBytes, totalBytes, counts);
  return counts;
}

/** export.xml: its root is <HealthData> (after the XML declaration and the DOCTYPE, which names it too). */
const isAppleHealthXml = (head: string) => xmlRootName(head) === 'HealthData' || /<!DOCTYPE\s+HealthData\b/.test(head.slice(0, 4096));

export const appleHealth: WriterFormat = {
  name: 'apple_health',
  kind: 'writer',
  detect: isAppleHealthXml,
  zipEntries: (names) => names.some(isExportXml),
  async write(path, actor, ctx) {
    await importAppleHealth(actor, path, { tally: ctx.tally, signal: ctx.signal });
  },
};
