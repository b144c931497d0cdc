import { isIP } from 'node:net';
import { z } from 'zod';
import { nonPublicLiteral } from './core/egress.ts';
import { DEFAULT_PGLITE_DIR } from './db/locate.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const NAMED_PROXIES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (bits === undefined) return family !== 0 || NAMED_PROXIES.has(address);
  return family !== 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Express's own `trust proxy` forms, except "trust every hop" (which lets any client spoof its
 * address and so dodge per-address throttling): a hop count, or a list of addresses, subnets
 * and the names loopback / linklocal / uniquelocal. "false" or 0 trusts none.
 */
const TrustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string => {
    if (v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries.join(', ');
    ctx.addIssue({
      code: 'custom',
      message:
        v === 'true'
          ? 'trusting every hop lets any client choose its own address; give the number of proxies in front (e.g. 1) or their addresses'
          : 'must be a hop count, or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal',
    });
    return z.NEVER;
  });

/** A VAPID `sub` (RFC 8292 §2.1): a mailto: address or an https: URL. */
const isVapidSubject = (v: string) => {
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(v)) return true;
  try {
    return new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
};

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^postgres(ql)?$/ })).max(8))
    .default([]),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  DATABASE_REPLICA_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  PGLITE_DIR: z.string().min(1).default(DEFAULT_PGLITE_DIR),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ALLOW_REGISTRATION: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  TRUST_PROXY: TrustProxy.default(false),
  GRAPHQL_INTROSPECTION: bool.default(true),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  OPEN_FOOD_FACTS_URL: z.url({ protocol: /^https?$/ }).default('https://world.openfoodfacts.org'),
  OPEN_FOOD_FACTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  OPEN_FOOD_FACTS_NETWORKS: z.enum(['public', 'any']).default('any'),
  WRITE_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  WRITE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  CALENDAR_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CALENDAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  CALENDAR_FEED_NETWORKS: z.enum(['public', 'any']).default('public'),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(4 * 1024 * 1024 * 1024),
  IMPORT_DIR: z.string().min(1).default('./data/imports'),
  CHANGES_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  OUTBOUND_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  WEBHOOK_NETWORKS: z.enum(['public', 'any']).default('public'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_MAX_RESPONSE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * 1024 * 1024)
    .default(64 * 1024),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  WEBHOOK_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  WEBHOOK_MAX_PENDING_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  WEBHOOK_MAX_PENDING_PER_HOST: z.coerce.number().int().min(1).max(1_000_000).default(500),
  WEBHOOK_MAX_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  WEBHOOK_MAX_IN_FLIGHT_PER_HOST: z.coerce.number().int().min(1).max(1000).default(4),
  WEB_PUSH_NETWORKS: z.enum(['public', 'any']).default('public'),
  WEB_PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine(isVapidSubject, 'must be a mailto: address or an https: URL (how push services reach the operator)')
    .optional(),
  NARRATIVE_LLM_URL: z.url({ protocol: /^https?$/ }).optional(),
  NARRATIVE_LLM_MODEL: z.string().trim().min(1).optional(),
  NARRATIVE_LLM_API_KEY: z.string().min(1).optional(),
  NARRATIVE_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  NARRATIVE_LLM_NETWORKS: z.enum(['public', 'any']).default('any'),
});

