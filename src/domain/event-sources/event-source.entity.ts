import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const EVENT_SOURCE_KINDS = ['manual', 'health', 'calendar', 'location', 'log_capture', 'import'] as const;
export type EventSourceKind = (typeof EVENT_SOURCE_KINDS)[number];
export const SYNC_STATUSES = ['ok', 'error'] as const;

/** Where a user's data comes from; a disabled source's data stops producing suggestions. */
export const EventSourceRow = defineEntity({
  name: 'EventSourceRow',
  tableName: 'event_sources',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    kind: p.enum(EVENT_SOURCE_KINDS),
    sourceLabel: p.string(),
    enabled: p.boolean(),
    isDefault: p.boolean(),
    config: p.json<Record<string, unknown>>(),
    /** Calendar feeds: when the last sync ran, how it ended and what it wrote. */
    lastSyncedAt: p.datetime().nullable(),
    lastSyncStatus: p.enum(SYNC_STATUSES).nullable(),
    lastSyncError: p.text().nullable(),
    lastSyncEventCount: p.integer().nullable(),
    lastSyncCancelledCount: p.integer().nullable(),
    /** Events the last successful sync could not read, and why for the first few. */
    lastSyncSkippedCount: p.integer().nullable(),
    lastSyncSkippedReasons: p.json<string[]>().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type EventSourceRow = InferEntity<typeof EventSourceRow>;
