import { z } from 'zod';

/** The spec's per-serving nutrient fields, in the edit body's spelling: also the keys of every stored nutrition object. */
export const NUTRIENTS = [
  'calories',
  'protein_g',
  'carbohydrates_g',
  'fat_g',
  'saturated_fat_g',
  'trans_fat_g',
  'fiber_g',
  'sugar_g',
  'added_sugar_g',
  'cholesterol_mg',
  'sodium_mg',
  'potassium_mg',
  'calcium_mg',
  'iron_mg',
  'vitamin_a_mcg',
  'vitamin_c_mg',
  'vitamin_d_mcg',
] as const;
export type Nutrient = (typeof NUTRIENTS)[number];

/** Known nutrient values; an unknown one is absent, never 0. */
export type Nutrition = Partial<Record<Nutrient, number>>;

const amount = z.number().finite().min(0).max(1_000_000);

/** Each nutrient optional and nullable: the flat edit body (null clears) and a meal's hand-edited totals. */
export const nutrientFields = Object.fromEntries(NUTRIENTS.map((n) => [n, amount.nullable().optional()])) as Record<
  Nutrient,
  z.ZodOptional<z.ZodNullable<typeof amount>>
>;

/** A nutrition object in a response: only the known values. */
export const NutritionRead = z
  .object(Object.fromEntries(NUTRIENTS.map((n) => [n, z.number().optional()])) as Record<Nutrient, z.ZodOptional<z.ZodNumber>>)
  .meta({ id: 'Nutrition' });

const round = (v: number) => Math.round(v * 1000) / 1000;

/** `nutrition` times `servings`; a nutrient unknown for the item stays unknown. */
export function scaled(nutrition: Nutrition, servings: number): Nutrition {
  return Object.fromEntries(Object.entries(nutrition).map(([k, v]) => [k, round(v * servings)]));
}

/** The sum of several nutrition objects: a nutrient is in the total when at least one part knows it. */
export function total(parts: Nutrition[]): Nutrition {
  const sum: Nutrition = {};
  for (const part of parts) for (const [k, v] of Object.entries(part) as [Nutrient, number][]) sum[k] = round((sum[k] ?? 0) + v);
  return sum;
}

/** The derived nutrients a flat patch leaves derived: a nutrient the patch gives (a value, or null to clear it) is the user's now. */
export function stillDerived(derived: Nutrient[], patch: Partial<Record<Nutrient, number | null | undefined>>): Nutrient[] {
  return derived.filter((n) => patch[n] === undefined);
}

/** Applies a flat patch: an omitted nutrient stays, null clears it. Returns whether anything changed. */
export function patchNutrition(nutrition: Nutrition, patch: Partial<Record<Nutrient, number | null | undefined>>): boolean {
  let changed = false;
  for (const n of NUTRIENTS) {
    const v = patch[n];
    if (v === undefined || nutrition[n] === (v ?? undefined)) continue;
    if (v === null) delete nutrition[n];
    else nutrition[n] = v;
    changed = true;
  }
  return changed;
}
