import { NotFound, Unavailable } from '../../core/errors.ts';
import type { Nutrition, Nutrient } from './nutrients.ts';

/** Where labels come from: set once at start-up from OPEN_FOOD_FACTS_URL / OPEN_FOOD_FACTS_TIMEOUT_MS. */
const provider = { baseUrl: 'https://world.openfoodfacts.org', timeoutMs: 5000 };
export function configureOpenFoodFacts(options: { baseUrl: string; timeoutMs: number }): void {
  provider.baseUrl = options.baseUrl.replace(/\/+$/, '');
  provider.timeoutMs = options.timeoutMs;
}

// Open Food Facts asks API clients to name themselves (app name, version, contact).
const USER_AGENT = 'lifetrack/1.0 (personal tracking service; https://github.com/lifetrack)';

/** A product's label as the food item fields it fills, with the provider's JSON kept for audit. */
export type LabelProduct = {
  name: string;
  brand: string;
  isDrink: boolean;
  servingDescription: string;
  nutrition: Nutrition;
  raw: Record<string, unknown>;
};

/** OFF nutriment → the spec's nutrient and the factor from OFF's unit (kcal, or grams) to the spec's. */
const NUTRIMENTS: [string, Nutrient, number][] = [
  ['energy-kcal', 'calories', 1],
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

const round = (v: number) => Math.round(v * 1000) / 1000;

function nutritionPer(nutriments: Record<string, unknown>, suffix: '_serving' | '_100g'): Nutrition {
  const out: Nutrition = {};
  for (const [key, nutrient, factor] of NUTRIMENTS) {
    const v = nutriments[`${key}${suffix}`];
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n) && n >= 0) out[nutrient] = round(n * factor);
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Maps an OFF v2 product: per serving when the label gives a serving, else per 100 g (100 ml for a drink). */
export function mapProduct(product: Record<string, unknown>, barcode: string): LabelProduct {
  const nutriments = (product.nutriments && typeof product.nutriments === 'object' ? product.nutriments : {}) as Record<string, unknown>;
  const categories = Array.isArray(product.categories_tags) ? product.categories_tags : [];
  const isDrink = categories.includes('en:beverages');
  const perServing = nutritionPer(nutriments, '_serving');
  const serving = str(product.serving_size);
  const useServing = serving !== '' && Object.keys(perServing).length > 0;
  return {
    name: str(product.product_name) || str(product.generic_name) || `Product ${barcode}`,
    brand: str(product.brands).split(',')[0]!.trim(),
    isDrink,
    servingDescription: useServing ? serving : `per 100 ${isDrink ? 'ml' : 'g'} (the label gives no serving size)`,
    nutrition: useServing ? perServing : nutritionPer(nutriments, '_100g'),
    raw: product,
  };
}

/**
 * Looks a barcode up in Open Food Facts' product API. An unknown product is NotFound; the
 * provider down, slow (past the timeout) or answering garbage is Unavailable.
 */
export async function lookUpBarcode(barcode: string): Promise<LabelProduct> {
  const url = `${provider.baseUrl}/api/v2/product/${barcode}`;
  let res: Response;
  let body: unknown;
  try {
    res = await fetch(url, { headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' }, signal: AbortSignal.timeout(provider.timeoutMs) });
    body = res.status === 404 || res.ok ? await res.json().catch(() => undefined) : undefined;
  } catch (err) {
    const slow = (err as Error).name === 'TimeoutError';
    throw new Unavailable(`The food label provider ${slow ? 'did not answer in time' : 'is unreachable'}; try again later`);
  }
  const product = (body as { product?: unknown } | undefined)?.product;
  if (res.status === 404 || (body as { status?: unknown } | undefined)?.status === 0) throw new NotFound('Product with this barcode');
  if (!res.ok || !product || typeof product !== 'object' || Array.isArray(product)) {
    throw new Unavailable(`The food label provider answered with an unusable response (HTTP ${res.status}); try again later`);
  }
  return mapProduct(product as Record<string, unknown>, barcode);
}
