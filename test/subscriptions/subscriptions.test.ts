import WebSocket from 'ws';
import { configureSubscriptions } from '../../src/graphql/subscriptions.ts';
import { waitParsed } from '../captures/flow.ts';
import { waitFor } from '../captures/wait.ts';
import { gql, readOnly } from '../helpers/graphql.ts';
import { oauthToken } from '../helpers/oauth.ts';
import { withOwnServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { bearer, connect, EVENTS, INBOX, quiet, settled, subscribe, type EventItem, type InboxItem, type Live } from './live.ts';

/**
 * GraphQL subscriptions over WebSocket at /graphql (src/graphql/subscriptions.ts): what a write
 * through REST pushes, to whom, with which credentials, and the limits. The server is this file's
 * own: it authenticates each connection again every 500 ms (5 s in production) and reads published
 * events every 250 ms (testConfig's outboundPollMs).
 */
configureSubscriptions({ reauthenticateMs: 500 });

let server: TestServer;
let u: TestUser;
let other: TestUser;
withOwnServer((f) => ({ server, owner: u, other } = f));

const open: Live[] = [];
/** A connection closed after the test. */
function live(params: Record<string, unknown> | null): Live {
  const l = connect(server.url, params);
  open.push(l);
  return l;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.dispose()));
});

