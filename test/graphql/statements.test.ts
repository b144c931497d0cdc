import type { seedDemo } from '../../src/tools/demo-data.ts';
import { gqlData } from '../helpers/graphql.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { statementsOf } from '../helpers/statements.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

/**
 * No N+1: a dashboard query reaching every relation sends the same number of SQL statements for a
 * user with 5 suggestions, events and goals as for one with 200 suggestions and events and every
 * goal set. Lists resolve in one statement each and relations in one batch per place the query
 * asks for them (a relation asked at two depths may load in two batches, whatever the row count),
 * so here each relation is asked for once.
 */
let server: IsolatedServer;
// No job workers: a periodic job (the capture sweep, expiry) firing inside a measurement would add its statements.
withIsolatedServer(
  (f) => ({ server } = f),
  {},
  () => ({ workers: 0 }),
);

const END = '2026-06-30';
const DASHBOARD = `query($end: Date!) { me {
  suggestions(status: accepted, limit: 500) { pendingCount items { id title resultingEvent { id tags } capture { id text } } }
  events(limit: 500) { id category { name } }
  logCaptures(limit: 500) { id suggestions { id status } }
  goals { slug target isSet today { value met progress } }
  episodes(endDate: $end) { windowDays episodes { id key z } }
  insightGraph(metric: "sleep_duration", endDate: $end) { center { key metricType { label } } edges { key r qValue metricType { label unit } } }
  metricDefinitions(limit: 500) { id metricType { slug label } sources { source rank } automations { id } }
  trackingTimers { id label }
} }`;

/** n accepted suggestions, each from its own parsed capture with its resulting event in one of 5 categories; `goals` goals set. */
async function seed(user: TestUser, n: number, goals: number) {
  await server.call<typeof seedDemo>('tools/demo-data.ts', 'seedDemo', user.id, 'UTC', {
    days: 40,
    seed: 3,
    today: new Date(`${END}T12:00:00Z`),
  });
  const categories: string[] = [];
  for (let c = 0; c < 5; c++)
    categories.push(
      (
        await server
          .api()
          .post(`/users/${user.id}/categories`)
          .set(user.auth)
          .send({ name: `C${c}` })
      ).body.id,
    );
  for (let t = 0; t < Math.min(n, 5); t++) {
    await server
      .api()
      .post(`/users/${user.id}/tracking-timers`)
      .set(user.auth)
      .send({ category_id: categories[t], label: `timer ${t}` });
  }
  await server.sql(
    `with rows as (select i, gen_random_uuid() as event_id, gen_random_uuid() as capture_id, now() - i * interval '1 minute' as at
                     from generate_series(1, $2::int) as i),
            e as (insert into events (id, user_id, category_id, occurred_at, local_date, tags, metadata, source, created_at, updated_at)
                  select event_id, $1, ($3::uuid[])[1 + i % 5], at, at::date, array['t' || i % 3], '{}', 'suggestion', at, at from rows),
            c as (insert into log_captures (id, user_id, text, captured_at, status, parsed_at, created_at, updated_at)
                  select capture_id, $1, 'ran ' || i || 'k', at, 'parsed', at, at, at from rows)
       insert into suggestions (id, user_id, kind, source, status, title, summary, decided_at, payload, provenance,
                                log_capture_id, capture_ordinal, resulting_event_id, created_at, updated_at)
       select gen_random_uuid(), $1, 'event', 'log_capture', 'accepted', 'Run ' || i, 'run', at, '{}', '{}', capture_id, 0, event_id, at, at from rows`,
    [user.id, n, categories],
  );
  const goalable = (await server.api().get(`/users/${user.id}/goals`).set(user.auth)).body as { slug: string }[];
  for (const g of goalable.slice(0, goals)) {
    await server.api().put(`/users/${user.id}/goals/${g.slug}`).set(user.auth).send({ target: 1, direction: 'at_least' });
  }
  return goalable.length;
}

test('the dashboard query costs the same statements for 5 rows as for 200', async () => {
  const small = await signUp(server);
  const large = await signUp(server);
  await seed(small, 5, 5);
  const allGoals = await seed(large, 200, Infinity);

  const run = async (user: TestUser) => {
    let me: Record<string, any> = {};
    const statements = await statementsOf(server, async () => void ({ me } = await gqlData(server, user, DASHBOARD, { end: END })));
    return { me, statements };
  };
  await run(small); // warm: the first request of a process loads what every later one reuses
  const a = await run(small);
  const b = await run(large);

  expect(a.me.suggestions.items).toHaveLength(5);
  expect(b.me.suggestions.items).toHaveLength(200);
  expect(b.me.events.length).toBeGreaterThanOrEqual(200);
  expect(b.me.suggestions.items.every((s: any) => s.resultingEvent?.id && s.capture?.id)).toBe(true);
  expect(b.me.events.filter((e: any) => e.category?.name).length).toBeGreaterThanOrEqual(200);
  expect(b.me.logCaptures.every((c: any) => c.suggestions.length === 1)).toBe(true);
  expect(b.me.goals.filter((g: any) => g.isSet)).toHaveLength(allGoals);
  expect(b.me.goals.filter((g: any) => g.today).length).toBeGreaterThan(5);
  expect(b.me.insightGraph.edges.length).toBeGreaterThan(0);
  console.log(
    `dashboard query: ${a.statements} SQL statements with 5 rows, ${b.statements} with 200 (suggestions, events, captures) and ${allGoals} goals`,
  );
  expect(b.statements).toBe(a.statements);
});
