import { z } from 'zod';
import { TIMES_OF_DAY, type Routine } from '../domain/routines/routine.entity.ts';

export const RoutineRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    name: z.string(),
    time_of_day: z.enum(TIMES_OF_DAY),
    items: z.array(z.string()),
    color: z.string().nullable(),
    icon_key: z.string().nullable(),
    display_order: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'RoutineRead' });
export type RoutineRead = z.infer<typeof RoutineRead>;

export function presentRoutine(r: Routine): RoutineRead {
  return {
    id: r.id,
    user_id: r.userId,
    name: r.name,
    time_of_day: r.timeOfDay,
    items: r.items,
    color: r.color ?? null,
    icon_key: r.iconKey ?? null,
    display_order: r.displayOrder,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
