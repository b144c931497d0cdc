import { CompiledQuery } from 'kysely';
import { em } from './context.ts';

/**
 * SQL with real bind parameters ($1, $2 ...) through the current unit of work's connection (its
 * transaction when inside one). MikroORM's execute() inlines parameters into the SQL text; bulk
 * statements bind one JSON document instead, which keeps them far under Postgres' 65,535-parameter
 * limit and avoids re-escaping megabytes of text.
 */
export async function query<R>(sql: string, params: unknown[] = []): Promise<R[]> {
  const result = await em().getKysely().executeQuery<R>(CompiledQuery.raw(sql, params));
  return result.rows;
}

/** Postgres error codes worth one more try of the whole transaction. */
export function isRetryable(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * The rows of one statement in pages, read through a server-side cursor: one plan for the whole
 * walk, not a keyset query per page (whose plan on a table just bulk-loaded, with stale
 * statistics, sorted the rest of the table for every page). A cursor lives in a transaction, so
 * call this inside one.
 */
let cursors = 0;
export async function* cursorPages<R>(sql: string, params: unknown[], pageSize: number): AsyncGenerator<R[]> {
  const cursor = `pages_${++cursors}`;
  await query(`declare ${cursor} no scroll cursor for ${sql}`, params);
  try {
    for (;;) {
      const rows = await query<R>(`fetch ${pageSize} from ${cursor}`);
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await query(`close ${cursor}`);
  }
}
