import { startFoodProvider, type FoodProvider } from '../helpers/open-food-facts.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expectError } from '../helpers/expect.ts';

/**
 * OPEN_FOOD_FACTS_NETWORKS=public: barcode lookups (and any redirect) connect only to public
 * addresses, through the same guard as calendar feeds (src/core/egress.ts). The provider here is
 * local, named by a host name that resolves to loopback, so the refusal is the DNS answer's; the
 * default (`any`, which every other food test runs with) reaches it.
 */
let provider: FoodProvider;
let server: IsolatedServer;
let alice: TestUser;
beforeAll(async () => {
  provider = await startFoodProvider();
});
afterAll(() => provider.stop());
withIsolatedServer(
  (f) => ({ server, owner: alice } = f),
  {},
  () => ({
    openFoodFactsUrl: provider.url.replace('127.0.0.1', 'localhost'),
    openFoodFactsNetworks: 'public',
    openFoodFactsTimeoutMs: 2000,
  }),
);

test('a lookup whose provider resolves to loopback is a 503 naming the address and the setting; the provider is never asked, nothing is stored', async () => {
  const before = provider.requests.length;
  const res = await server.api().post(`/users/${alice.id}/food-items/barcode`).set(alice.auth).send({ barcode: '3017620422003' });
  expectError(res, 503);
  expect(res.body.detail).toMatch(
    /^The food label provider's address (127\.0\.0\.1|::1) is not on the public internet \(OPEN_FOOD_FACTS_NETWORKS=any allows it\)$/,
  );
  expect(provider.requests.length).toBe(before);
  expect((await server.api().get(`/users/${alice.id}/food-items?limit=500`).set(alice.auth)).body).toEqual([]);
});
