import { ConfigError, loadConfig } from '../../src/config.ts';

test.each([
  ['1', 1],
  ['2', 2],
  ['false', false],
  ['0', false],
  ['loopback', 'loopback'],
  ['10.0.0.1, 192.168.0.0/16,loopback', '10.0.0.1, 192.168.0.0/16, loopback'],
  ['::1,fd00::/8', '::1, fd00::/8'],
])('TRUST_PROXY=%s is express trust proxy %p', (value, expected) => {
  expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
});

test.each(['true', '*', '10.0.0.1/33', 'proxy.example.com', '1.2.3'])('TRUST_PROXY=%s is refused', (value) => {
  expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
  expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
});

test('TRUST_PROXY defaults to trusting no proxy; METRICS_TOKEN to unset', () => {
  const c = loadConfig({});
  expect(c.trustProxy).toBe(false);
  expect(c.metricsToken).toBeUndefined();
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
});

test('the food label provider defaults to Open Food Facts with a 5 s timeout; a bad URL or timeout stops start-up', () => {
  const c = loadConfig({});
  expect(c.openFoodFactsUrl).toBe('https://world.openfoodfacts.org');
  expect(c.openFoodFactsTimeoutMs).toBe(5000);
  expect(loadConfig({ OPEN_FOOD_FACTS_URL: 'http://off.internal:8080', OPEN_FOOD_FACTS_TIMEOUT_MS: '1500' })).toMatchObject({
    openFoodFactsUrl: 'http://off.internal:8080',
    openFoodFactsTimeoutMs: 1500,
  });
  expect(() => loadConfig({ OPEN_FOOD_FACTS_URL: 'ftp://off' })).toThrow(/OPEN_FOOD_FACTS_URL/);
  expect(() => loadConfig({ OPEN_FOOD_FACTS_TIMEOUT_MS: '0' })).toThrow(/OPEN_FOOD_FACTS_TIMEOUT_MS/);
});

test('outbound networks: calendar feeds default to public, the operator-set food provider and model to any; public with a non-public IP literal stops start-up', () => {
  const c = loadConfig({ NARRATIVE_LLM_URL: 'http://localhost:11434/v1/chat/completions', NARRATIVE_LLM_MODEL: 'llama3.1' });
  expect(c.calendarFeedNetworks).toBe('public');
  expect(c.openFoodFactsNetworks).toBe('any');
  expect(c.narrativeLlm?.networks).toBe('any');
  expect(loadConfig({ OPEN_FOOD_FACTS_URL: 'http://10.0.0.5:8080', OPEN_FOOD_FACTS_NETWORKS: 'any' }).openFoodFactsUrl).toBe(
    'http://10.0.0.5:8080',
  );
  // A host name is judged when it is connected to (DNS can change), never at start.
  expect(loadConfig({ OPEN_FOOD_FACTS_URL: 'http://off.internal:8080', OPEN_FOOD_FACTS_NETWORKS: 'public' }).openFoodFactsNetworks).toBe(
    'public',
  );
  expect(() => loadConfig({ OPEN_FOOD_FACTS_URL: 'http://[::ffff:10.0.0.5]:8080', OPEN_FOOD_FACTS_NETWORKS: 'public' })).toThrow(
    /OPEN_FOOD_FACTS_URL: ::ffff:a00:5 is not on the public internet, and OPEN_FOOD_FACTS_NETWORKS=public/,
  );
  expect(() =>
    loadConfig({ NARRATIVE_LLM_URL: 'http://127.0.0.1:11434/v1', NARRATIVE_LLM_MODEL: 'm', NARRATIVE_LLM_NETWORKS: 'public' }),
  ).toThrow(/NARRATIVE_LLM_URL: 127\.0\.0\.1 is not on the public internet, and NARRATIVE_LLM_NETWORKS=public/);
  expect(() => loadConfig({ CALENDAR_FEED_NETWORKS: 'lan' })).toThrow(/CALENDAR_FEED_NETWORKS/);
  expect(() => loadConfig({ OPEN_FOOD_FACTS_NETWORKS: 'lan' })).toThrow(/OPEN_FOOD_FACTS_NETWORKS/);
});