async function createEvent(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await server
    .api()
    .post(`/users/${user.id}/events`)
    .set(user.auth)
    .send({ notes: 'live', ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

test('a capture posted through REST: inboxChanged sends the count now and then the new one; log_capture_parsed sends the capture as GET shows it', async () => {
  const user = await signUp(server);
  const l = live(bearer(user.token));
  const parsed = subscribe<EventItem>(l, EVENTS, { types: ['log_capture_parsed'] });
  const inbox = subscribe<InboxItem>(l, INBOX);
  expect((await inbox.next()).inboxChanged.pendingCount).toBe(0);

  const posted = await server.api().post(`/users/${user.id}/log-captures`).set(user.auth).send({ text: 'slept 7h20\n2 coffees' });
  expect(posted.status).toBe(201);
  const capture = await waitParsed(server, user, posted.body.id);
  expect(capture.status).toBe('parsed');

  const { events } = await parsed.next();
  expect(events.type).toBe('log_capture_parsed');
  expect(events.payload).toEqual(capture);
  expect(new Date(events.occurredAt).toISOString()).toBe(events.occurredAt);

  const list = await server.api().get(`/users/${user.id}/suggestions`).query({ status: 'pending' }).set(user.auth);
  expect(list.body.pending_count).toBeGreaterThan(0);
  const changed = await inbox.next((i) => i.inboxChanged.pendingCount > 0);
  expect(changed.inboxChanged.pendingCount).toBe(list.body.pending_count);
  // Only the type asked for: the suggestions' own events (suggestion.created) did not come here.
  expect(parsed.items.map((i) => i.events.type)).toEqual(['log_capture_parsed']);
  expect(parsed.errors).toEqual([]);
});

test('event_created sends the event as GET /users/{id}/events/{id} shows it; another user subscribed gets none of it', async () => {
  const mine = live(bearer(u.token));
  const theirs = live(bearer(other.token));
  const created = subscribe<EventItem>(mine, EVENTS, { types: ['event_created'] });
  const everything = subscribe<EventItem>(theirs, EVENTS);
  await Promise.all([settled(mine), settled(theirs)]);

  const event = await createEvent(u, { tags: ['coffee'], scalar_value: 2 });
  const { events } = await created.next((i) => i.events.payload.id === event.id);
  const read = await server.api().get(`/users/${u.id}/events/${event.id}`).set(u.auth);
  expect(events.type).toBe('event_created');
  expect(events.payload).toEqual(read.body);

  // The other user's own event arrives, and it is the only one: the owner's was published before it.
  const own = await createEvent(other);
  await everything.next((i) => i.events.payload.id === own.id);
  expect(everything.items.map((i) => i.events.payload.id)).toEqual([own.id]);
});

test('events without types: every public type (never inbox.changed or ping); ping in types is refused', async () => {
  const l = live(bearer(u.token));
  const all = subscribe<EventItem>(l, EVENTS);
  await settled(l);
  const hook = await server.api().post(`/users/${u.id}/webhooks`).set(u.auth).send({ url: 'http://127.0.0.1:9/hook' });
  expect(hook.status).toBe(201);
  expect((await server.api().post(`/users/${u.id}/webhooks/${hook.body.id}/test`).set(u.auth)).status).toBeLessThan(300);
  const event = await createEvent(u);
  await all.next((i) => i.events.payload.id === event.id);
  expect(all.items.map((i) => i.events.type)).toEqual(['event_created']);

  const ping = subscribe(l, EVENTS, { types: ['ping'] });
  const error = await ping.error();
  expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  expect(error.extensions?.detail).toEqual([expect.objectContaining({ loc: ['types', 0] })]);
});

test('a read-only personal access token and an OAuth token (read-only) may subscribe', async () => {
  const pat = (await readOnly(server, u)).auth.Authorization.slice('Bearer '.length);
  const oauth = await oauthToken(server, u);
  const byPat = live(bearer(pat));
  const byOAuth = live({ token: oauth.accessToken });
  const a = subscribe<EventItem>(byPat, EVENTS, { types: ['event_created'] });
  const b = subscribe<EventItem>(byOAuth, EVENTS, { types: ['event_created'] });
  await Promise.all([settled(byPat), settled(byOAuth)]);
  const event = await createEvent(u);
  await a.next((i) => i.events.payload.id === event.id);
  await b.next((i) => i.events.payload.id === event.id);
});

test('no token, a bad one, another scheme or an OAuth token for /mcp: closed with 4403 Forbidden', async () => {
  const mcp = await oauthToken(server, u, { resource: `${server.url}/mcp` });
  for (const params of [null, {}, bearer('nope'), { authorization: `Basic ${u.token}` }, { token: 42 }, bearer(mcp.accessToken)]) {
    const l = live(params);
    expect(await l.closed).toEqual({ code: 4403, reason: 'Forbidden' });
  }
});

test('a revoked token: its connection is closed with 4403 within seconds, and its subscriptions end', async () => {
  const made = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'revoked soon', scope: 'read' });
  expect(made.status).toBe(201);
  const l = live(bearer(made.body.token));
  const sub = subscribe<EventItem>(l, EVENTS);
  await settled(l);
  const started = Date.now();
  expect((await server.api().delete(`/auth/tokens/${made.body.id}`).set(u.auth)).status).toBe(204);
  expect(await l.closed).toEqual({ code: 4403, reason: 'Forbidden' });
  expect(Date.now() - started).toBeLessThan(3000);
  await waitFor(async () => sub.ended() || undefined, 'the subscription to end', 2000);

  // A session signed out is the same.
  const session = await signUp(server);
  const s = live(bearer(session.token));
  await s.connected;
  expect((await server.api().post('/auth/logout').set(session.auth)).status).toBe(204);
  expect((await s.closed).code).toBe(4403);
});

test('the limits of POST /graphql refuse a subscription before it runs: depth, aliases, tokens, cost', async () => {
  const l = live(bearer(u.token));
  // Under Subscription the schema is two levels deep at most, so only a query that is invalid anyway can be deeper:
  // the depth rule still runs (it reports first, before the unknown fields).
  const nested = (n: number): string => (n === 0 ? 'pendingCount' : `inboxChanged { ${nested(n - 1)} }`);
  const deep = subscribe(l, `subscription { ${nested(11)} }`);
  expect((await deep.error()).extensions?.code).toBe('QUERY_TOO_DEEP');

  const aliases = subscribe(l, `subscription { events { ${Array.from({ length: 31 }, (_, i) => `a${i}: id`).join(' ')} } }`);
  expect((await aliases.error()).extensions?.code).toBe('QUERY_TOO_MANY_ALIASES');

  const large = subscribe(l, `subscription { events { ${'id '.repeat(2100)} } }`);
  expect((await large.error()).extensions?.code).toBe('QUERY_TOO_LARGE');

  // Five fragments of ten spreads each: 10^5 fields once spread, in about 300 tokens.
  const fragments = ['id', 'A', 'B', 'C', 'D']
    .map(
      (inner, i) =>
        `fragment ${'ABCDE'[i]} on OutboundEvent { ${Array(10)
          .fill(inner === 'id' ? 'id' : `...${inner}`)
          .join(' ')} }`,
    )
    .join('\n');
  const costly = subscribe(l, `subscription { events { ...E } }\n${fragments}`);
  const error = await costly.error();
  expect(error.extensions?.code).toBe('QUERY_TOO_COSTLY');
  expect(error.extensions?.cost).toBeGreaterThan(50_000);
  expect(error.extensions).not.toHaveProperty('http');

  const typo = subscribe(l, 'subscription { events { nope } }');
  expect((await typo.error()).extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  // Each refusal ended one operation: the connection still serves subscriptions.
  await subscribe<InboxItem>(l, INBOX).next();
});

test('queries and mutations are refused over the WebSocket (they are served by POST /graphql); a subscription over POST is BAD_REQUEST', async () => {
  const l = live(bearer(u.token));
  const query = subscribe(l, '{ me { id } }');
  const error = await query.error();
  expect(error.extensions?.code).toBe('BAD_REQUEST');
  expect(error.message).toMatch(/POST \/graphql/);
  const mutation = subscribe(l, 'mutation { createEvent(input: { notes: "x" }) { id } }');
  expect((await mutation.error()).extensions?.code).toBe('BAD_REQUEST');

  const res = await gql(server, u, INBOX);
  expect(res.status).toBe(200);
  expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  expect(res.body.data).toBeNull();
});

test('at most 10 subscriptions per user at once: the 11th is TOO_MANY_SUBSCRIPTIONS; ending one makes room', async () => {
  const user = await signUp(server);
  const a = live(bearer(user.token));
  const b = live(bearer(user.token));
  const subs = Array.from({ length: 10 }, (_, i) => subscribe<InboxItem>(i % 2 ? a : b, INBOX));
  await Promise.all(subs.map((s) => s.next()));
  const eleventh = subscribe(a, EVENTS);
  const error = await eleventh.error();
  expect(error.extensions?.code).toBe('TOO_MANY_SUBSCRIPTIONS');
  expect(eleventh.ended()).toBe(true);

  // Another user is not affected, and one unsubscribe frees a place.
  const theirs = subscribe<InboxItem>(live(bearer(other.token)), INBOX);
  await theirs.next();
  subs[0].unsubscribe();
  const again = subscribe<InboxItem>(a, INBOX);
  await waitFor(async () => again.items[0] ?? again.errors[0], 'the subscription to answer');
  expect(again.errors).toEqual([]);
  expect(again.items).toEqual([{ inboxChanged: { pendingCount: 0 } }]);
});

test('at most 10 connections per user: the 11th is closed with 1013 Try Again Later, other users still connect', async () => {
  const user = await signUp(server);
  const ten = Array.from({ length: 10 }, () => live(bearer(user.token)));
  await Promise.all(ten.map((l) => l.connected));
  const eleventh = live(bearer(user.token));
  expect((await eleventh.closed).code).toBe(1013);
  await live(bearer(other.token)).connected;
  await ten[0].dispose();
  await quiet(200);
  await live(bearer(user.token)).connected;
});

test('only /graphql upgrades: another path is cut, a client without the graphql-transport-ws protocol is closed with 4406', async () => {
  const wsUrl = server.url.replace(/^http/, 'ws');
  const elsewhere = new WebSocket(`${wsUrl}/mcp`, 'graphql-transport-ws');
  const failed = await new Promise<string>((resolve) => {
    elsewhere.on('error', (err) => resolve(err.message));
    elsewhere.on('open', () => resolve('open'));
  });
  expect(failed).not.toBe('open');

  const noProtocol = new WebSocket(`${wsUrl}/graphql`);
  const code = await new Promise<number>((resolve) => noProtocol.on('close', (c) => resolve(c)));
  expect(code).toBe(4406);
});
