import type { Response } from 'undici';
import { egressClient, egressRefusal, type EgressClient, type Networks } from '../../core/egress.ts';
import { NotFound, Unavailable } from '../../core/errors.ts';
import { labelNutrition } from './label-nutrition.ts';
import type { Nutrition, Nutrient } from './nutrients.ts';

const REFUSAL = { subject: "The food label provider's address", setting: 'OPEN_FOOD_FACTS_NETWORKS' };

/**
 * Where labels come from: set once at start-up from OPEN_FOOD_FACTS_URL / OPEN_FOOD_FACTS_TIMEOUT_MS,
 * and which addresses the lookups (and their redirects) may connect to, OPEN_FOOD_FACTS_NETWORKS (src/core/egress.ts).
 */
const provider: { baseUrl: string; timeoutMs: number; client: EgressClient } = {
  baseUrl: 'https://world.openfoodfacts.org',
  timeoutMs: 5000,
  client: egressClient('any', REFUSAL),
};
export function configureOpenFoodFacts(options: { baseUrl: string; timeoutMs: number; networks: Networks }): void {
  provider.baseUrl = options.baseUrl.replace(/\/+$/, '');
  provider.timeoutMs = options.timeoutMs;
  provider.client = egressClient(options.networks, REFUSAL);
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
  /** The nutrients computed from the label rather than read off it (label-nutrition.ts). */
  nutritionDerived: Nutrient[];
  raw: Record<string, unknown>;
};

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Maps an OFF v2 product: identity here, nutrition and serving by labelNutrition. */
function mapProduct(product: Record<string, unknown>, barcode: string): LabelProduct {
  const categories = Array.isArray(product.categories_tags) ? product.categories_tags : [];
  const isDrink = categories.includes('en:beverages');
  const { nutrition, derived, servingDescription } = labelNutrition(product, isDrink);
  return {
    name: str(product.product_name) || str(product.generic_name) || `Product ${barcode}`,
    brand: str(product.brands).split(',')[0].trim(),
    isDrink,
    servingDescription,
    nutrition,
    nutritionDerived: derived,
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
    res = await provider.client.fetch(url, {
      headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' },
      signal: AbortSignal.timeout(provider.timeoutMs),
    });
    body = res.status === 404 || res.ok ? await res.json().catch(() => undefined) : undefined;
  } catch (err) {
    const refused = egressRefusal(err);
    if (refused) throw new Unavailable(refused.message);
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
