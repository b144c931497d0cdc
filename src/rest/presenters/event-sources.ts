import { z } from 'zod';
import { EVENT_SOURCE_KINDS, type EventSourceRow } from '../../domain/event-sources/event-source.entity.ts';

export const EventSourceRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    kind: z.enum(EVENT_SOURCE_KINDS),
    source_label: z.string(),
    enabled: z.boolean(),
    is_default: z.boolean(),
    config: z.record(z.string(), z.unknown()),
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
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}
