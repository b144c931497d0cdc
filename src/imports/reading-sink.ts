import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Actor } from '../core/actor.ts';
import { Invalid } from '../core/errors.ts';
import { toCanonical } from '../domain/metric-types/catalogue.ts';
import { resent } from '../domain/imports/csv-import.service.ts';
import { ingestReadings } from '../domain/metrics/ingest.service.ts';
import { unionSpans, type Interval } from '../tools/intervals.ts';
import type { ImportTally } from './formats/format.ts';

/**
 * Where a format that reads health data (Apple Health, the wearables' exports) puts its readings:
 * batches through ingestReadings, so every reading is checked, deduplicated by (source, source_id)
 * and in the changes feed as the REST ingest's are. Every record of the file lands in exactly one
 * count: records = created + skipped (already there) + merged (a sleep stage folded into its
 * night) + ignored (not mapped, by name in ignoredByType) + unconvertible (a unit that does not
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

/** A reading as ingestReadings takes it: its value in `unit`, converted to the metric's canonical unit there. */
export type SinkReading = {
  metric_type_slug: string;
  recorded_at: string;
  source: string;
  source_id: string;
  value: number;
  unit: string | null;
  metadata: Record<string, unknown>;
  /** A systolic and a diastolic reading of one blood pressure measurement share it. */
  reading_group_id?: string;
};

/** A reading, how many of the file's records it stands for (a night: its stages), and where it came from ("row 12"). */
export type PendingReading = { reading: SinkReading; records: number; detail: string };

const BATCH = 5_000;

export class ReadingSink {
  readonly counts: ImportCounts = { records: 0, created: 0, skipped: 0, merged: 0, ignored: 0, unconvertible: 0, ignoredByType: {} };
  private batch: PendingReading[] = [];
  private readonly actor: Actor;
  private readonly tally: ImportTally | undefined;

  constructor(actor: Actor, tally?: ImportTally) {
    this.actor = actor;
    this.tally = tally;
  }

  /** One more record read from the file (each then lands in one of the other counts). */
  record(): void {
    this.counts.records++;
  }

  /** A record not read into a reading: a type not mapped (`why` names it), one without a usable time, or one over its size cap. */
  ignore(why: string, detail: string, reason: 'unmapped_type' | 'malformed' | 'too_large' = 'unmapped_type'): void {
    this.counts.ignored++;
    this.counts.ignoredByType[why] = (this.counts.ignoredByType[why] ?? 0) + 1;
    if (reason === 'unmapped_type') this.tally?.skipped('unmapped_type', detail, why);
    else this.tally?.skipped(reason, detail);
  }

  /** `records` records whose value cannot be a reading (not a number, a unit that does not convert, refused by the service). */
  unconvertible(records: number, detail: string): void {
    this.counts.unconvertible += records;
    for (let i = 0; i < records; i++) this.tally?.skipped('invalid', detail);
  }

  /** Records folded into another reading (a night's stages): the reading counts the rest (its `records`). */
  merged(records: number): void {
    this.counts.merged += records;
  }

  /** Queues a reading (written a batch at a time); one whose value does not convert is counted, not queued. */
  async push(p: PendingReading): Promise<void> {
    const r = p.reading;
    if (!Number.isFinite(r.value) || toCanonical(r.metric_type_slug, r.value, r.unit) === null) {
      this.unconvertible(p.records, `${p.detail}: ${r.value} ${r.unit ?? ''} is not a ${r.metric_type_slug.replace(/_/g, ' ')} value`);
      return;
    }
    this.batch.push(p);
    if (this.batch.length >= BATCH) await this.flush();
  }

  /** A night as one sleep_duration reading, recorded when it ends (its wake-up day); its first record is the reading, the others merged into it. */
  async pushNight(night: Night, sourceId: string, metadata: Record<string, unknown>): Promise<void> {
    this.merged(night.intervals - 1);
    await this.push({
      reading: {
        metric_type_slug: 'sleep_duration',
        recorded_at: night.end,
        source: night.source,
        source_id: sourceId,
        value: night.hours,
        unit: 'h',
        metadata: { ...metadata, start: night.start },
      },
      records: night.intervals,
      detail: `the night of ${night.start} (${night.source})`,
    });
  }

  /**
   * The queued readings through ingest; those the service refuses are counted as such and the rest
   * sent again (as the CSV import does: `resent`).
   */
  async flush(): Promise<void> {
    const queue = [this.batch];
    this.batch = [];
    while (queue.length) {
      const pending = queue.shift()!;
      if (!pending.length) continue;
      try {
        const result = await ingestReadings(this.actor, { readings: pending.map((p) => p.reading) });
        this.counts.created += result.createdCount;
        this.counts.skipped += result.skippedCount;
        if (this.tally) {
          const made = new Map<string | null, number>();
          result.eachCreated((c) => made.set(c.sourceId, (made.get(c.sourceId) ?? 0) + 1));
          for (const p of pending) {
            const n = made.get(p.reading.source_id) ?? 0;
            if (n) made.set(p.reading.source_id, n - 1);
            if (n) this.tally.created(p.records);
            else this.tally.present(p.records);
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
        for (const [k, msg] of bad) this.unconvertible(pending[k].records, `${pending[k].detail}: ${msg}`);
        queue.unshift(...resent(pending, new Set(bad.keys())));
        await nextTurn();
      }
    }
  }
}

/** A gap longer than this between asleep intervals of one source starts a new night. */
const NIGHT_GAP_MS = 3 * 3600_000;

/** A night of one source: the union of its asleep intervals, and how many records made it. */
export type Night = { source: string; start: string; end: string; hours: number; intervals: number };

/**
 * Sleep as a union per source: asleep intervals (stages, or whole "asleep" records) are kept per
 * source as they come, in any order, and become nights at the end, each the time some interval
 * covers (overlapping records of one source, a stage inside a longer "asleep", count once), so two
 * records of one night are never double-counted. Sources stay apart: ranking them is the user's.
 */
export class SleepNights {
  private readonly asleep = new Map<string, Interval[]>();

  add(source: string, start: string, end: string): void {
    const list = this.asleep.get(source) ?? [];
    list.push({ start, end, startMs: Date.parse(start), endMs: Date.parse(end) });
    this.asleep.set(source, list);
  }

  *nights(): Generator<Night> {
    for (const [source, intervals] of this.asleep) {
      for (const span of unionSpans(intervals, NIGHT_GAP_MS)) {
        yield {
          source,
          start: span.start,
          end: span.end,
          hours: Math.round((span.coveredMs / 3600_000) * 1e6) / 1e6,
          intervals: span.intervals,
        };
      }
    }
  }
}
