import type { IsolatedServer } from './server.ts';

/**
 * How many SQL statements the server sends while `run` runs (`db.statements()` counts every query
 * of the ORM's pool, ORM finds and raw query() alike): what a test reads to prove a query costs
 * the same whatever the size of its lists. Nothing else may run on the server meanwhile.
 */
export async function statementsOf(server: Pick<IsolatedServer, 'statements'>, run: () => PromiseLike<unknown>): Promise<number> {
  const before = await server.statements();
  await run();
  return (await server.statements()) - before;
}
