import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { embeddedUrl, startEmbedded, type EmbeddedDatabase } from '../../src/db/embedded.ts';

/**
 * The embedded database behind its socket serves several connections at once (the ORM's pool,
 * pg-boss, a CLI). Parameterised queries are several protocol messages each (Parse, Bind,
 * Describe, Execute, Sync), split over socket reads when large: those of two connections must not interleave, or one connection's
 * Bind meets the other's statement (bench:load on PGlite answered 500s and 503s from this).
 */
let embedded: EmbeddedDatabase;
let dir: string;
const pools: pg.Pool[] = [];

// On disk, as `npm start` runs it: writes reach the file system between messages, which lets other connections' messages in.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lifetrack-concurrency-'));
  embedded = await startEmbedded(join(dir, 'pglite'));
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await embedded.close();
  rmSync(dir, { recursive: true, force: true });
});

test('parameterised queries from many connections at once each get their own answer', async () => {
  const pool = new pg.Pool({ connectionString: embeddedUrl(embedded), max: 8 });
  pools.push(pool);
  // Different parameter counts, so a Bind meeting another connection's statement would fail loudly;
  // a large parameter splits a query's messages over several socket reads, letting other connections' messages in between.
  const big = 'x'.repeat(256 * 1024);
  const shapes = [
    (i: number) => pool.query<{ v: number }>('select $1::int + length($2::text) - $3::int as v', [i, big, big.length]),
    (i: number) => pool.query<{ v: number }>('select $1::int as v', [i]),
    (i: number) => pool.query<{ v: number }>('select $1::int + $2::int - $2::int as v', [i, 7]),
    (i: number) =>
      pool.query<{ v: number }>('select ($1::int + $2::int + $3::int + $4::int) - ($2::int + $3::int + $4::int) as v', [i, 1, 2, 3]),
  ];
  await pool.query('create table if not exists concurrency_writes (n int)');
  const writes = Array.from({ length: 100 }, (_, i) => pool.query('insert into concurrency_writes values ($1)', [i]));
  const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => shapes[i % shapes.length](i)));
  await Promise.all(writes);
  expect((await pool.query('select count(*)::int as c from concurrency_writes')).rows[0].c).toBe(100);
  expect(answers.map((r) => r.rows[0].v)).toEqual(Array.from({ length: 300 }, (_, i) => i));
});

test('a transaction on one connection is not entered by another, and both finish', async () => {
  const pool = new pg.Pool({ connectionString: embeddedUrl(embedded), max: 4 });
  pools.push(pool);
  await pool.query('create table if not exists concurrency_probe (n int)');
  const inTransaction = (async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('insert into concurrency_probe values ($1)', [1]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await client.query('insert into concurrency_probe values ($1)', [2]);
      await client.query('commit');
    } finally {
      client.release();
    }
  })();
  const reads = Promise.all(
    Array.from({ length: 20 }, (_, i) => pool.query('select count(*)::int as c from concurrency_probe where n > $1', [i - 100])),
  );
  await Promise.all([inTransaction, reads]);
  // Another connection never sees the transaction half done.
  for (const r of await reads) expect([0, 2]).toContain(r.rows[0].c);
  expect((await pool.query('select count(*)::int as c from concurrency_probe')).rows[0].c).toBe(2);
});
