import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { msOfTimeOrderedId } from '../../core/ids.ts';

// Readings are written in bulk with SQL (ingest.service.ts) and read with SQL (readings.service.ts): no entity.

export const RESOLUTION_OPERATORS = ['priority', 'latest', 'max', 'min', 'mean'] as const;
export const TRIGGER_TYPES = ['threshold', 'reading_received', 'missing_by'] as const;
export const ACTION_TYPES = ['create_suggestion', 'log_event'] as const;

/**
 * A reading's created_at as stored: null where its id's first 48 bits (a time-ordered id's
 * millisecond) say the same instant, to the millisecond the API shows. Ingest makes a batch's ids
 * in the batch's millisecond (newTimeOrderedIds), so it stores none; a random (v4) id, or an
 * imported reading whose created_at is not its id's time, keeps its value. 8 bytes a row
 * (Migration20261201010000_readings_created_at).
 */
export function storedCreatedAt(id: string, createdAt: Date | string): Date | string | null {
  return msOfTimeOrderedId(id) === new Date(createdAt).getTime() ? null : createdAt;
}

/** A stored created_at read back: storedCreatedAt's inverse. */
export function createdAtOf(id: string, stored: Date | string | null): Date {
  return stored === null ? new Date(msOfTimeOrderedId(id)) : new Date(stored);
}

export type SourceEntry = { source: string; condition: Record<string, unknown> | null };

/** A user's settings for one metric type: ranked sources, how they resolve, automations. */
export const MetricDefinition = defineEntity({
  name: 'MetricDefinition',
  tableName: 'metric_definitions',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    metricTypeId: p.smallint(),
    displayName: p.string().nullable(),
    enabled: p.boolean(),
    manualFallback: p.boolean(),
    resolutionOperator: p.enum(RESOLUTION_OPERATORS),
    /** Ranked: position + 1 is the rank. */
    sources: p.json<SourceEntry[]>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type MetricDefinition = InferEntity<typeof MetricDefinition>;

export const MetricAutomation = defineEntity({
  name: 'MetricAutomation',
  tableName: 'metric_automations',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    definitionId: p.uuid(),
    enabled: p.boolean(),
    triggerType: p.enum(TRIGGER_TYPES),
    triggerConfig: p.json<Record<string, unknown>>(),
    actionType: p.enum(ACTION_TYPES),
    actionConfig: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type MetricAutomation = InferEntity<typeof MetricAutomation>;
