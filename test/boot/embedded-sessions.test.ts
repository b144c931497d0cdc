import pg from 'pg';
import { startEmbedded, type EmbeddedDatabase } from '../../src/db/embedded.ts';

/**
 * The embedded database serves every connection from PGlite's one session. Queries with parameters
 * (Parse, Bind, Execute, Sync) from several connections at once must not interleave: each one
 * gets its own statement's rows (upstream electric-sql/pglite#1046; src/db/embedded.ts).
 */
let embedded: EmbeddedDatabase;
const clients: pg.Client[] = [];
beforeAll(async () => {
  embedded = await startEmbedded(':memory:');
  for (let i = 0; i < 4; i++) {
    const c = new pg.Client({ host: embedded.socketDir, port: embedded.port, user: 'postgres', database: 'postgres' });
    await c.connect();
    clients.push(c);
  }
});
afterAll(async () => {
  for (const c of clients) await c.end();
  await embedded?.close();
});

test('parameterised queries from four connections at once each get their own answer', async () => {
  // Big parameters arrive in several socket reads, so the messages of one query come apart.
  const pad = 'x'.repeat(1_000_000);
  const results = await Promise.all(
    Array.from({ length: 24 }, async (_, i) => {
      const c = clients[i % clients.length];
      // Each query's text is its own: bound to another's statement, `k` would give it away.
      const res = await c.query(`select $1::int as n, ${i} as k, length($2::text) as l`, [i, i % 3 ? pad : 'short']);
      return [res.rows[0].n, res.rows[0].k, res.rows[0].l];
    }),
  );
  expect(results).toEqual(Array.from({ length: 24 }, (_, i) => [i, i, i % 3 ? 1_000_000 : 5]));
});
