import { z } from 'zod';
import type { TrackingTimer } from '../domain/timers/timer.entity.ts';

export const TrackingTimerRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    category_id: z.uuid().nullable(),
    label: z.string().nullable(),
    started_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'TrackingTimerRead' });
export type TrackingTimerRead = z.infer<typeof TrackingTimerRead>;

export function presentTimer(t: TrackingTimer): TrackingTimerRead {
  return {
    id: t.id,
    user_id: t.userId,
    category_id: t.categoryId ?? null,
    label: t.label ?? null,
    started_at: t.startedAt.toISOString(),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
