import { z } from 'zod';
import { isoDate } from '../../core/validation.ts';
import { TIMES_OF_DAY } from './routine.entity.ts';

const Name = z.string().trim().min(1).max(200);
const Item = z.string().trim().min(1).max(200);
const Items = z.array(Item).max(100);
const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Input should be a #rrggbb color');
const IconKey = z.string().trim().min(1).max(100);
/** Within a 32-bit integer column. */
const DisplayOrder = z.number().int().min(-2_147_483_648).max(2_147_483_647);

export const RoutineCreate = z
  .object({
    name: Name,
    time_of_day: z.enum(TIMES_OF_DAY).default('anytime'),
    items: Items.default([]),
    color: Color.nullable().optional(),
    icon_key: IconKey.nullable().optional(),
    display_order: DisplayOrder.default(0),
  })
  .meta({ id: 'RoutineCreate' });

/** PATCH as the spec's RoutineUpdate: omitted stays, null clears color or icon_key. */
export const RoutineUpdate = z
  .object({
    name: Name,
    time_of_day: z.enum(TIMES_OF_DAY),
    items: Items,
    color: Color.nullable(),
    icon_key: IconKey.nullable(),
    display_order: DisplayOrder,
  })
  .partial()
  .meta({ id: 'RoutineUpdate' });

/** A routine done on a day: the whole routine unless `items` names the ones done (each one of its items). */
export const RoutineCompletion = z
  .object({
    local_date: isoDate().optional(),
    items: z.array(Item).min(1).max(100).optional(),
  })
  .meta({ id: 'RoutineCompletion' });
