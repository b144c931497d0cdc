import { readFileSync } from 'node:fs';
import type { pruneEmptyBatches, pruneTombstones } from '../../src/domain/changes/retention.ts';
import type { runDueChecks } from '../../src/domain/checks/checks.ts';
import type { strandedCaptures } from '../../src/domain/captures/processing.ts';
import type { sourcesToSync } from '../../src/domain/calendar/sync.ts';
import type { runMissingByAutomations } from '../../src/domain/metrics/automations.engine.ts';
import type { pruneOutbox } from '../../src/domain/outbox/outbox.service.ts';
import type { runDueReminders } from '../../src/domain/reminders/scheduler.ts';
import type { expireSuggestions } from '../../src/domain/suggestions/suggestions.service.ts';
import type { queuedImports } from '../../src/imports/imports.service.ts';
import { captureParsed } from '../captures/flow.ts';
import { waitFor } from '../captures/wait.ts';
import { gqlData } from '../helpers/graphql.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';
import { binary } from '../helpers/zip.ts';
import { fixtureBytes, imported } from '../imports/uploads.ts';
import { ingestOk, reading } from '../metrics/support.ts';
import { captureStatements } from './capture.ts';
import { entities } from '../../src/db/entities.ts';
import { CROSS_USER, type CrossUser } from './cross-user.ts';
import { judge, normalize } from './scope.ts';

/**
 * Every statement the service sends while a realistic workload runs names one user for each user
 * table it touches (`user_id`, or the users row's id), so the schema can be distributed by user_id
 * (docs/operations.md, Sharding) with each request on one shard. The statements that cross users on
 * purpose are listed, each with its reason, in cross-user.ts (the same list as the docs'); anything
 * else fails with the statement, its tables and where in src/ it was sent from.
 */
let server: TestServer;
let receiver: Receiver;
let capture: Awaited<ReturnType<typeof captureStatements>>;
let userTables: Set<string>;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({ publicUrl: 'https://life.example' });
  const tables = await server.sql<{ table_name: string }>(
    `select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`,
  );
  userTables = new Set([...tables.map((t) => t.table_name), 'users']);
  capture = await captureStatements(server);
});
afterAll(async () => {
  capture?.restore();
  await server?.stop();
  await receiver?.stop();
});

const api = () => server.api();
/** A user's own routes, under /users/{id}, with the user's token. */
const routesOf = (u: TestUser) => ({
  get: (path: string) => api().get(`/users/${u.id}${path}`).set(u.auth),
  post: (path: string, body: object = {}) => api().post(`/users/${u.id}${path}`).set(u.auth).send(body),
  put: (path: string, body: object) => api().put(`/users/${u.id}${path}`).set(u.auth).send(body),
  patch: (path: string, body: object) => api().patch(`/users/${u.id}${path}`).set(u.auth).send(body),
});

type Json = Record<string, any>;

