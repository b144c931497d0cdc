import type { CreatedFacts } from './automations.engine.ts';
import { Batch } from './ingest-batch.ts';
import type { Inserted } from './ingest-statement.ts';
import type { MetricType } from '../metric-types/catalogue.ts';
import { NO_METADATA, type Reading } from './readings.service.ts';

const DAY_MS = 86_400_000;

/** A created reading's fields as the batch holds them: what a presenter needs, without a Reading object. */
export type CreatedRow = {
  id: string;
  type: MetricType;
  /** recorded_at in UTC with milliseconds and Z, as Date#toISOString writes it. */
  recordedAt: string;
  value: number;
  source: string;
  sourceId: string | null;
  readingGroupId: string | null;
  metadata: Record<string, unknown>;
  /** The local day it counts for (YYYY-MM-DD), in the user's timezone at ingest. */
  localDate: string;
};

/** The canonical form (2026-03-01T06:30:00.000Z) as is; any other offset or precision through Date. */
function utcIso(at: string): string {
  return at.length === 24 && at.charCodeAt(23) === 90 && at.charCodeAt(19) === 46 ? at : new Date(at).toISOString();
}

export const EMPTY: Batch = new Batch(0);

/**
 * What a batch did: the readings it created (in batch order) and how many it skipped as duplicates.
 * `created` builds the Reading objects on first use; a presenter of a large batch reads the rows
 * with `eachCreated` instead, straight from the batch's columns.
 */
export class IngestResult {
  private readings: Reading[] | undefined;
  readonly userId: string;
  readonly createdAt: Date;
  readonly skippedCount: number;
  private readonly batch: Batch;
  /** Batch positions of the readings created, in batch order. */
  private readonly positions: readonly number[];
  /** The local day of every reading of the batch (days since 1970-01-01), by batch position. */
  private readonly days: readonly number[];

  constructor(userId: string, createdAt: Date, batch: Batch, inserted: Inserted) {
    this.userId = userId;
    this.createdAt = createdAt;
    this.batch = batch;
    this.positions = inserted.positions;
    this.days = inserted.days;
    this.skippedCount = batch.size - inserted.positions.length;
  }

  get createdCount(): number {
    return this.positions.length;
  }

  get created(): Reading[] {
    if (this.readings) return this.readings;
    const readings: Reading[] = [];
    this.eachCreated((row) =>
      readings.push({
        id: row.id,
        userId: this.userId,
        metricTypeId: row.type.id,
        metricTypeSlug: row.type.slug,
        unit: row.type.unit,
        recordedAt: new Date(row.recordedAt),
        localDate: row.localDate,
        value: row.value,
        source: row.source,
        sourceId: row.sourceId,
        readingGroupId: row.readingGroupId,
        metadata: row.metadata,
        createdAt: this.createdAt,
      }),
    );
    return (this.readings = readings);
  }

  /** Each created reading to `f`, in batch order. */
  eachCreated(f: (row: CreatedRow) => void): void {
    const b = this.batch;
    let lastDay = NaN;
    let localDate = '';
    for (const i of this.positions) {
      // Readings of one day come in runs: one string per run.
      if (this.days[i] !== lastDay) localDate = dateOfDay((lastDay = this.days[i]));
      f({
        id: b.id[i],
        type: b.type[i],
        recordedAt: utcIso(b.at[i]),
        value: b.value[i],
        source: b.source[i],
        sourceId: b.sourceId[i],
        readingGroupId: b.group[i],
        metadata: b.metadata[i] ?? NO_METADATA,
        localDate,
      });
    }
  }

  /** health_metric.ingested's payload: counts, the metric types and the time span of what was created. */
  summary(): { created_count: number; skipped_count: number; metric_types: string[]; from: string | null; to: string | null } {
    const b = this.batch;
    const slugs = new Set<string>();
    let from: string | null = null;
    let to: string | null = null;
    for (const i of this.positions) {
      slugs.add(b.type[i].slug);
      const at = utcIso(b.at[i]);
      if (from === null || at < from) from = at;
      if (to === null || at > to) to = at;
    }
    return { created_count: this.createdCount, skipped_count: this.skippedCount, metric_types: [...slugs].sort(), from, to };
  }

  /** What the ingest-time automations read of the created readings. */
  facts(): CreatedFacts {
    const b = this.batch;
    const typeIds = new Set<number>();
    for (const i of this.positions) typeIds.add(b.typeId[i]);
    return {
      typeIds: [...typeIds],
      onDay: (localDate) => {
        const day = Date.parse(`${localDate}T00:00:00Z`) / DAY_MS;
        const out = [];
        for (const i of this.positions) {
          if (this.days[i] !== day) continue;
          out.push({ metricTypeId: b.typeId[i], source: b.source[i], value: b.value[i] });
        }
        return out;
      },
    };
  }
}

const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
