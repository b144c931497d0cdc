import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { FoodItem } from './food-item.entity.ts';
import { BarcodeLookup, FoodItemCreate, FoodItemSearch, FoodItemUpdate, FoodItemUpdateQuery } from './food.schemas.ts';
import { propagateFoodItemEdit } from './meal-items.ts';
import { patchNutrition, stillDerived, type Nutrition } from './nutrients.ts';
import { lookUpBarcode } from './open-food-facts.ts';

async function ownFoodItem(actor: Actor, id: string): Promise<FoodItem> {
  const item = await em().findOne(FoodItem, { id, userId: actor.userId });
  if (!item) throw new NotFound('Food item');
  return item;
}

export async function createFoodItem(actor: Actor, input: z.input<typeof FoodItemCreate>): Promise<FoodItem> {
  authorize(actor, actor.userId, 'write');
  const data = parse(FoodItemCreate, input);
  const nutrition: Nutrition = {};
  patchNutrition(nutrition, data);
  const now = new Date();
  const item = em().create(FoodItem, {
    id: newId(),
    userId: actor.userId,
    name: data.name,
    brand: data.brand ?? '',
    place: data.place ?? null,
    isDrink: data.is_drink ?? false,
    barcode: null,
    source: 'user',
    usageCount: 0,
    lastUsedAt: now,
    confidence: null,
    servingDescription: data.serving_description ?? null,
    nutrition,
    nutritionDerived: [],
    providerProduct: null,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return item;
}

export async function getFoodItem(actor: Actor, id: string): Promise<FoodItem> {
  authorize(actor, actor.userId, 'read');
  return ownFoodItem(actor, id);
}

/** Batch read for relations (a meal item's food item): the user's items among `ids`, by id. */
export async function foodItemsByIds(actor: Actor, ids: string[]): Promise<Map<string, FoodItem>> {
  authorize(actor, actor.userId, 'read');
  const rows = ids.length ? await em().find(FoodItem, { userId: actor.userId, id: { $in: ids } }) : [];
  return new Map(rows.map((f) => [f.id, f]));
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Rule 7: a case-insensitive substring of name, brand or place over the user's own items; with
 * no query, every item. Either way most used first, ties by recency (last logged, else created).
 */
export async function searchFoodItems(actor: Actor, input: z.input<typeof FoodItemSearch>): Promise<FoodItem[]> {
  authorize(actor, actor.userId, 'read');
  const { q, limit } = parse(FoodItemSearch, input);
  const where: Record<string, unknown> = { userId: actor.userId };
  if (q) {
    const like = likePattern(q);
    where.$or = [{ name: { $ilike: like } }, { brand: { $ilike: like } }, { place: { $ilike: like } }];
  }
  return em().find(FoodItem, where, { orderBy: { usageCount: 'desc', lastUsedAt: 'desc', id: 'desc' }, limit });
}

/**
 * The flat edit: omitted fields stay, null clears; a nutrient or serving change makes the item
 * `user_edited` (the state table). A nutrient the edit gives (or clears) is no longer derived:
 * the user vouched for it. Then edit propagation (meal-items.ts), in the same transaction.
 */
export async function updateFoodItem(
  actor: Actor,
  id: string,
  input: z.input<typeof FoodItemUpdate>,
  queryInput: unknown = {},
): Promise<FoodItem> {
  authorize(actor, actor.userId, 'write');
  const data = parse(FoodItemUpdate, input);
  const { refresh_event_id } = parse(FoodItemUpdateQuery, queryInput);
  return em().transactional(async () => {
    const item = await ownFoodItem(actor, id);
    const nutrition = { ...item.nutrition };
    let labelChanged = patchNutrition(nutrition, data);
    if (data.serving_description !== undefined && data.serving_description !== item.servingDescription) {
      item.servingDescription = data.serving_description;
      labelChanged = true;
    }
    if (data.name !== undefined) item.name = data.name;
    if (data.brand !== undefined) item.brand = data.brand;
    if (data.place !== undefined) item.place = data.place;
    if (data.is_drink !== undefined) item.isDrink = data.is_drink;
    item.nutrition = nutrition;
    item.nutritionDerived = stillDerived(item.nutritionDerived, data);
    if (labelChanged) item.source = 'user_edited';
    item.updatedAt = new Date();
    await em().flush();
    await propagateFoodItemEdit(actor, item, refresh_event_id ?? null);
    return item;
  });
}

/**
 * Rule 6, in order: (a) the item already scanned with this barcode (no provider call); (b) an
 * item without a barcode whose (name, brand) matches the product, which gets the barcode, source
 * unchanged; (c) a new `verified` item from the label. The provider is asked before anything is
 * written, so a provider failure leaves nothing behind. `created` tells (c) from (a)/(b).
 */
export async function lookUpFoodBarcode(actor: Actor, input: z.input<typeof BarcodeLookup>): Promise<{ item: FoodItem; created: boolean }> {
  authorize(actor, actor.userId, 'write');
  const { barcode } = parse(BarcodeLookup, input);
  const known = await em().findOne(FoodItem, { userId: actor.userId, barcode });
  if (known) return { item: known, created: false };
  const label = await lookUpBarcode(barcode);
  const now = new Date();
  const [matched] = await query<{ id: string }>(
    `update food_items set barcode = $2, updated_at = $5
      where id = (select id from food_items
                   where user_id = $1 and barcode is null and lower(name) = lower($3) and lower(brand) = lower($4)
                   order by usage_count desc, created_at limit 1)
        and barcode is null
        and not exists (select 1 from food_items where user_id = $1 and barcode = $2)
      returning id`,
    [actor.userId, barcode, label.name, label.brand, now],
  );
  if (matched)
    return { item: await em().findOneOrFail(FoodItem, { id: matched.id, userId: actor.userId }, { refresh: true }), created: false };
  const id = newId();
  // A concurrent scan of the same barcode may have created it first: then that item is the answer.
  const inserted = await query<{ id: string }>(
    `insert into food_items (id, user_id, name, brand, is_drink, barcode, source, serving_description, nutrition,
       nutrition_derived, provider_product, last_used_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, 'verified', $7, $8, $9, $10, $11, $11, $11)
     on conflict (user_id, barcode) where barcode is not null do nothing
     returning id`,
    [
      id,
      actor.userId,
      label.name,
      label.brand,
      label.isDrink,
      barcode,
      label.servingDescription,
      JSON.stringify(label.nutrition),
      JSON.stringify(label.nutritionDerived),
      JSON.stringify(label.raw),
      now,
    ],
  );
  const item = await em().findOneOrFail(FoodItem, { userId: actor.userId, barcode }, { refresh: true });
  return { item, created: inserted.length > 0 };
}
