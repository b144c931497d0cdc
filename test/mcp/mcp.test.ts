import { waitFor } from '../captures/wait.ts';
import { startReceiver } from '../helpers/webhook-receiver.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { oauthToken } from '../helpers/oauth.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { ingestOk, reading } from '../metrics/support.ts';
import { fixtureBytes, imported } from '../imports/uploads.ts';
import { binary } from '../helpers/zip.ts';

let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f), { timezone: 'Europe/Berlin' });

/** The tools /mcp offers; a new tool is added here on purpose, and must pass the read-only walk below. */
const TOOL_NAMES = [
  'get_day_summary',
  'get_days',
  'get_goals',
  'get_goal_history',
  'get_chart',
  'get_insight_graph',
  'get_episodes',
  'search_events',
  'get_event',
  'list_categories',
  'search_food',
  'list_places',
  'list_place_visits',
  'get_location_history',
  'list_suggestions',
  'list_calendar_events',
  'list_narratives',
  'get_narrative_digest',
  'list_changes',
  'list_webhooks',
  'list_webhook_deliveries',
  'list_push_subscriptions',
  'list_experiments',
  'get_experiment',
  'list_shares',
  'list_reminders',
  'get_reminder_history',
  'list_imports',
  'get_import',
];

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

async function pat(user: TestUser, scope: 'read' | 'write'): Promise<string> {
  const res = await server
    .api()
    .post('/auth/tokens')
    .set(user.auth)
    .send({ name: `mcp ${scope}`, scope });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

/** An MCP client from the SDK, as an agent would run it, speaking to the test server with a bearer token. */
async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: bearer(token) } });
  await client.connect(transport);
  return client;
}

