import { withContext } from '../../src/db/context.ts';
import { query } from '../../src/db/sql.ts';
import { jobDefinitions } from '../../src/jobs/index.ts';
import { autovacuumRuns } from '../../src/db/statistics.ts';
import { statisticsJob } from '../../src/jobs/statistics.jobs.ts';
import { createLogger } from '../../src/logger.ts';
import { withOwnServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { ingestOk, WHOLE_SORT } from '../metrics/support.ts';

/**
 * A long readings history gets planner statistics without autovacuum (src/db/statistics.ts):
 * PGlite has none, and this machine's PostgreSQL runs with it off. Without them a cursor page of a
 * million readings was planned as a bitmap scan of the whole history and a sort (430 ms a page).
 */
let server: TestServer;
let u: TestUser;
withOwnServer(
  (f) => ({ server, owner: u } = f),
  {},
  () => ({ workers: 0 }),
);

const run = <T>(fn: () => Promise<T>) => withContext(fn, server.db.orm);
const ctx = { jobId: 'j', attempt: 0, finalAttempt: true, logger: createLogger('silent'), send: async () => true };
const analyzedPages = async () =>
  Number((await run(() => query<{ relpages: number }>(`select relpages from pg_class where relname = 'health_metrics'`)))[0].relpages);
/** How a cursor page in the middle of the user's history is planned. */
const cursorPlan = async () =>
  (
    await run(() =>
      query<{ 'QUERY PLAN': string }>(
        // The shape the readings list's keyset condition takes (src/core/paging.ts).
        `explain select * from health_metrics where user_id = $1 and recorded_at <= '2024-01-10'
           and (recorded_at < '2024-01-10' or (recorded_at = '2024-01-10' and id < '00000000-0000-0000-0000-000000000000'))
           order by recorded_at desc, id desc limit 501`,
        [u.id],
      ),
    )
  )
    .map((r) => r['QUERY PLAN'])
    .join('\n');

beforeAll(async () => {
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < 30_000; i += 10_000) {
    await ingestOk(
      server,
      u,
      Array.from({ length: 10_000 }, (_, k) => ({
        metric_type_slug: 'heart_rate',
        recorded_at: new Date(start + (i + k) * 60_000).toISOString(),
        value: 60 + (k % 30),
        source: 'watch',
        source_id: `s-${i + k}`,
      })),
    );
  }
}, 120_000);

test('the job is registered and runs every minute', () => {
  expect(jobDefinitions).toContain(statisticsJob);
  expect(statisticsJob.schedule).toBe('* * * * *');
});

const onPostgres = process.env.DATABASE_URL ? test : test.skip;
const embedded = process.env.DATABASE_URL ? test.skip : test;

onPostgres(
  'on PostgreSQL without autovacuum the job analyzes the grown readings, once; with it, it leaves them to autovacuum',
  async () => {
    const before = await analyzedPages();
    await run(() => statisticsJob.handler({}, ctx));
    const after = await analyzedPages();
    if (await run(() => autovacuumRuns(query))) {
      expect(after).toBe(before);
      return;
    }
    expect(before).toBe(0);
    // 30,000 readings are several hundred pages: the analysis counted them.
    expect(after).toBeGreaterThan(300);
    expect(await cursorPlan()).toMatch(/Index Scan( Backward)? using health_metrics_user_recorded_idx/);
    expect(await cursorPlan()).not.toMatch(WHOLE_SORT);
    expect(await cursorPlan()).not.toMatch(/Bitmap/);
    // Grown by less than a tenth since: nothing to do.
    const [{ last }] = await run(() =>
      query<{ last: string }>(`select last_analyze::text as last from pg_stat_user_tables where relname = 'health_metrics'`),
    );
    await run(() => statisticsJob.handler({}, ctx));
    const [{ last: again }] = await run(() =>
      query<{ last: string }>(`select last_analyze::text as last from pg_stat_user_tables where relname = 'health_metrics'`),
    );
    expect(again).toBe(last);
  },
);

embedded(
  'on the embedded database its own thread analyzes the grown readings after a checkpoint',
  async () => {
    const deadline = Date.now() + 20_000;
    while ((await analyzedPages()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await analyzedPages()).toBeGreaterThan(300);
    expect(await cursorPlan()).not.toMatch(WHOLE_SORT);
    expect(await cursorPlan()).not.toMatch(/Bitmap/);
  },
  30_000,
);

test('where autovacuum does not run, the job vacuums what updates left behind, and the space is used again', async () => {
  const readingsTable = async () =>
    (
      await run(() =>
        query<{ dead: number; bytes: number; vacuumed: boolean; analyzed: string | null }>(
          `select n_dead_tup::int as dead, pg_relation_size(relid)::int as bytes, last_vacuum is not null as vacuumed,
                  last_analyze::text as analyzed
             from pg_stat_user_tables where relname = 'health_metrics'`,
        ),
      )
    )[0];
  const rewriteAll = () => run(() => query(`update health_metrics set value = value + 1 where user_id = $1`, [u.id]));
  await rewriteAll();
  // A connection reports its counts when it goes idle: they reach the statistics within seconds.
  const deadline = Date.now() + 20_000;
  while ((await readingsTable()).dead < 30_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const before = await readingsTable();
  expect(before.dead).toBeGreaterThanOrEqual(30_000);

  await run(() => statisticsJob.handler({}, ctx));
  if (await run(() => autovacuumRuns(query))) return; // autovacuum's own business
  const after = await readingsTable();
  expect(after).toMatchObject({ dead: 0, vacuumed: true });
  // Analyzed with it: the vacuum recounted the pages that growth since the last analysis is measured from.
  expect(after.analyzed).not.toBe(before.analyzed);
  // Nothing more to do until dead rows pile up again.
  const lastVacuum = async () =>
    (
      await run(() => query<{ last: string }>(`select last_vacuum::text as last from pg_stat_user_tables where relname = 'health_metrics'`))
    )[0].last;
  const last = await lastVacuum();
  await run(() => statisticsJob.handler({}, ctx));
  expect(await lastVacuum()).toBe(last);
  // Every reading rewritten again: the new rows take the space the dead ones left, the table does not grow.
  await rewriteAll();
  expect((await readingsTable()).bytes).toBeLessThanOrEqual(before.bytes * 1.05);
}, 60_000);
