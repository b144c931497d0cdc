import { z } from 'zod';
import { EVENT_SOURCES, type Event } from '../domain/events/event.entity.ts';
import type { MealItem } from '../domain/food/saved-meal.entity.ts';
import { MealItemRead, presentMealItem } from './food.ts';

export const EventRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    client_id: z.uuid().nullable(),
    category_id: z.uuid().nullable(),
    occurred_at: z.iso.datetime(),
    local_date: z.iso.date(),
    duration: z.string().nullable(),
    boolean_value: z.boolean().nullable(),
    scalar_value: z.number().nullable(),
    notes: z.string().nullable(),
    tags: z.array(z.string()).nullable(),
    metadata: z.record(z.string(), z.unknown()),
    encrypted_payload: z.string().nullable(),
    saved_meal_id: z.uuid().nullable(),
    source: z.enum(EVENT_SOURCES),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    /** A logged meal's items (on create from a saved meal, and on the one-event read), frozen as they were when logged; absent for other events. */
    meal_items: z.array(MealItemRead).optional(),
  })
  .meta({ id: 'EventRead' });
export type EventRead = z.infer<typeof EventRead>;

/** An event; `meal_items` only when it has logged meal items and the route read them. */
export function presentEvent(e: Event, mealItems?: MealItem[]): EventRead {
  return {
    id: e.id,
    user_id: e.userId,
    client_id: e.clientId ?? null,
    category_id: e.categoryId ?? null,
    occurred_at: e.occurredAt.toISOString(),
    local_date: e.localDate,
    duration: e.duration ?? null,
    boolean_value: e.booleanValue ?? null,
    scalar_value: e.scalarValue == null ? null : Number(e.scalarValue),
    notes: e.notes ?? null,
    tags: e.tags ?? null,
    metadata: e.metadata,
    encrypted_payload: e.encryptedPayload ?? null,
    saved_meal_id: e.savedMealId ?? null,
    source: e.source,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
    ...(mealItems?.length ? { meal_items: mealItems.map(presentMealItem) } : {}),
  };
}
