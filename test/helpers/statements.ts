import type { TestServer } from './server.ts';

/**
 * How many SQL statements the server sends through the ORM's client while `run` runs: ORM finds
 * and query() alike pass through its Kysely executeQuery (outside a transaction, as GraphQL reads
 * are). What a test reads to prove a query costs the same whatever the size of its lists.
 */
export async function statementsOf(server: TestServer, run: () => Promise<unknown>): Promise<number> {
  const client = server.db.orm.em.getConnection().getClient();
  const original = client.executeQuery;
  let n = 0;
  client.executeQuery = ((...args: Parameters<typeof original>) => (n++, original.apply(client, args))) as typeof original;
  try {
    await run();
  } finally {
    client.executeQuery = original;
  }
  return n;
}