/** An operator's URL whose host is a non-public IP literal while its NETWORKS setting says `public` would fail every request: refused at start. */
const Egress = ConfigSchema.superRefine((c, ctx) => {
  for (const [url, networks] of [
    ['OPEN_FOOD_FACTS_URL', 'OPEN_FOOD_FACTS_NETWORKS'],
    ['NARRATIVE_LLM_URL', 'NARRATIVE_LLM_NETWORKS'],
  ] as const) {
    const address = c[networks] === 'public' && c[url] ? nonPublicLiteral(c[url]) : null;
    if (address) ctx.addIssue({ code: 'custom', path: [url], message: `${address} is not on the public internet, and ${networks}=public` });
  }
  if (c.DATABASE_REPLICA_URLS.length && !c.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URLS'], message: 'read replicas are standbys of DATABASE_URL: set it too' });
  }
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Read replicas (streaming standbys of DATABASE_URL): src/db/replicas.ts. */
  replicas: { urls: string[]; maxLagMs: number; checkMs: number };
  pgliteDir: string;
  jwtSecret: string | undefined;
  allowRegistration: boolean;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  workers: number;
  /** express `trust proxy`: false, a hop count, or a list of trusted addresses. */
  trustProxy: false | number | string;
  /** Schema introspection on /graphql (GRAPHQL_INTROSPECTION=false turns it off). */
  graphqlIntrospection: boolean;
  /** When set, /metrics needs `Authorization: Bearer <METRICS_TOKEN>`. */
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  /** Open Food Facts (or a mirror): barcode lookups ask `<url>/api/v2/product/<barcode>`. */
  openFoodFactsUrl: string;
  /** How long a barcode lookup waits for the label provider before answering 503. */
  openFoodFactsTimeoutMs: number;
  /** `public`: the provider (and its redirects) only on globally routable addresses (src/core/egress.ts); `any`: no check. */
  openFoodFactsNetworks: 'public' | 'any';
  /** Writes per user and minute (0: no limit), and how many may come at once. */
  writeBudget: { perMinute: number; burst: number };
  /** Longest a single SQL statement of a request may run (0: no limit); migrations are not bound by it. */
  statementTimeoutMs: number;
  /**
   * The address clients use to reach this server (OAuth issuer, token audience, resource metadata).
   * Unset: taken from each request's protocol and Host (behind a proxy, with TRUST_PROXY).
   */
  publicUrl: string | undefined;
  /** Calendar feeds: how long one fetch may take, and the largest feed read. */
  calendarFetchTimeoutMs: number;
  calendarMaxBytes: number;
  /** `public`: feeds only from globally routable addresses (src/domain/calendar/egress.ts); `any`: no check. */
  calendarFeedNetworks: 'public' | 'any';
  /** Days deletions stay in the changes feed; a cursor older than that must resync (410). */
  changesRetentionDays: number;
  /** The largest file an import takes (POST /users/{id}/imports and the archive route spool it to disk). */
  importMaxBytes: number;
  /**
   * Where uploaded files wait for their import and are read from (removed when it ends; leftovers of
   * a crash at start). A separate worker process (`npm run worker`) must see the same directory.
   */
  importDir: string;
  /** Days published events and finished webhook deliveries are kept. */
  eventsRetentionDays: number;
  /** How often workers look for new events, due checks and due deliveries (on PostgreSQL they are also woken at once). */
  outboundPollMs: number;
  /**
   * Webhook deliveries: where they may go (as CALENDAR_FEED_NETWORKS), one try's limit, the answer read, the first retry's delay;
   * `limits` (src/domain/webhooks/settings.ts): webhooks per user, pending deliveries per user and per user and host, posts in
   * flight per user and per host. A limit left out is its default.
   */
  webhooks: {
    networks: 'public' | 'any';
    timeoutMs: number;
    maxResponseBytes: number;
    retryBaseMs: number;
    limits?: {
      maxPerUser?: number;
      maxPendingPerUser?: number;
      maxPendingPerHost?: number;
      maxInFlightPerUser?: number;
      maxInFlightPerHost?: number;
    };
  };
  /**
   * Web Push (src/domain/push/settings.ts): where pushes may go (WEB_PUSH_NETWORKS, as WEBHOOK_NETWORKS), one push's limit,
   * and the VAPID subject (VAPID_SUBJECT; unset: PUBLIC_URL when https, else a placeholder mailto:).
   */
  webPush: { networks: 'public' | 'any'; timeoutMs: number; subject: string | undefined };
  /**
   * Weekly narratives: an OpenAI-compatible chat-completions endpoint and model; both unset = no generation.
   * `networks` as for the food label provider (NARRATIVE_LLM_NETWORKS).
   */
  narrativeLlm: { url: string; model: string; apiKey: string | undefined; timeoutMs: number; networks: 'public' | 'any' } | undefined;
};

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Egress.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    replicas: { urls: c.DATABASE_REPLICA_URLS, maxLagMs: c.DATABASE_REPLICA_MAX_LAG_MS, checkMs: c.DATABASE_REPLICA_CHECK_MS },
    pgliteDir: c.PGLITE_DIR,
    jwtSecret: c.JWT_SECRET,
    allowRegistration: c.ALLOW_REGISTRATION,
    logLevel: c.LOG_LEVEL,
    workers: c.WORKERS,
    trustProxy: c.TRUST_PROXY,
    metricsToken: c.METRICS_TOKEN,
    graphqlIntrospection: c.GRAPHQL_INTROSPECTION,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    openFoodFactsUrl: c.OPEN_FOOD_FACTS_URL,
    openFoodFactsTimeoutMs: c.OPEN_FOOD_FACTS_TIMEOUT_MS,
    openFoodFactsNetworks: c.OPEN_FOOD_FACTS_NETWORKS,
    writeBudget: { perMinute: c.WRITE_RATE_PER_MINUTE, burst: c.WRITE_BURST },
    statementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
    publicUrl: c.PUBLIC_URL,
    calendarFetchTimeoutMs: c.CALENDAR_FETCH_TIMEOUT_MS,
    calendarMaxBytes: c.CALENDAR_MAX_BYTES,
    calendarFeedNetworks: c.CALENDAR_FEED_NETWORKS,
    changesRetentionDays: c.CHANGES_RETENTION_DAYS,
    importMaxBytes: c.IMPORT_MAX_BYTES,
    importDir: c.IMPORT_DIR,
    eventsRetentionDays: c.EVENTS_RETENTION_DAYS,
    outboundPollMs: c.OUTBOUND_POLL_MS,
    webhooks: {
      networks: c.WEBHOOK_NETWORKS,
      timeoutMs: c.WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: c.WEBHOOK_MAX_RESPONSE_BYTES,
      retryBaseMs: c.WEBHOOK_RETRY_BASE_MS,
      limits: {
        maxPerUser: c.WEBHOOK_MAX_PER_USER,
        maxPendingPerUser: c.WEBHOOK_MAX_PENDING_PER_USER,
        maxPendingPerHost: c.WEBHOOK_MAX_PENDING_PER_HOST,
        maxInFlightPerUser: c.WEBHOOK_MAX_IN_FLIGHT_PER_USER,
        maxInFlightPerHost: c.WEBHOOK_MAX_IN_FLIGHT_PER_HOST,
      },
    },
    webPush: { networks: c.WEB_PUSH_NETWORKS, timeoutMs: c.WEB_PUSH_TIMEOUT_MS, subject: c.VAPID_SUBJECT },
    narrativeLlm:
      c.NARRATIVE_LLM_URL && c.NARRATIVE_LLM_MODEL
        ? {
            url: c.NARRATIVE_LLM_URL,
            model: c.NARRATIVE_LLM_MODEL,
            apiKey: c.NARRATIVE_LLM_API_KEY,
            timeoutMs: c.NARRATIVE_LLM_TIMEOUT_MS,
            networks: c.NARRATIVE_LLM_NETWORKS,
          }
        : undefined,
  };
}
