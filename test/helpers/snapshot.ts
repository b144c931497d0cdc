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
  'mikro_orm_migrations',
  'outbox_checks',
  'outbox_events',
]);

/** A digest of every data table: equal snapshots mean no row was inserted, updated or deleted. */
export async function snapshot(server: Pick<SharedServer, 'sql'>): Promise<Record<string, string>> {
  const tables = await server.sql<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (BOOKKEEPING.has(name)) continue;
    const [row] = await server.sql<{ h: string | null }>(`select md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`);
    out[name] = row?.h ?? 'empty';
  }
  return out;
}