const clients: Client[] = [];
async function client(token: string): Promise<Client> {
  const c = await connect(token);
  clients.push(c);
  return c;
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

async function call(c: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await c.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful call's JSON. */
async function json(c: Client, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const res = await call(c, name, args);
  if (res.isError) throw new Error(`${name} failed: ${JSON.stringify(res.content)}`);
  const [first] = res.content as { type: string; text: string }[];
  expect(first.type).toBe('text');
  return JSON.parse(first.text);
}

/** A failed call's `detail`. */
async function failure(c: Client, name: string, args: Record<string, unknown>): Promise<unknown> {
  const res = await call(c, name, args);
  expect(res.isError).toBe(true);
  const [first] = res.content as { type: string; text: string }[];
  return (JSON.parse(first.text) as { detail: unknown }).detail;
}

const rest = async (path: string) => {
  const res = await server.api().get(`/users/${owner.id}${path}`).set(owner.auth);
  expect(res.status).toBe(200);
  return res.body;
};

let readToken: string;
let eventId: string;
let placeId: string;
let foreignEventId: string;
let webhookId: string;
let experimentId: string;
let importId: string;
let reminderId: string;

beforeAll(async () => {
  readToken = await pat(owner, 'read');
  const api = () => server.api();
  // Disabled: it only needs to exist for the read tools.
  webhookId = (await api().post(`/users/${owner.id}/webhooks`).set(owner.auth).send({ url: 'https://hooks.example.com/x', enabled: false }))
    .body.id as string;
  experimentId = (
    await api().post(`/users/${owner.id}/experiments`).set(owner.auth).send({
      hypothesis: 'Walks lift my mood',
      intervention: 'tag:walk',
      outcome: 'mood',
      design: 'randomized',
      start: '2026-11-02',
      block_days: 2,
      seed: 3,
    })
  ).body.id as string;
  importId = (await imported(server, owner, fixtureBytes('tracks/track-1.0.gpx'))).id as string;
  reminderId = (
    await api()
      .post(`/users/${owner.id}/reminders`)
      .set(owner.auth)
      .send({ label: 'Stretch', times: ['07:00'], channel: 'web_push' })
  ).body.id as string;
  const day = today();
  await ingestOk(server, owner, [reading({ metric_type_slug: 'steps', value: 6500, recorded_at: `${day}T10:00:00+01:00` })]);
  expect((await api().put(`/users/${owner.id}/goals/steps`).set(owner.auth).send({ target: 10000, direction: 'at_least' })).status).toBe(
    200,
  );
  const event = await api()
    .post(`/users/${owner.id}/events`)
    .set(owner.auth)
    .send({ tags: ['coffee'], notes: 'flat white' });
  expect(event.status).toBe(201);
  eventId = event.body.id;
  expect(
    (
      await api()
        .post(`/users/${owner.id}/events`)
        .set(owner.auth)
        .send({ tags: ['walk'] })
    ).status,
  ).toBe(201);
  const place = await api().post(`/users/${owner.id}/places`).set(owner.auth).send({ name: 'Café Uno', lat: 52.52, lng: 13.405 });
  expect(place.status).toBe(201);
  placeId = place.body.id;
  expect((await api().post(`/users/${owner.id}/places/${placeId}/visits`).set(owner.auth).send({})).status).toBe(201);
  expect(
    (await api().post(`/users/${owner.id}/food-items`).set(owner.auth).send({ name: 'greek yogurt', brand: 'FAGE', calories: 150 })).status,
  ).toBe(201);
  foreignEventId = (
    await api()
      .post(`/users/${other.id}/events`)
      .set(other.auth)
      .send({ tags: ['secret'] })
  ).body.id;
});

describe('tools', () => {
  test('a client with a read token lists every tool, each with a title, a description and an object input schema, all read-only', async () => {
    const c = await client(readToken);
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const t of tools) {
      expect(t.title).toEqual(expect.any(String));
      expect(t.description!.length).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe('object');
      expect(t.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    const graph = tools.find((t) => t.name === 'get_insight_graph')!;
    expect(graph.inputSchema.required).toEqual(['metric']);
    expect(Object.keys(graph.inputSchema.properties!)).toEqual(['metric', 'window_days', 'end_date', 'mode']);
    // Bounds as the service enforces them, not zod's safe-integer range.
    expect(graph.inputSchema.properties!.window_days).toMatchObject({ type: 'integer', minimum: 14, maximum: 365 });
    const search = tools.find((t) => t.name === 'search_events')!;
    expect(search.inputSchema.properties!.offset).toEqual({ type: 'integer', minimum: 0, description: expect.any(String) });
    expect(c.getInstructions()).toMatch(/read-only/i);
  });

  test('list_narratives, get_narrative_digest and list_calendar_events equal REST', async () => {
    const posted = await server
      .api()
      .post(`/users/${owner.id}/narratives`)
      .set(owner.auth)
      .send({ period_start: '2026-11-09', narrative_text: 'A steady week.' });
    expect(posted.status).toBe(201);
    const c = await client(readToken);
    const narratives = await json(c, 'list_narratives', { limit: 5 });
    expect(narratives).toEqual(await rest('/narratives?limit=5'));
    expect(narratives).toMatchObject([{ id: posted.body.id, period_start: '2026-11-09', narrative_text: 'A steady week.' }]);
    expect(await json(c, 'get_narrative_digest', { week: '2026-11-16' })).toEqual(await rest('/narratives/digest?week=2026-11-16'));
    expect(await json(c, 'list_calendar_events', { include_cancelled: true })).toEqual(
      await rest('/calendar/events?include_cancelled=true'),
    );
    const notMonday = await c.callTool({ name: 'get_narrative_digest', arguments: { week: '2026-11-17' } });
    expect(notMonday.isError).toBe(true);
    expect(JSON.stringify(notMonday.content)).toContain('week');
  });

  test('list_changes equals the REST feed, and its next_cursor reads on from there', async () => {
    const c = await client(readToken);
    const first = (await json(c, 'list_changes', { limit: 3 })) as { next_cursor: string; changes: unknown[] };
    expect(first).toEqual(await rest('/changes?limit=3'));
    expect(first.changes).toHaveLength(3);
    expect(await json(c, 'list_changes', { since: first.next_cursor, types: ['event'] })).toEqual(
      await rest(`/changes?since=${first.next_cursor}&types=event`),
    );
    const foreign = (await server.api().get(`/users/${other.id}/changes`).set(other.auth)).body.next_cursor as string;
    expect(JSON.stringify((await call(c, 'list_changes', { since: foreign })).content)).toContain('another account');
  });

  test("list_imports and get_import equal the REST reads; another account's import is not found", async () => {
    const c = await client(readToken);
    expect(await json(c, 'list_imports')).toEqual(await rest('/imports'));
    expect(await json(c, 'get_import', { import_id: importId })).toEqual(await rest(`/imports/${importId}`));
    const foreign = await imported(server, other, fixtureBytes('tracks/track-1.0.gpx'));
    const refused = await call(c, 'get_import', { import_id: foreign.id });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('not found');
  });

  test("list_webhooks and list_webhook_deliveries equal the REST reads, without the secret; another account's webhook is not found", async () => {
    const receiver = await startReceiver();
    try {
      const created = await server
        .api()
        .post(`/users/${owner.id}/webhooks`)
        .set(owner.auth)
        // Only for goal.met, which nothing here causes: an event this file caused just before (a narrative posted) may
        // still be unpublished when the webhook is created, and would be delivered to it beside the ping.
        .send({ url: receiver.url('/mcp'), events: ['goal.met'] });
      const ping = await server.api().post(`/users/${owner.id}/webhooks/${created.body.id}/test`).set(owner.auth);
      expect(ping.status).toBe(202);
      await receiver.waitFor(1, '/mcp');
      await waitFor(
        async () => ((await rest(`/webhooks/${created.body.id}/deliveries`)).items[0].status === 'succeeded' ? true : undefined),
        'the ping',
      );
      const c = await client(readToken);
      const hooks = await json(c, 'list_webhooks');
      expect(hooks).toEqual(await rest('/webhooks'));
      expect(JSON.stringify(hooks)).not.toContain(created.body.secret);
      const deliveries = await json(c, 'list_webhook_deliveries', { webhook_id: created.body.id });
      expect(deliveries).toEqual(await rest(`/webhooks/${created.body.id}/deliveries`));
      expect((deliveries as { items: { event_type: string }[] }).items.map((d) => d.event_type)).toEqual(['ping']);
      const foreign = await server
        .api()
        .post(`/users/${other.id}/webhooks`)
        .set(other.auth)
        .send({ url: receiver.url('/other'), enabled: false });
      const refused = await call(c, 'list_webhook_deliveries', { webhook_id: foreign.body.id });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('not found');
    } finally {
      await receiver.stop();
    }
  });

  test('get_goal_history equals the REST history; a metric without a goal is not found', async () => {
    const c = await client(readToken);
    expect(await json(c, 'get_goal_history', { slug: 'steps', from: '2026-11-01', to: '2026-11-20' })).toEqual(
      await rest('/goals/steps/history?from=2026-11-01&to=2026-11-20'),
    );
    const missing = await call(c, 'get_goal_history', { slug: 'protein' });
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain('not found');
  });

  test('get_chart: the REST chart, its description in words and its URL; an unknown metric is not found', async () => {
    const c = await client(readToken);
    const chart = (await json(c, 'get_chart', { chart: 'metric_line', subject: 'steps', from: '2026-11-01', to: '2026-11-20' })) as Record<
      string,
      string
    >;
    expect(chart.url).toBe(`/users/${owner.id}/charts/metrics/steps?from=2026-11-01&to=2026-11-20`);
    const drawn = await server.api().get(chart.url).set(owner.auth).buffer(true).parse(binary);
    expect(chart.svg).toBe((drawn.body as Buffer).toString('utf8'));
    expect(chart.description).toMatch(/^Steps: \d+ days with data, \d+ days without data/);
    expect(chart.svg).toContain(`<desc id="d">${chart.description}</desc>`);
    const missing = await call(c, 'get_chart', { chart: 'metric_heatmap', subject: 'happiness' });
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain('not found');
  });

  test("get_day_summary defaults to the user's today and equals the REST summary", async () => {
    const c = await client(readToken);
    const summary = await json(c, 'get_day_summary');
    expect(summary).toEqual(await rest(`/days/${today()}`));
    expect(summary).toMatchObject({ date: today(), steps: 6500 });
    expect(await json(c, 'get_day_summary', { date: '2026-01-05' })).toEqual(await rest('/days/2026-01-05'));
  });

  test('get_days, search_events, get_event, list_places, list_place_visits, get_location_history, search_food, list_suggestions, list_categories equal REST', async () => {
    const c = await client(readToken);
    // At most 62 days per call (limits.test.ts): the first 62 days of the year.
    const [from, to] = ['2026-01-01', '2026-03-03'];
    expect(await json(c, 'get_days', { from, to })).toEqual(await rest(`/days?from=${from}&to=${to}`));
    const events = await json(c, 'search_events', {});
    expect(events).toEqual(await rest('/events'));
    expect(events).toHaveLength(2);
    expect(await json(c, 'search_events', { tag: '#Coffee' })).toEqual(await rest('/events?tag=coffee'));
    expect(await json(c, 'search_events', { tag: 'coffee', limit: 1 })).toMatchObject([{ id: eventId, notes: 'flat white' }]);
    expect(await json(c, 'get_event', { event_id: eventId })).toEqual(await rest(`/events/${eventId}`));
    expect(await json(c, 'list_places', {})).toEqual(await rest('/places'));
    expect(await json(c, 'list_place_visits', { place_id: placeId })).toEqual(await rest(`/places/${placeId}/visits`));
    const history = await json(c, 'get_location_history', { from, limit: 10 });
    expect(history).toEqual(await rest(`/location-history?from=${from}&limit=10`));
    expect(history).toHaveLength(1);
    const food = await json(c, 'search_food', { q: 'yog' });
    expect(food).toEqual(await rest('/food-items?q=yog'));
    expect(food).toMatchObject([{ name: 'greek yogurt' }]);
    expect(await json(c, 'list_suggestions', { status: 'pending' })).toEqual(await rest('/suggestions?status=pending'));
    expect(await json(c, 'list_categories')).toEqual(await rest('/categories'));
  });

  test("get_goals is REST's goals with today's progress (as GraphQL Goal.today)", async () => {
    const c = await client(readToken);
    const goals = (await json(c, 'get_goals')) as Record<string, unknown>[];
    const restGoals = (await rest('/goals')) as Record<string, unknown>[];
    expect(goals.map(({ today: _, ...g }) => g)).toEqual(restGoals);
    const day = await rest(`/days/${today()}`);
    expect(goals.find((g) => g.slug === 'steps')!.today).toEqual(day.goals.find((g: { slug: string }) => g.slug === 'steps'));
    expect(goals.find((g) => g.slug === 'steps')!.today).toMatchObject({ value: 6500, target: 10000, met: false, progress: 0.65 });
    expect(goals.find((g) => g.slug === 'caffeine')!.today).toBeNull();
  });

  test("list_experiments and get_experiment equal the REST reads; another account's experiment is not found", async () => {
    const c = await client(readToken);
    const list = await json(c, 'list_experiments');
    expect(list).toEqual(await rest('/experiments'));
    expect(list).toMatchObject([{ id: experimentId, intervention: 'tag:walk', seed: 3 }]);
    expect(await json(c, 'get_experiment', { experiment_id: experimentId })).toEqual(await rest(`/experiments/${experimentId}`));
    const foreign = await server
      .api()
      .post(`/users/${other.id}/experiments`)
      .set(other.auth)
      .send({ hypothesis: 'h', intervention: 'tag:x', outcome: 'mood', design: 'ab', start: '2026-11-02' });
    expect(await failure(c, 'get_experiment', { experiment_id: foreign.body.id })).toBe('Experiment not found');
    expect(await failure(c, 'get_experiment', { experiment_id: 'nope' })).toEqual([expect.objectContaining({ loc: ['experiment_id'] })]);
  });

  test('list_shares equals the REST list: views and status, never a token', async () => {
    const made = await server
      .api()
      .post(`/users/${owner.id}/shares`)
      .set(owner.auth)
      .send({
        label: 'For Dr. K',
        scope: { metrics: ['steps'] },
        last_days: 30,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      });
    expect(made.status).toBe(201);
    const list = await json(await client(readToken), 'list_shares');
    expect(list).toEqual(await rest('/shares'));
    expect(list).toMatchObject([{ id: made.body.id, label: 'For Dr. K', status: 'active', views: 0 }]);
    expect(JSON.stringify(list)).not.toContain(made.body.token);
  });

  test("list_reminders and get_reminder_history equal REST; another user's reminder is not found", async () => {
    const made = await server
      .api()
      .post(`/users/${owner.id}/reminders`)
      .set(owner.auth)
      .send({
        label: 'Log your mood',
        times: ['21:00'],
        target: { kind: 'metric', ref: 'mood' },
        condition: 'not_logged_today',
        channel: 'web_push',
      });
    expect(made.status).toBe(201);
    const c = await client(readToken);
    const list = await json(c, 'list_reminders');
    expect(list).toEqual(await rest('/reminders'));
    expect(list).toContainEqual(expect.objectContaining({ id: made.body.id, label: 'Log your mood', condition: 'not_logged_today' }));
    expect(await json(c, 'get_reminder_history', { reminder_id: made.body.id })).toEqual(await rest(`/reminders/${made.body.id}/history`));
    const foreign = await server
      .api()
      .post(`/users/${other.id}/reminders`)
      .set(other.auth)
      .send({ label: 'Theirs', times: ['08:00'], channel: 'web_push' });
    expect(await failure(c, 'get_reminder_history', { reminder_id: foreign.body.id })).toBe('Reminder not found');
    expect(await failure(c, 'get_reminder_history', { reminder_id: made.body.id, limit: 500 })).toEqual([
      expect.objectContaining({ loc: ['limit'] }),
    ]);
  });

  test('insight graph and episodes equal REST', async () => {
    const c = await client(readToken);
    const args = { metric: 'steps', window_days: 30, end_date: today(), mode: 'significant' };
    expect(await json(c, 'get_insight_graph', args)).toEqual(
      await rest(`/insights/graph?metric=steps&window_days=30&end_date=${today()}&mode=significant`),
    );
    expect(await json(c, 'get_episodes', { window_days: 30 })).toEqual(await rest('/insights/episodes?window_days=30'));
  });
});

describe('errors are tool results, not protocol failures', () => {
  test("another user's or an unknown id: the domain's not found", async () => {
    const c = await client(readToken);
    expect(await failure(c, 'get_event', { event_id: foreignEventId })).toBe('Event not found');
    expect(await failure(c, 'get_event', { event_id: '00000000-0000-4000-8000-000000000000' })).toBe('Event not found');
    expect(await failure(c, 'list_place_visits', { place_id: foreignEventId })).toBe('Place not found');
    // Filtering by another user's category finds nothing of theirs.
    const foreign = await server.api().post(`/users/${other.id}/categories`).set(other.auth).send({ name: 'Secrets' });
    expect(foreign.status).toBe(201);
    expect((await server.api().post(`/users/${other.id}/events`).set(other.auth).send({ category_id: foreign.body.id })).status).toBe(201);
    expect(await json(c, 'search_events', { category_id: foreign.body.id })).toEqual([]);
  });

  test("a service's validation issues come back with their loc", async () => {
    const c = await client(readToken);
    const locs = async (name: string, args: Record<string, unknown>) =>
      ((await failure(c, name, args)) as { loc: unknown[]; msg: string; type: string }[]).map((i) => {
        expect(i.msg).toEqual(expect.any(String));
        return i.loc;
      });
    expect(await locs('get_event', { event_id: 'nope' })).toEqual([['event_id']]);
    expect(await locs('get_days', { from: '2026-02-01', to: '2026-01-01' })).toEqual([['to']]);
    expect(await locs('get_days', { from: '2024-01-01', to: '2026-01-01' })).toEqual([['to']]);
    expect(await locs('get_day_summary', { date: '2026-02-30' })).toEqual([['date']]);
    expect(await locs('get_insight_graph', { metric: 'steps', window_days: 5 })).toEqual([['window_days']]);
    expect(await locs('search_events', { from: 'yesterday', limit: 501 })).toEqual(expect.arrayContaining([['from'], ['limit']]));
  });

  test('an argument of the wrong type is refused by the input schema, as a tool error', async () => {
    const c = await client(readToken);
    const res = await call(c, 'search_events', { limit: 'ten' });
    expect(res.isError).toBe(true);
    expect(JSON.stringify(res.content)).toMatch(/limit/);
  });

  test('an unknown metric for the insight graph is a tool error', async () => {
    const c = await client(readToken);
    const res = await call(c, 'get_insight_graph', { metric: 'no_such_metric' });
    expect(res.isError).toBe(true);
  });
});

describe('authentication', () => {
  const metadataUrl = () => `${server.url}/.well-known/oauth-protected-resource/mcp`;
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  };
  const post = (headers: Record<string, string> = {}) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(initialize),
    });

  test('without a token: 401 naming the protected resource metadata', async () => {
    const res = await post();
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl()}"`);
    expect(await res.json()).toEqual({ detail: 'Not authenticated' });
    // The SDK's client without a token gets no further than that 401.
    const c = new Client({ name: 'test-agent', version: '1.0.0' });
    await expect(c.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))).rejects.toThrow();
  });

  test('a bad or revoked token: 401 with invalid_token', async () => {
    for (const token of ['ptk_not_a_real_token_at_all_0000000000000', 'garbage']) {
      const res = await post(bearer(token));
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(
        new RegExp(`^Bearer resource_metadata="${metadataUrl()}", error="invalid_token", error_description="[^"]+"$`),
      );
      expect(((await res.json()) as { detail: unknown }).detail).toEqual(expect.any(String));
    }
    const revoked = await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'gone' });
    expect((await server.api().delete(`/auth/tokens/${revoked.body.id}`).set(owner.auth)).status).toBe(204);
    expect((await post(bearer(revoked.body.token))).status).toBe(401);
    const res = await post({ Authorization: 'Basic abc' });
    expect(res.status).toBe(401);
  });

  test('a token is answered for its own user only: the other user sees their data', async () => {
    const c = await client(await pat(other, 'read'));
    const events = (await json(c, 'search_events', {})) as { id: string }[];
    expect(events.map((e) => e.id)).toContain(foreignEventId);
    expect(events.map((e) => e.id)).not.toContain(eventId);
    expect(await failure(c, 'get_event', { event_id: eventId })).toBe('Event not found');
  });

  test('a write token and a session token read too', async () => {
    for (const token of [await pat(owner, 'write'), owner.token]) {
      const c = await client(token);
      expect(await json(c, 'get_event', { event_id: eventId })).toEqual(await rest(`/events/${eventId}`));
    }
  });

  test('an OAuth token issued for /mcp lists the tools and calls them; one issued for the API is refused here', async () => {
    const forMcp = await oauthToken(server, owner, { resource: `${server.url}/mcp` });
    const c = await client(forMcp.accessToken);
    expect((await c.listTools()).tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    expect(await json(c, 'get_event', { event_id: eventId })).toEqual(await rest(`/events/${eventId}`));
    expect(await json(c, 'list_places', {})).toEqual(await rest('/places'));

    const forApi = await oauthToken(server, owner);
    const refused = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...bearer(forApi.accessToken), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('transport', () => {
  test('GET and DELETE are 405: stateless, no SSE stream and no session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${server.url}/mcp`, { method, headers: bearer(readToken) });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(((await res.json()) as { detail: unknown }).detail).toEqual(expect.any(String));
    }
  });

  test('a body over 1 MiB is refused with 413, and a non-JSON body with 415', async () => {
    const big = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...bearer(readToken), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1024 * 1024) } }),
    });
    expect(big.status).toBe(413);
    const text = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...bearer(readToken), 'Content-Type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(415);
  });

  test('no session id is handed out: every POST stands alone', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...bearer(readToken), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const body = (await res.json()) as { id: number; result: { tools: unknown[] } };
    expect(body.id).toBe(7);
    expect(body.result.tools).toHaveLength(TOOL_NAMES.length);
  });
});

