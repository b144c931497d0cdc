import { withContext } from '../../src/db/context.ts';
import { query } from '../../src/db/sql.ts';
import type { TestServer } from './server.ts';

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
export async function snapshot(server: TestServer): Promise<Record<string, string>> {
  return withContext(async () => {
    const tables = await query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      if (BOOKKEEPING.has(name)) continue;
      const [row] = await query<{ h: string | null }>(`select md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`);
      out[name] = row?.h ?? 'empty';
    }
    return out;
  }, server.db.orm);
}
