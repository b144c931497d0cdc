import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const EVENT_SOURCE_KINDS = ['manual', 'health', 'calendar', 'location', 'log_capture', 'import'] as const;
export type EventSourceKind = (typeof EVENT_SOURCE_KINDS)[number];

/** Where a user's data comes from; a disabled source's data stops producing suggestions. */
export const EventSourceRow = defineEntity({
  name: 'EventSourceRow',
  tableName: 'event_sources',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    kind: p.enum(EVENT_SOURCE_KINDS),
    sourceLabel: p.string(),
    enabled: p.boolean(),
    isDefault: p.boolean(),
    config: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type EventSourceRow = InferEntity<typeof EventSourceRow>;
