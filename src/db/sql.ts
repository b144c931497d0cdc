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
