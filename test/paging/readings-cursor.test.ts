import { randomUUID } from 'node:crypto';
import { withContext } from '../../src/db/context.ts';
import { query } from '../../src/db/sql.ts';
import { statisticsJob } from '../../src/jobs/statistics.jobs.ts';
import { createLogger } from '../../src/logger.ts';
import { expect422 } from '../helpers/expect.ts';
import { gqlData } from '../helpers/graphql.ts';
import { withOwnServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { ingestOk } from '../metrics/support.ts';

/**
 * Cursor paging of the readings list over a long history: every reading once, in order, while
 * other readings are written; the Link header leads on; cursors are bound to their user and filters.
 */
let server: TestServer;
let u: TestUser;
let other: TestUser;
// No job workers: 200,000 readings need none, and a background round would only compete with the walk.
withOwnServer(
  (f) => ({ server, owner: u, other } = f),
  {},
  () => ({ workers: 0 }),
);

const TOTAL = 200_000;
const START = Date.UTC(2024, 0, 1);
const STEP_MS = 5 * 60_000;
/** Two readings share each timestamp (two sources), so ties are broken by id. */
const reading = (i: number, tag = 'h') => ({
  metric_type_slug: 'heart_rate',
  recorded_at: new Date(START + Math.floor(i / 2) * STEP_MS).toISOString(),
  value: 50 + (i % 50),
  source: i % 2 ? 'watch' : 'ring',
  source_id: `${tag}-${i}`,
});

type Row = { id: string; recorded_at: string };
const linkOf = (res: { headers: Record<string, string> }) => /^<([^>]+)>; rel="next"$/.exec(res.headers.link ?? '')?.[1];

beforeAll(async () => {
  for (let i = 0; i < TOTAL; i += 10_000) {
    await ingestOk(
      server,
      u,
      Array.from({ length: 10_000 }, (_, k) => reading(i + k)),
    );
  }
  // What the server's job does within a minute of such a load where autovacuum is off (this server runs no jobs).
  const ctx = { jobId: 'j', attempt: 0, finalAttempt: true, logger: createLogger('silent'), send: async () => true };
  await withContext(() => statisticsJob.handler({}, ctx), server.db.orm);
}, 600_000);

test('200,000 readings paged by cursor while others are written: each once, newest first, the Link header leading on', async () => {
  const before = await withContext(() => query<{ id: string }>(`select id from health_metrics where user_id = $1`, [u.id]), server.db.orm);
  expect(before).toHaveLength(TOTAL);
  const seen: Row[] = [];
  let next: string | undefined = `/users/${u.id}/health/metrics?limit=500&metric=heart_rate`;
  let pages = 0;
  while (next) {
    const res = await server.api().get(next).set(u.auth);
    expect(res.status).toBe(200);
    seen.push(...(res.body as Row[]));
    next = linkOf(res);
    if (next) expect(next).not.toContain('offset');
    // Writes while paging: newer readings (before the cursor: this walk does not see them) and old ones anywhere in the history.
    if (++pages % 40 === 0) {
      await ingestOk(server, u, [
        { ...reading(0, 'late'), recorded_at: new Date().toISOString(), source_id: randomUUID() },
        { ...reading(Math.floor(Math.random() * TOTAL), 'late'), source_id: randomUUID() },
      ]);
    }
  }
  const ids = seen.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  // Strictly newest first by (recorded_at, id): no reading twice, none skipped between two it saw.
  for (let i = 1; i < seen.length; i++) {
    const [a, b] = [seen[i - 1], seen[i]];
    expect(a.recorded_at > b.recorded_at || (a.recorded_at === b.recorded_at && a.id > b.id)).toBe(true);
  }
  // Every reading that was there when the walk began, exactly once.
  const seenIds = new Set(ids);
  expect(before.filter((r) => !seenIds.has(r.id))).toEqual([]);
  expect(pages).toBeGreaterThanOrEqual(TOTAL / 500);
}, 600_000);

test('offset paging works as the spec says, and its pages carry the cursor of the next one', async () => {
  const byOffset = await server.api().get(`/users/${u.id}/health/metrics`).query({ limit: 3, offset: 3, metric: 'heart_rate' }).set(u.auth);
  const first = await server.api().get(`/users/${u.id}/health/metrics`).query({ limit: 3, metric: 'heart_rate' }).set(u.auth);
  const byCursor = await server.api().get(linkOf(first)!).set(u.auth);
  expect(byCursor.body).toEqual(byOffset.body);
  const onlyOne = await server.api().get(`/users/${other.id}/health/metrics`).set(other.auth);
  expect(onlyOne.headers.link).toBeUndefined();
});

test('a cursor is bound to its user, its list and its filters; not with offset; not forged', async () => {
  const first = await server.api().get(`/users/${u.id}/health/metrics`).query({ limit: 2, metric: 'heart_rate' }).set(u.auth);
  const cursor = new URL(linkOf(first)!, 'http://x').searchParams.get('cursor')!;
  const list = (user: TestUser, query: Record<string, unknown>) =>
    server.api().get(`/users/${user.id}/health/metrics`).query(query).set(user.auth);
  expect422(await list(u, { cursor, metric: 'heart_rate', offset: 2 }), ['query', 'cursor']);
  expect422(await list(u, { cursor, metric: 'steps' }), ['query', 'cursor']);
  expect422(await list(u, { cursor }), ['query', 'cursor']);
  expect422(await list(u, { cursor: 'not-a-cursor', metric: 'heart_rate' }), ['query', 'cursor']);
  expect422(await list(u, { cursor: Buffer.from('["p1","health_metrics"]').toString('base64url') }), ['query', 'cursor']);
  const foreign = await list(other, { cursor, metric: 'heart_rate' });
  expect422(foreign, ['query', 'cursor']);
  expect(JSON.stringify(foreign.body)).toContain('another account');
  // Another list's cursor is not this list's.
  await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'a' });
  await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'b' });
  const events = await server.api().get(`/users/${u.id}/events`).query({ limit: 1 }).set(u.auth);
  const eventsCursor = new URL(linkOf(events)!, 'http://x').searchParams.get('cursor')!;
  expect422(await list(u, { cursor: eventsCursor }), ['query', 'cursor']);
  // A limit of its own is fine: the cursor carries where to start, not how many.
  expect((await list(u, { cursor, metric: 'heart_rate', limit: 7 })).body).toHaveLength(7);
});

test('GraphQL readingsPage walks the same pages as REST', async () => {
  const query = `query($after: String) { me { readingsPage(metric: "heart_rate", limit: 100, after: $after) {
    items { id recordedAt } pageInfo { endCursor hasNextPage } } } }`;
  let after: string | null = null;
  let rest: string | undefined = `/users/${u.id}/health/metrics?limit=100&metric=heart_rate`;
  for (let page = 0; page < 3; page++) {
    const { me }: Record<string, any> = await gqlData(server, u, query, { after });
    const res = await server.api().get(rest!).set(u.auth);
    expect(me.readingsPage.items.map((r: { id: string }) => r.id)).toEqual(res.body.map((r: Row) => r.id));
    expect(me.readingsPage.pageInfo.hasNextPage).toBe(true);
    after = me.readingsPage.pageInfo.endCursor;
    rest = linkOf(res);
  }
});