/** The answer's body; anything but a 2xx stops the workload saying which step failed. */
async function ok<T = Json>(res: PromiseLike<{ status: number; body: T }>, what: string): Promise<T> {
  const answer = await res;
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

const DASHBOARD = `query($end: Date!) { me {
  suggestions(limit: 50) { pendingCount items { id title resultingEvent { id tags } capture { id text } } }
  events(limit: 50) { id category { name } }
  logCaptures(limit: 50) { id suggestions { id status } }
  goals { slug target isSet today { value met progress } }
  episodes(endDate: $end) { windowDays episodes { id key z } }
  metricDefinitions(limit: 50) { id metricType { slug label } sources { source rank } }
  trackingTimers { id label }
} }`;

/** What a user does in a day or two, through REST, GraphQL, links and the background work it sets off. */
async function workload(): Promise<void> {
  const owner = await signUp(server, { timezone: 'Europe/Berlin' });
  const visitor = await signUp(server);
  const me = routesOf(owner);

  // Events and categories.
  const category = await ok(me.post('/categories', { name: 'Sport' }), 'category');
  const event = await ok(me.post('/events', { notes: 'went running', tags: ['run'], category_id: category.id }), 'event');
  await ok(me.patch(`/events/${event.id}`, { notes: 'went running far' }), 'event patch');
  await ok(me.get('/events'), 'events');

  // Readings, definitions, goals, the day.
  const today = new Date().toISOString().slice(0, 10);
  await ingestOk(server, owner, [
    reading({ metric_type_slug: 'steps', value: 5000, recorded_at: `${today}T08:00:00Z`, source_id: 'a' }),
    reading({ metric_type_slug: 'steps', value: 7000, recorded_at: '2026-03-03T10:00:00Z', source: 'phone', source_id: 'b' }),
    reading({ metric_type_slug: 'weight', value: 81.4, recorded_at: '2026-03-02T07:00:00Z' }),
  ]);
  await ok(me.get('/health/metrics?limit=10'), 'readings');
  await ok(me.put('/goals/steps', { target: 6000, direction: 'at_least' }), 'goal');
  await ok(me.get('/goals'), 'goals');
  await ok(me.get(`/days/${today}`), 'day');

  // A capture the worker parses, and its suggestion accepted.
  const capture = await captureParsed(server, owner, 'ran 5k this morning');
  const [suggestion] = (await ok(me.get('/suggestions?status=pending'), 'suggestions')).suggestions as Json[];
  if (!suggestion) throw new Error(`the capture suggested nothing: ${JSON.stringify(capture)}`);
  await ok(me.post(`/suggestions/${suggestion.id}/accept`), 'accept');
  await ok(me.get(`/log-captures/${capture.id}`), 'capture');

  // Routines, places, timers.
  const routine = await ok(me.post('/routines', { name: 'Morning', steps: [] }), 'routine');
  await ok(me.post(`/routines/${routine.id}/completions`), 'completion');
  const place = await ok(me.post('/places', { name: 'Café Uno', lat: 52.52, lng: 13.405 }), 'place');
  await ok(me.post(`/places/${place.id}/visits`, { occurred_at: '2026-03-01T10:00:00Z' }), 'visit');
  const timer = await ok(me.post('/tracking-timers', { label: 'Reading' }), 'timer');
  await ok(me.post(`/tracking-timers/${timer.id}/stop`), 'timer stop');

  // A webhook: the pump publishes, fans out, claims and posts deliveries.
  const hook = await ok(me.post('/webhooks', { url: receiver.url('/hook'), description: 'mine' }), 'webhook');
  await ok(me.post(`/webhooks/${hook.id}/test`), 'ping');
  await ok(me.post('/events', { notes: 'after the hook', tags: ['hooked'] }), 'event for the hook');
  await receiver.waitFor(2, '/hook');
  await ok(me.get(`/webhooks/${hook.id}/deliveries`), 'deliveries');

  // A share link as a visitor opens it.
  const share = await ok(
    me.post('/shares', {
      label: 'For Dr. K',
      scope: { metrics: ['steps'], goals: ['steps'], tags: ['run'] },
      from: '2026-03-01',
      to: '2026-03-31',
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    }),
    'share',
  );
  await ok(api().get(`/s/${share.token}`).buffer(true), 'share page');

  // A reminder sent by the scheduler (its round on a clock of its own), and its Done link.
  const reminder = await ok(
    me.post('/reminders', {
      label: 'Journal',
      times: ['21:00'],
      target: { kind: 'tag', ref: 'journal' },
      condition: 'not_logged_today',
      channel: 'webhook',
      webhook_id: hook.id,
      starts_on: '2027-07-01',
      timezone: 'UTC',
    }),
    'reminder',
  );
  await server.call<typeof runDueReminders>('domain/reminders/scheduler.ts', 'runDueReminders', new Date('2027-07-01T21:00:00Z'));
  const [firing] = await ok<Json[]>(me.get(`/reminders/${reminder.id}/history`), 'history');
  const link = /\/r\/[\w-]{43}\/done$/.exec(firing?.actions?.done_url ?? '')?.[0];
  if (!link) throw new Error(`the reminder was not sent with its links: ${JSON.stringify(firing)}`);
  await ok(api().post(link).set('Accept', 'application/json'), 'done');

  // A track through the import pipeline (its job, its progress, its samples).
  const track = await imported(server, owner, fixtureBytes('tracks/track-1.0.gpx'), { format: 'gpx' });
  if (track.status !== 'succeeded') throw new Error(`import: ${JSON.stringify(track)}`);

  // A personal access token, used.
  const pat = await ok(api().post('/auth/tokens').set(owner.auth).send({ name: 'app', scope: 'read' }), 'token');
  await ok(
    api()
      .get(`/users/${owner.id}/events`)
      .set({ Authorization: `Bearer ${pat.token}` }),
    'read with the token',
  );

  // GraphQL, the changes feed, the export.
  await gqlData(server, owner, DASHBOARD, { end: today });
  const feed = await ok(me.get('/changes'), 'changes');
  await ok(me.get(`/changes?since=${encodeURIComponent(feed.next_cursor)}`), 'changes again');
  await ok(me.get('/export').buffer(true).parse(binary), 'export');

  // The background work no request waits for, each once (their jobs run them on schedules).
  await waitFor(
    async () => ((await ok(me.get(`/webhooks/${hook.id}/deliveries`), 'deliveries')).total >= 2 ? true : undefined),
    'deliveries',
  );
  await server.call<typeof runDueChecks>('domain/checks/checks.ts', 'runDueChecks');
  await server.call<typeof pruneTombstones>('domain/changes/retention.ts', 'pruneTombstones');
  await server.call<typeof pruneEmptyBatches>('domain/changes/retention.ts', 'pruneEmptyBatches');
  await server.call<typeof pruneOutbox>('domain/outbox/outbox.service.ts', 'pruneOutbox');
  await server.call<typeof expireSuggestions>('domain/suggestions/suggestions.service.ts', 'expireSuggestions');
  await server.call<typeof strandedCaptures>('domain/captures/processing.ts', 'strandedCaptures', new Date());
  await server.call<typeof queuedImports>('imports/imports.service.ts', 'queuedImports', new Date());
  await server.call<typeof runMissingByAutomations>('domain/metrics/automations.engine.ts', 'runMissingByAutomations', new Date());
  await server.call<typeof sourcesToSync>('domain/calendar/sync.ts', 'sourcesToSync');

  // Erasure: the second account's data, then the account.
  await ok(routesOf(visitor).post('/events', { notes: 'visitor was here' }), 'visitor event');
  await ok(routesOf(visitor).post('/erase-data', { password: visitor.password }), 'erase data');
  await ok(api().delete(`/users/${visitor.id}`).set(visitor.auth).send({ password: visitor.password }), 'delete account');
}

type Offence = { tables: string[]; origins: Set<string> };

/** An offending statement as the failure message shows it: its tables, its start and where in src/ it was sent from. */
const show = (text: string, { tables, origins }: Offence) =>
  `  [${tables.join(', ')}] ${text.length > 240 ? `${text.slice(0, 240)}…` : text}\n` +
  [...origins]
    .slice(0, 3)
    .map((o) => `      sent from ${o || '(no frame of src/ on the stack)'}`)
    .join('\n');

test('every statement on a user table names its user, or is a listed cross-user statement', async () => {
  await workload();
  capture.restore();

  const used = new Map<CrossUser, number>();
  const offending = new Map<string, Offence>();
  let checked = 0;
  for (const s of capture.sent) {
    const { scoped, tables } = judge(s.sql, userTables);
    if (tables.length === 0) continue;
    checked++;
    if (scoped) continue;
    const text = normalize(s.sql);
    const excused = CROSS_USER.find((x) => x.pattern.test(text));
    if (excused) used.set(excused, (used.get(excused) ?? 0) + 1);
    else {
      const offence = offending.get(text) ?? { tables, origins: new Set<string>() };
      offence.origins.add(s.origin);
      offending.set(text, offence);
    }
  }
  const unseen = CROSS_USER.filter((x) => !used.has(x)).map((x) => x.name);
  console.log(
    `${capture.sent.length} statements sent, ${checked} on user tables; across users, by entry: ` +
      [...used].map(([x, n]) => `${x.name} ${n}`).join(', ') +
      (unseen.length ? `; not sent by this workload: ${unseen.join(', ')}` : ''),
  );
  if (offending.size)
    throw new Error(
      `${offending.size} statement(s) touch a user table without naming the user. Add a user_id condition ` +
        `(or the users row's id), or list the statement in test/sharding/cross-user.ts and docs/operations.md with its reason:\n` +
        [...offending].map(([text, offence]) => show(text, offence)).join('\n'),
    );
});

/** `join <table> [[as] alias] on <condition>`, the condition up to the next clause or closing parenthesis. */
const JOIN =
  /\bjoin ([a-z_][a-z0-9_]*)(?: as)?(?: (?!on\b)[a-z_][a-z0-9_]*)? on (.*?)(?= (?:left |inner |cross )?join | where | group by | order by | limit | returning |\)|$)/g;

