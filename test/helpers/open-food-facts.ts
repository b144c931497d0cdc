import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/open-food-facts/${name}.json`, import.meta.url), 'utf8');

/** Barcodes (valid GS1) the local provider answers badly, for the 503 paths. */
export const PROVIDER_FAULTS = { slow: '5000000000012', down: '5000000000029', garbage: '5000000000036' } as const;
const KNOWN = ['3017620422003', '5449000000996', '7613035974685', '5000000000043'];

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
