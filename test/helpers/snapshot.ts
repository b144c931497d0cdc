import type { SharedServer } from './server.ts';

/**
 * Credential bookkeeping (last_used_at, throttle counters, signing secrets) may change on any request;
 * the outbound pump numbers events, renders their payloads and runs due checks in the background.
 */
const BOOKKEEPING = new Set([
  'sessions',
  'access_tokens',
  'pending_logins',
  'auth_attempts',
  'app_secrets',
  // The server's VAPID key pair, made by the first request that needs it (a GET of the key included).
  'vapid_keys',
  'mikro_orm_migrations',
  'outbox_checks',
  'outbox_events',
]);

/** A digest of every data table: equal snapshots mean no row was inserted, updated or deleted. */
export async function snapshot(server: Pick<SharedServer, 'sql'>): Promise<Record<string, string>> {
  const listed = await server.sql<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const tables = listed.map((t) => t.name).filter((name) => !BOOKKEEPING.has(name));
  // Every table's digest in one statement: a file that snapshots around each of its hundreds of
  // requests (bad-input.test.ts) would otherwise send a statement per table each time.
  const digests = await server.sql<{ name: string; h: string | null }>(
    tables
      .map((name, i) => `select $${i + 1}::text as name, (select md5(string_agg(t::text, '|' order by t::text)) from "${name}" t) as h`)
      .join(' union all '),
    tables,
  );
  return Object.fromEntries(digests.map(({ name, h }) => [name, h ?? 'empty']));
}