test('every join of a user table is on user_id too (statements of the workload above)', () => {
  // Citus routes a join to one node only when both sides are pinned to the user: a join on an id
  // alone would need the rows of another node (docs/operations.md, Sharding). The users table is
  // joined on its id, which is the user's.
  const offending = new Set<string>();
  for (const s of capture.sent) {
    const text = normalize(s.sql);
    for (const [join, table, condition] of text.matchAll(JOIN))
      if (table !== 'users' && userTables.has(table) && !/\buser_id\b/.test(condition))
        offending.add(`${join}   in: ${text.slice(0, 160)}`);
  }
  expect(capture.sent.length).toBeGreaterThan(0);
  expect([...offending]).toEqual([]);
});

test('docs/operations.md lists every cross-user entry by name', () => {
  const docs = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const missing = CROSS_USER.filter((x) => !docs.includes(`\`${x.name}\``)).map((x) => x.name);
  expect(missing).toEqual([]);
  expect(new Set(CROSS_USER.map((x) => x.name)).size).toBe(CROSS_USER.length);
});

test("every entity of a user table has user_id in its primary key, so the ORM's writes name the user", () => {
  // MikroORM updates and deletes a loaded entity by its primary key alone; with (id, user_id) it
  // sends both, and the statement routes to the user's shard (docs/operations.md, Sharding).
  const missing = entities
    .map((e) => e.meta)
    .filter((m) => m.tableName !== 'users' && userTables.has(m.tableName))
    .filter((m) => !Object.entries(m.properties).some(([name, p]) => name === 'userId' && p.primary))
    .map((m) => m.tableName);
  expect(userTables.size).toBeGreaterThan(0);
  expect(missing).toEqual([]);
});
