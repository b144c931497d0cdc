import { z } from 'zod';
import { EVENT_SOURCE_KINDS, SYNC_STATUSES, type EventSourceRow } from '../domain/event-sources/event-source.entity.ts';

export const EventSourceRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    kind: z.enum(EVENT_SOURCE_KINDS),
    source_label: z.string(),
    enabled: z.boolean(),
    is_default: z.boolean(),
    config: z.record(z.string(), z.unknown()),
    last_synced_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'When the feed was last synced (calendar sources); null before the first sync' }),
    last_sync_status: z.enum(SYNC_STATUSES).nullable().meta({ description: 'How the last sync ended: ok, or error (see last_sync_error)' }),
    last_sync_error: z
      .string()
      .nullable()
      .meta({ description: 'Why the last sync failed (timeout, HTTP status, too large, not ICS, parse error); null after a success' }),
    last_sync_event_count: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Events and recurring instances the last successful sync read inside its window' }),
    last_sync_cancelled_count: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Stored events the last successful sync cancelled because the feed no longer had them' }),
    last_sync_skipped_count: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Events of the feed the last successful sync could not read and left out (the others were stored)' }),
    last_sync_skipped_reasons: z
      .array(z.string())
      .nullable()
      .meta({ description: 'Why, for the first five of them, each naming the event by UID or summary' }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'EventSourceRead' });
export type EventSourceRead = z.infer<typeof EventSourceRead>;

export function presentEventSource(s: EventSourceRow): EventSourceRead {
  return {
    id: s.id,
    user_id: s.userId,
    kind: s.kind,
    source_label: s.sourceLabel,
    enabled: s.enabled,
    is_default: s.isDefault,
    config: s.config,
    last_synced_at: s.lastSyncedAt?.toISOString() ?? null,
    last_sync_status: s.lastSyncStatus ?? null,
    last_sync_error: s.lastSyncError ?? null,
    last_sync_event_count: s.lastSyncEventCount ?? null,
    last_sync_cancelled_count: s.lastSyncCancelledCount ?? null,
    last_sync_skipped_count: s.lastSyncSkippedCount ?? null,
    last_sync_skipped_reasons: s.lastSyncSkippedReasons ?? null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}
