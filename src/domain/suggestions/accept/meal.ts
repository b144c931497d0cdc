import { z } from 'zod';
import { dateTime, parse, uuid } from '../../../core/validation.ts';
import { logEvent } from '../../events/events.service.ts';
import { foodItemsNamed, logFoodItems } from '../../food/meal-items.ts';
import { Tags } from '../../events/events.schemas.ts';
import type { AcceptHandler } from './index.ts';
import { stillExistingCategory } from './shared.ts';

const MealItem = z.object({
  name: z.string().trim().min(1).max(200),
  quantity: z.number().positive().finite().nullable().default(null),
});

/** A meal payload, as stored by the parser and as the accept body may override it. */
const MealFields = z.object({
  meal_type: z.string().trim().max(32).nullable(),
  place_text: z.string().trim().max(200).nullable(),
  items: z.array(MealItem).max(100),
  occurred_at: dateTime(),
  notes: z.string().max(10_000).nullable(),
  tags: Tags.nullable(),
  category_id: uuid().nullable(),
});
const MealOverride = MealFields.partial();

function describe(m: { meal_type: string | null; place_text: string | null; items: { name: string; quantity: number | null }[] }) {
  const type = m.meal_type ? m.meal_type.charAt(0).toUpperCase() + m.meal_type.slice(1) : 'Meal';
  const head = m.place_text ? `${type} at ${m.place_text}` : type;
  const items = m.items.map((i) => (i.quantity && i.quantity !== 1 ? `${i.quantity} × ${i.name}` : i.name)).join(', ');
  return items ? `${head}: ${items}` : head;
}

/**
 * A meal becomes an event whose metadata holds the meal (type, place text, items). An item whose
 * name is one of the user's food items (any case) resolves to it: `food_item_id` in the metadata,
 * and an event-scoped snapshot for its quantity (default one serving), so the meal counts in the
 * day's nutrition; other items stay text (`food_item_id` null).
 */
export const acceptMeal: AcceptHandler = async (actor, s, overrides) => {
  const over = parse(MealOverride, overrides);
  const base = MealFields.partial().parse(s.payload);
  if (over.category_id === undefined) base.category_id = await stillExistingCategory(actor.userId, base.category_id);
  const items = over.items ?? base.items ?? [];
  const foods = await foodItemsNamed(
    actor,
    items.map((i) => i.name),
  );
  const foodOf = (name: string) => foods.get(name.trim().toLowerCase()) ?? null;
  const meal = {
    meal_type: over.meal_type !== undefined ? over.meal_type : (base.meal_type ?? null),
    place_text: over.place_text !== undefined ? over.place_text : (base.place_text ?? null),
    items: items.map((i) => ({ ...i, food_item_id: foodOf(i.name)?.id ?? null })),
  };
  const notes = over.notes !== undefined ? over.notes : (base.notes ?? null);
  const occurredAt = over.occurred_at ?? base.occurred_at;
  const { event } = await logEvent(
    actor,
    {
      occurredAt: occurredAt ? new Date(occurredAt) : undefined,
      categoryId: over.category_id !== undefined ? over.category_id : (base.category_id ?? null),
      tags: over.tags !== undefined ? over.tags : (base.tags ?? null),
      notes: notes ?? describe(meal),
      metadata: { meal, suggestion_id: s.id },
    },
    'suggestion',
  );
  const matched = items.flatMap((i) => (foodOf(i.name) ? [{ food: foodOf(i.name)!, servings: i.quantity ?? 1 }] : []));
  await logFoodItems(actor, event.id, matched);
  return { eventId: event.id };
};
