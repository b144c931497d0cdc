import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/open-food-facts/${name}.json`, import.meta.url), 'utf8');

/** Barcodes (valid GS1) the local provider answers badly, for the 503 paths. */
export const PROVIDER_FAULTS = { slow: '5000000000012', down: '5000000000029', garbage: '5000000000036' } as const;
/**
 * Barcodes serving answers recorded in openfoodfacts-server's own tests, one per form a label
 * takes: two verbatim, three adapted (test/fixtures/open-food-facts/README.md says from what, and how).
 */
export const LABEL_FORMS = {
  /** Energy only in kJ (energy-kj_100g, energy_100g with energy_unit kJ), per 100 g, no serving. */
  kjOnly: '5000000000050',
  /** Nothing but salt_100g: no sodium, no energy. */
  saltOnly: '5000000000067',
  /** Only the older plain energy_100g, with no unit at all, and salt without sodium. */
  energyWithoutUnit: '5000000000074',
  /** Per 100 g values and serving_quantity 10 g, no _serving value. */
  servingQuantityOnly: '5000000000081',
  /** The same product with the label's own per-serving column for energy-kcal and fat only. */
  servingPartly: '5000000000098',
} as const;
const KNOWN = ['3017620422003', '5449000000996', '7613035974685', '5000000000043', ...Object.values(LABEL_FORMS)];

export type FoodProvider = { url: string; requests: { path: string; headers: IncomingHttpHeaders }[]; stop(): Promise<void> };

/**
 * A local Open Food Facts over real HTTP: /api/v2/product/{barcode} answers the recorded product
 * from test/fixtures/open-food-facts, OFF's 404 for any other barcode, and misbehaves for the
 * PROVIDER_FAULTS barcodes (slower than any test timeout, a 500 page, a 200 that is not JSON).
 */
export async function startFoodProvider(): Promise<FoodProvider> {
  const requests: FoodProvider['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    const barcode = /^\/api\/v2\/product\/(\d+)$/.exec(req.url ?? '')?.[1];
    if (barcode === PROVIDER_FAULTS.slow) {
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(fixture('3017620422003')), 3000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (barcode === PROVIDER_FAULTS.down) return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    if (barcode === PROVIDER_FAULTS.garbage) return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    if (barcode && KNOWN.includes(barcode)) return res.writeHead(200, { 'content-type': 'application/json' }).end(fixture(barcode));
    res.writeHead(404, { 'content-type': 'application/json' }).end(fixture('not-found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
