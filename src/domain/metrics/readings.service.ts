import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { metricType, metricTypeById } from './catalogue.ts';
import { HealthMetric } from './metric.entity.ts';
import { HealthMetricListQuery } from './metrics.schemas.ts';

/** One reading as the services return it: in its metric's canonical unit, with the metric's slug. Readings are immutable. */
export type Reading = {
  id: string;
  userId: string;
  metricTypeId: number;
  metricTypeSlug: string;
  /** The metric's canonical unit, which `value` is in. */
  unit: string;
  recordedAt: Date;
  /** The local day it counts for, in the user's timezone when it was ingested. */
  localDate: string;
  value: number;
  source: string;
  sourceId: string | null;
  readingGroupId: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
};

function readingOf(h: HealthMetric): Reading {
  const type = metricTypeById(h.metricTypeId)!;
  return {
    id: h.id,
    userId: h.userId,
    metricTypeId: h.metricTypeId,
    metricTypeSlug: type.slug,
    unit: type.unit,
    recordedAt: h.recordedAt,
    localDate: h.localDate,
    value: Number(h.value),
    source: h.source,
    sourceId: h.sourceId ?? null,
    readingGroupId: h.readingGroupId ?? null,
    metadata: h.metadata,
    createdAt: h.createdAt,
  };
}

/** Readings, newest first; from/to take a date (local day, inclusive) or a date-time (to exclusive). */
export async function listReadings(actor: Actor, input: z.input<typeof HealthMetricListQuery>): Promise<Reading[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(HealthMetricListQuery, input);
  const where: Record<string, unknown> = { userId: actor.userId };
  if (q.metric !== undefined) {
    const type = metricType(q.metric);
    if (!type) throw Invalid.at(['metric'], `Unknown metric type "${q.metric}"`);
    where.metricTypeId = type.id;
  }
  if (q.source !== undefined) where.source = q.source;
  const bound = (value: string | undefined, dateOp: string, instantOp: string) => {
    if (!value) return;
    const [field, op, v] = value.length === 10 ? ['localDate', dateOp, value] : ['recordedAt', instantOp, new Date(value)];
    where[field] = { ...(where[field] as object), [op]: v };
  };
  bound(q.from, '$gte', '$gte');
  bound(q.to, '$lte', '$lt');
  const rows = await em().find(HealthMetric, where, {
    orderBy: { recordedAt: 'desc', id: 'desc' },
    limit: q.limit,
    offset: q.offset,
  });
  return rows.map(readingOf);
}

/** Batch read for relations (the reading an accepted suggestion created): the user's readings among `ids`, by id. */
export async function readingsByIds(actor: Actor, ids: string[]): Promise<Map<string, Reading>> {
  authorize(actor, actor.userId, 'read');
  const rows = ids.length ? await em().find(HealthMetric, { userId: actor.userId, id: { $in: ids } }) : [];
  return new Map(rows.map((h) => [h.id, readingOf(h)]));
}
