import { NUTRIENTS, type Nutrient, type Nutrition } from './nutrients.ts';

/**
 * An Open Food Facts `nutriments` object read as the spec's per-serving nutrition, with the
 * nutrients the service computed rather than read off the label.
 *
 * OFF's data model (its API documentation and SDKs): `<nutrient>_100g` and `<nutrient>_serving`
 * are in the nutrient's standard unit (grams; kcal for `energy-kcal`; kJ for `energy-kj` and for
 * the older plain `energy`, whatever `energy_unit` says, which is only the unit the label was
 * typed in). `_100g` means per 100 ml for liquids. `serving_quantity` is the serving in g or ml.
 */

/** OFF nutriment → the spec's nutrient and the factor from OFF's unit (grams) to the spec's; energy is handled apart. */
const NUTRIMENTS: [string, Nutrient, number][] = [
  ['proteins', 'protein_g', 1],
  ['carbohydrates', 'carbohydrates_g', 1],
  ['fat', 'fat_g', 1],
  ['saturated-fat', 'saturated_fat_g', 1],
  ['trans-fat', 'trans_fat_g', 1],
  ['fiber', 'fiber_g', 1],
  ['sugars', 'sugar_g', 1],
  ['added-sugars', 'added_sugar_g', 1],
  ['cholesterol', 'cholesterol_mg', 1000],
  ['sodium', 'sodium_mg', 1000],
  ['potassium', 'potassium_mg', 1000],
  ['calcium', 'calcium_mg', 1000],
  ['iron', 'iron_mg', 1000],
  ['vitamin-a', 'vitamin_a_mcg', 1_000_000],
  ['vitamin-c', 'vitamin_c_mg', 1000],
  ['vitamin-d', 'vitamin_d_mcg', 1_000_000],
];

const KJ_PER_KCAL = 4.184;
/** EU and Codex labelling: sodium = salt / 2.5. */
const SALT_PER_SODIUM = 2.5;

/** A value before rounding, and whether it was read off the label (false: computed by this service). */
type Value = { v: number; given: boolean };
type Column = Partial<Record<Nutrient, Value>>;

/** OFF sends numbers, sometimes as strings; anything else (empty, negative, NaN) is unknown. */
function amount(raw: unknown): number | undefined {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * One basis of the label (per serving or per 100 g): the nutrients it gives, then energy from kJ
 * when it gives no kcal, and sodium from salt when it gives no sodium (both marked computed).
 */
function column(nutriments: Record<string, unknown>, suffix: '_serving' | '_100g'): Column {
  const at = (key: string) => amount(nutriments[`${key}${suffix}`]);
  const out: Column = {};
  for (const [key, nutrient, factor] of NUTRIMENTS) {
    const v = at(key);
    if (v !== undefined) out[nutrient] = { v: v * factor, given: true };
  }
  const kcal = at('energy-kcal');
  const kj = at('energy-kj') ?? at('energy');
  if (kcal !== undefined) out.calories = { v: kcal, given: true };
  else if (kj !== undefined) out.calories = { v: kj / KJ_PER_KCAL, given: false };
  const salt = at('salt');
  if (!out.sodium_mg && salt !== undefined) out.sodium_mg = { v: (salt / SALT_PER_SODIUM) * 1000, given: false };
  return out;
}

/** The serving in g or ml, when the label states one OFF could measure; another unit cannot scale a per-100 g value. */
function servingQuantity(product: Record<string, unknown>): { quantity: number; unit: 'g' | 'ml' } | undefined {
  const quantity = amount(product.serving_quantity);
  if (!quantity) return undefined;
  const unit = typeof product.serving_quantity_unit === 'string' ? product.serving_quantity_unit.trim().toLowerCase() : 'g';
  return unit === 'g' || unit === 'ml' ? { quantity, unit } : undefined;
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

export type LabelNutrition = { nutrition: Nutrition; derived: Nutrient[]; servingDescription: string };

/**
 * Per serving when the label says what a serving is, else per 100 g (100 ml for a drink). Per
 * serving, each nutrient comes from the label's per-serving column when it has it, else from its
 * per-100 g column × serving_quantity / 100. A value is derived when it was computed from another
 * nutrient (kcal from kJ, sodium from salt) or from the per-100 g basis; a per-serving value OFF
 * itself sends counts as given. Given values keep the label's precision (to 0.001 of the unit);
 * derived ones are rounded to 0.1 kcal and 0.001 of the other units, past what any label states.
 */
export function labelNutrition(product: Record<string, unknown>, isDrink: boolean): LabelNutrition {
  const nutriments = (product.nutriments && typeof product.nutriments === 'object' ? product.nutriments : {}) as Record<string, unknown>;
  const perServing = column(nutriments, '_serving');
  const per100 = column(nutriments, '_100g');
  const serving = servingQuantity(product);
  const servingSize = typeof product.serving_size === 'string' ? product.serving_size.trim() : '';
  const describedServing = servingSize || (serving ? `${serving.quantity} ${serving.unit}` : '');
  const byServing =
    describedServing !== '' && (Object.keys(perServing).length > 0 || (serving !== undefined && Object.keys(per100).length > 0));

  const chosen: Column = byServing ? { ...perServing } : per100;
  if (byServing && serving) {
    for (const n of NUTRIENTS) {
      const base = per100[n];
      if (!chosen[n] && base) chosen[n] = { v: (base.v * serving.quantity) / 100, given: false };
    }
  }
  const nutrition: Nutrition = {};
  const derived: Nutrient[] = [];
  for (const n of NUTRIENTS) {
    const value = chosen[n];
    if (!value) continue;
    nutrition[n] = round(value.v, !value.given && n === 'calories' ? 1 : 3);
    if (!value.given) derived.push(n);
  }
  return {
    nutrition,
    derived,
    servingDescription: byServing ? describedServing : `per 100 ${isDrink ? 'ml' : 'g'} (the label gives no serving size)`,
  };
}
