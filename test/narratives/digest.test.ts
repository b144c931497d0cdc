import { expect422, expectError } from '../helpers/expect.ts';
import { gqlData } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { apiFacts, seedWeeks, WEEK, WEEK_END } from './support.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f));

const digest = (u: TestUser, q = '') => server.api().get(`/users/${u.id}/narratives/digest${q}`).set(u.auth);

beforeAll(async () => seedWeeks(server, alice));

test("the digest states the week's facts with the API's own numbers: daily values, events, goals met, episodes, graph links", async () => {
  const res = await digest(alice, `?week=${WEEK}`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ period_start: WEEK, period_end: WEEK_END, period_type: 'week', has_data: true });
  const text: string = res.body.digest;
  const facts = await apiFacts(server, alice);
  expect(text.split('\n')[0]).toBe(`Week ${WEEK} (Mon) to ${WEEK_END} (Sun), timezone UTC.`);
  expect(text).toContain(facts.sleepLine);
  expect(text).toContain(facts.stepsLine);
  expect(text).toContain(facts.eventsLine);
  expect(text).toContain(facts.goalLine);
  expect(text).toContain('#coffee');
  expect(facts.episodes.length).toBeGreaterThan(0);
  for (const headline of facts.episodes) expect(text).toContain(headline);
  expect(facts.firstEdge).toBeDefined();
  const e = facts.firstEdge!;
  expect(text).toContain(`- ${e.label}: ${e.direction}, ${e.confidence}, r ${Math.round(e.r * 100) / 100}`);
  // Compact and deterministic.
  expect(text.length).toBeLessThan(4096);
  expect((await digest(alice, `?week=${WEEK}`)).body).toEqual(res.body);
});

test('a week without data says so; the default week is the last whole one in the user timezone', async () => {
  const empty = await digest(bob, '?week=2026-11-16');
  expect(empty.body).toMatchObject({ has_data: false, period_start: '2026-11-16' });
  expect(empty.body.digest).toContain('No metric values and no events');
  const d = (await digest(bob)).body;
  const today = new Date().toISOString().slice(0, 10);
  const monday = new Date(`${d.period_start}T00:00:00Z`);
  expect(monday.getUTCDay()).toBe(1);
  const daysBack = (Date.parse(`${today}T00:00:00Z`) - monday.getTime()) / 86_400_000;
  expect(daysBack).toBeGreaterThanOrEqual(7);
  expect(daysBack).toBeLessThanOrEqual(13);
});

test('week must be a Monday (422 at query.week); another user is a 403', async () => {
  expect422(await digest(alice, '?week=2026-11-17'), ['query', 'week']);
  expect422(await digest(alice, '?week=last'), ['query', 'week']);
  expectError(await server.api().get(`/users/${alice.id}/narratives/digest`).set(bob.auth), 403);
});

test('GraphQL narrativeDigest equals REST', async () => {
  const rest = (await digest(alice, `?week=${WEEK}`)).body;
  const { me } = await gqlData(
    server,
    alice,
    'query($w: Date) { me { narrativeDigest(week: $w) { periodStart periodEnd periodType hasData digest } } }',
    { w: WEEK },
  );
  expect(me.narrativeDigest).toEqual({
    periodStart: rest.period_start,
    periodEnd: rest.period_end,
    periodType: rest.period_type,
    hasData: rest.has_data,
    digest: rest.digest,
  });
});