describe('read-only guard', () => {
  /** Arguments that make each tool do its work; a new tool needs an entry, so it gets walked. */
  const ARGS: Record<string, () => Record<string, unknown>> = {
    get_day_summary: () => ({}),
    get_days: () => ({ from: '2026-01-01', to: '2026-01-31' }),
    get_goals: () => ({}),
    get_goal_history: () => ({ slug: 'steps' }),
    get_chart: () => ({ chart: 'metric_line', subject: 'steps' }),
    get_insight_graph: () => ({ metric: 'steps' }),
    get_episodes: () => ({}),
    search_events: () => ({}),
    get_event: () => ({ event_id: eventId }),
    list_categories: () => ({}),
    search_food: () => ({}),
    list_places: () => ({}),
    list_place_visits: () => ({ place_id: placeId }),
    get_location_history: () => ({}),
    list_suggestions: () => ({}),
    list_calendar_events: () => ({ include_cancelled: true }),
    list_narratives: () => ({}),
    get_narrative_digest: () => ({ week: '2026-11-16' }),
    list_changes: () => ({ limit: 5 }),
    list_webhooks: () => ({}),
    list_webhook_deliveries: () => ({ webhook_id: webhookId }),
    list_push_subscriptions: () => ({}),
    list_experiments: () => ({}),
    get_experiment: () => ({ experiment_id: experimentId }),
    list_shares: () => ({}),
    list_reminders: () => ({}),
    get_reminder_history: () => ({ reminder_id: reminderId }),
    list_imports: () => ({}),
    get_import: () => ({ import_id: importId }),
  };

  test('every tool answers a read-only token (no Forbidden, no error) and writes nothing', async () => {
    expect(Object.keys(ARGS).sort()).toEqual([...TOOL_NAMES].sort());
    const before = JSON.stringify(
      await Promise.all(['/events', '/places', '/goals', '/food-items', '/suggestions?status=pending'].map(rest)),
    );
    const c = await client(readToken);
    for (const name of TOOL_NAMES) {
      const res = await call(c, name, ARGS[name]());
      if (res.isError) throw new Error(`${name} with a read-only token: ${JSON.stringify(res.content)}`);
    }
    const after = JSON.stringify(
      await Promise.all(['/events', '/places', '/goals', '/food-items', '/suggestions?status=pending'].map(rest)),
    );
    expect(after).toEqual(before);
  });

  test('an internal error is masked', async () => {
    const { toolError } = await import('../../src/mcp/server.ts');
    const res = toolError(new Error('relation "secret_table" does not exist'), undefined, 'x');
    expect(res).toEqual({ isError: true, content: [{ type: 'text', text: JSON.stringify({ detail: 'Internal server error' }) }] });
  });
});

// A user made here so a fresh signUp works alongside the fixture users.
test('a fresh user without data gets empty answers, not errors', async () => {
  const fresh = await signUp(server);
  const c = await client(fresh.token);
  expect(await json(c, 'search_events', {})).toEqual([]);
  expect(await json(c, 'list_places', {})).toEqual([]);
});
