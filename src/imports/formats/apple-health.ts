import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import type { Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { toCanonical } from '../../domain/metric-types/catalogue.ts';
import { resent } from '../../domain/imports/csv-import.service.ts';
import { ingestReadings } from '../../domain/metrics/ingest.service.ts';
import { unionSpans, type Interval } from '../../tools/intervals.ts';
import { xmlEvents, xmlRootName } from '../xml-guard.ts';
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

/** A gap longer than this between asleep samples of one source starts a new night. */
const NIGHT_GAP_MS = 3 * 3600_000;
const BATCH = 5_000;
/** The export.xml entry of an export.zip: where the Health app puts it, or at the top of a ZIP made by hand. */
const isExportXml = (name: string) => name === 'export.xml' || name.endsWith('apple_health_export/export.xml');
/** As for an account archive (src/archive/import.ts): the most export.xml may inflate to, as a multiple of the ZIP's size, beyond a floor. */
const MAX_INFLATE_RATIO = 100;
const INFLATE_FLOOR_BYTES = 64 * 1024 * 1024;

/**
 * Every <Record> lands in exactly one count: records = created + skipped (already there) + merged
 * (a sleep stage folded into its night's reading) + ignored (not mapped; by type in ignoredByType,
 * sleep stages that are not asleep as `<type>:<value>`) + unconvertible (a unit that does not
 * convert, a value that is not a number, or one the service refuses).
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
/** A reading and how many of the file's records it stands for (a night: its stages). */
type Pending = { reading: Reading; records: number; detail: string };

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

const isZip = async (path: string) => {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await file.close();
  }
};

