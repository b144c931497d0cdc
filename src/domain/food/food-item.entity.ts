import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Nutrient, Nutrition } from './nutrients.ts';

export const FOOD_SOURCES = ['verified', 'user_edited', 'estimated', 'user'] as const;

export const FoodItem = defineEntity({
  name: 'FoodItem',
  tableName: 'food_items',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    name: p.text(),
    /** '' when the food has no brand: the spec requires the field. */
    brand: p.text(),
    place: p.text().nullable(),
    isDrink: p.boolean(),
    barcode: p.text().nullable(),
    source: p.enum(FOOD_SOURCES),
    usageCount: p.integer(),
    /** When a logged meal last used it, else when it was created: the recency of the recent-items list. */
    lastUsedAt: p.datetime(),
    confidence: p.text().nullable(),
    servingDescription: p.text().nullable(),
    /** Per serving, keyed by the spec's nutrient field names. */
    nutrition: p.json<Nutrition>(),
    /** The nutrients of `nutrition` computed from the label, not read off it (label-nutrition.ts); an edit removes the ones it gives. */
    nutritionDerived: p.json<Nutrient[]>(),
    /** The label provider's product JSON, kept for audit and a later re-map; never presented. */
    providerProduct: p.json<Record<string, unknown>>().nullable().lazy(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type FoodItem = InferEntity<typeof FoodItem>;
