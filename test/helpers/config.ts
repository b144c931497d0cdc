import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config.ts';

/**
 * What the run's shared servers (shared-server.ts) run with beyond testConfig: they trust one proxy
 * hop, so each file's X-Forwarded-For is its address, and sign tokens with a secret the tests know,
 * so a test can forge a token signed with the server's own key.
 */
export const SHARED_JWT_SECRET = 'the shared test servers know this secret of 32+ characters';
export const sharedServerConfig: Partial<Config> = { trustProxy: 1, jwtSecret: SHARED_JWT_SECRET };

/** A test server's configuration: an ephemeral port, quiet logs, the limits tests need loosened. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    replicas: { urls: [], maxLagMs: 5000, checkMs: 200 },
    pgliteDir: ':memory:',
    jwtSecret: undefined,
    allowRegistration: true,
    logLevel: (process.env.TEST_LOG_LEVEL as Config['logLevel']) ?? 'silent',
    workers: 1,
    trustProxy: false,
    metricsToken: undefined,
    graphqlIntrospection: true,
    shutdownTimeoutMs: 2000,
    // Nothing listens there: a test that looks barcodes up starts its own recorded provider.
    openFoodFactsUrl: 'http://127.0.0.1:9',
    openFoodFactsTimeoutMs: 2000,
    openFoodFactsNetworks: 'any',
    // Off here (tests write fast on purpose); test/hardening/write-budget.test.ts sets one.
    writeBudget: { perMinute: 0, burst: 1 },
    statementTimeoutMs: 30_000,
    publicUrl: undefined,
    calendarFetchTimeoutMs: 2000,
    calendarMaxBytes: 1024 * 1024,
    // The test feeds are served on 127.0.0.1; test/calendar/egress.test.ts runs with the default.
    calendarFeedNetworks: 'any',
    changesRetentionDays: 30,
    importMaxBytes: 64 * 1024 * 1024,
    // A directory of each server's own: a server removes the files no import of its database names.
    importDir: join(tmpdir(), `lifetrack-test-imports-${randomUUID()}`),
    narrativeLlm: undefined,
    eventsRetentionDays: 7,
    // Quick rounds and retries, so tests of events and webhooks wait fractions of a second.
    outboundPollMs: 250,
    // The test receivers are served on 127.0.0.1; test/webhooks/egress.test.ts runs with the default.
    webhooks: { networks: 'any', timeoutMs: 2000, maxResponseBytes: 64 * 1024, retryBaseMs: 200 },
    // The test push service (test/helpers/push-receiver.ts) is served on 127.0.0.1; test/push/egress.test.ts runs with the default.
    webPush: { networks: 'any', timeoutMs: 2000, subject: 'mailto:tests@lifetrack.example' },
    ...overrides,
  };
}