/** The export.xml of an export.zip, inflating as it is read, and its sizes. */
async function exportXmlOfZip(path: string, zipBytes: number): Promise<{ stream: Readable; size: number; close: () => void }> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    openZip(path, { lazyEntries: true, autoClose: false }, (err, z) =>
      err ? reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)) : resolve(z),
    ),
  );
  try {
    const entry = await new Promise<Entry>((resolve, reject) => {
      zip.on('entry', (e: Entry) => (isExportXml(e.fileName) ? resolve(e) : zip.readEntry()));
      zip.on('end', () => reject(Invalid.at([], 'Not an Apple Health export: the ZIP file has no apple_health_export/export.xml')));
      zip.on('error', (err: Error) => reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)));
      zip.readEntry();
    });
    if (entry.uncompressedSize > Math.max(INFLATE_FLOOR_BYTES, MAX_INFLATE_RATIO * zipBytes))
      throw Invalid.at(
        [],
        `export.xml inflates to ${entry.uncompressedSize} bytes, more than ${MAX_INFLATE_RATIO} times the ZIP's size: refused`,
      );
    const stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (err, s) => (err ? reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)) : resolve(s))),
    );
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
  const counts: ImportCounts = { records: 0, created: 0, skipped: 0, merged: 0, ignored: 0, unconvertible: 0, ignoredByType: {} };
  let batch: Pending[] = [];
  /** Asleep intervals per source: a night is built from all of them at the end, as records come in any order. */
  const asleep = new Map<string, Interval[]>();
  const ignore = (why: string, detail: string, reason: 'unmapped_type' | 'malformed' = 'unmapped_type') => {
    counts.ignored++;
    counts.ignoredByType[why] = (counts.ignoredByType[why] ?? 0) + 1;
    if (reason === 'unmapped_type') tally?.skipped('unmapped_type', detail, why);
    else tally?.skipped(reason, detail);
  };
  const unconvertible = (records: number, detail: string) => {
    counts.unconvertible += records;
    for (let i = 0; i < records; i++) tally?.skipped('invalid', detail);
  };

  const push = (p: Pending) => {
    const r = p.reading;
    if (toCanonical(r.metric_type_slug, r.value, r.unit) === null || !Number.isFinite(r.value))
      unconvertible(p.records, `${p.detail}: ${r.value} ${r.unit ?? ''} is not a ${r.metric_type_slug.replace(/_/g, ' ')} value`);
    else batch.push(p);
  };
  // A night is the union of a source's asleep intervals (not their sum), recorded when it ends;
  // its first record becomes the reading, the others are merged into it.
  const pushNights = () => {
    for (const [source, intervals] of asleep) {
      for (const night of unionSpans(intervals, NIGHT_GAP_MS)) {
        counts.merged += night.intervals - 1;
        push({
          reading: {
            metric_type_slug: 'sleep_duration',
            recorded_at: night.end,
            source,
            source_id: hash('sleep', source, night.start),
            value: Math.round((night.coveredMs / 3600_000) * 1e6) / 1e6,
            unit: 'h',
            metadata: { apple_type: 'HKCategoryTypeIdentifierSleepAnalysis', start: night.start },
          },
          records: night.intervals,
          detail: `the night of ${night.start} (${source})`,
        });
      }
    }
  };

  const record = (attrs: Record<string, string>) => {
    counts.records++;
    const type = attrs.type ?? '';
    const mapping = TYPES[type];
    const start = appleDate(attrs.startDate);
    const end = appleDate(attrs.endDate);
    const detail = `Record ${counts.records} (${type || 'no type'}, ${attrs.startDate ?? 'no startDate'})`;
    if (!mapping) return ignore(type || 'a record without type', detail);
    if (!start || !end) return ignore(`${type} without a readable date`, `${detail}: no readable startDate and endDate`, 'malformed');
    const source = sourceName(attrs);
    const sourceId = hash(attrs.type, source, attrs.startDate, attrs.endDate, attrs.value, attrs.unit);
    const metadata = { apple_type: attrs.type };
    const durationMs = Date.parse(end) - Date.parse(start);
    const reading = (r: Omit<Reading, 'source' | 'source_id' | 'metadata' | 'metric_type_slug'>) =>
      push({ reading: { metric_type_slug: mapping.slug, source, source_id: sourceId, metadata, ...r }, records: 1, detail });
    switch (mapping.kind) {
      case 'sleep': {
        // Stages become one reading per night and source, recorded when the night ends (its wake-up day).
        if (!ASLEEP.has(attrs.value ?? '')) return ignore(`${type}:${attrs.value ?? ''}`, detail);
        const list = asleep.get(source) ?? [];
        list.push({ start, end, startMs: Date.parse(start), endMs: Date.parse(end) });
        asleep.set(source, list);
        return;
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

  /**
   * The batch through ingest; readings the service refuses are counted as such and the rest sent
   * again (as the CSV import does: `resent`).
   */
  const flush = async () => {
    const queue = [batch];
    batch = [];
    while (queue.length) {
      const pending = queue.shift()!;
      if (!pending.length) continue;
      try {
        const result = await ingestReadings(actor, { readings: pending.map((p) => p.reading) });
        counts.created += result.createdCount;
        counts.skipped += result.skippedCount;
        if (tally) {
          const made = new Map<string | null, number>();
          result.eachCreated((c) => made.set(c.sourceId, (made.get(c.sourceId) ?? 0) + 1));
          for (const p of pending) {
            const n = made.get(p.reading.source_id) ?? 0;
            if (n) made.set(p.reading.source_id, n - 1);
            if (n) tally.created(p.records);
            else tally.present(p.records);
          }
        }
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        const bad = new Map<number, string>();
        for (const x of err.issues) {
          const k = Number(x.loc[1]);
          if (Number.isInteger(k) && k < pending.length && !bad.has(k)) bad.set(k, `${x.loc.slice(2).join('.')}: ${x.msg}`);
        }
        if (bad.size === 0) throw err;
        for (const [k, msg] of bad) unconvertible(pending[k].records, `${pending[k].detail}: ${msg}`);
        queue.unshift(...resent(pending, new Set(bad.keys())));
        await nextTurn();
      }
    }
  };

  const zipped = await isZip(path);
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
      record(attrs);
      if (batch.length >= BATCH) await flush();
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
    pushNights();
  }
  await flush();
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
