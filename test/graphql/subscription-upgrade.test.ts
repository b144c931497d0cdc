import WebSocket from 'ws';
import { configureSubscriptions } from '../../src/graphql/subscriptions.ts';
import { withOwnServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * The WebSocket upgrade of GraphQL subscriptions (src/graphql/subscriptions.ts) before any GraphQL:
 * a browser page of another origin is refused, and one address may hold only so many sockets that
 * have not authenticated. The server is this file's own, trusting one proxy hop so each test speaks
 * from an address of its own; sockets may wait a minute for connection_init here (3 s in
 * production), so none is closed for its wait while a test holds it.
 */
configureSubscriptions({ connectionInitWaitMs: 60_000 });

let server: TestServer;
let owner: TestUser;
withOwnServer(
  (f) => ({ server, owner } = f),
  {},
  () => ({ trustProxy: 1 }),
);

const MAX_UNAUTHENTICATED = 20;
const opened: WebSocket[] = [];
afterEach(() => {
  for (const ws of opened.splice(0)) ws.terminate();
});

type Outcome = { open: WebSocket } | { refused: number; retryAfter?: string };

/** An upgrade to /graphql: the open socket, or the HTTP status it was refused with. */
function upgrade(headers: Record<string, string>, origin?: string): Promise<Outcome> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers, origin });
  opened.push(ws);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ open: ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode!, retryAfter: res.headers['retry-after'] }));
    ws.once('error', reject);
  });
}

/** connection_init with the owner's token, answered by connection_ack. */
function authenticate(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      if ((JSON.parse((data as Buffer).toString()) as { type: string }).type === 'connection_ack') resolve();
    });
    ws.once('close', (code) => reject(new Error(`closed with ${code} before connection_ack`)));
    ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${owner.token}` } }));
  });
}

let lastOctet = 0;
const address = () => ({ 'X-Forwarded-For': `203.0.113.${++lastOctet}` });

test("a page of another origin is refused (403); this server's own origin and clients without an Origin (not browsers) connect", async () => {
  const from = address();
  for (const origin of ['https://evil.example', 'null', `http://127.0.0.1.evil.example:${new URL(server.url).port}`])
    expect(await upgrade(from, origin)).toEqual({ refused: 403, retryAfter: undefined });
  for (const origin of [new URL(server.url).origin, undefined]) {
    const outcome = await upgrade(from, origin);
    expect('open' in outcome).toBe(true);
    await authenticate((outcome as { open: WebSocket }).open);
  }
});

test('one address holds at most 20 unauthenticated sockets (one more is a 429); authenticating or closing gives a place back; other addresses are not held up', async () => {
  const from = address();
  const waiting: WebSocket[] = [];
  for (let i = 0; i < MAX_UNAUTHENTICATED; i++) {
    const outcome = await upgrade(from);
    expect('open' in outcome).toBe(true);
    waiting.push((outcome as { open: WebSocket }).open);
  }
  const refused = await upgrade(from);
  expect(refused).toMatchObject({ refused: 429 });
  expect(Number((refused as { retryAfter: string }).retryAfter)).toBeGreaterThan(0);
  expect('open' in (await upgrade(address()))).toBe(true);

  // An authenticated socket no longer counts: its place goes to the next.
  await authenticate(waiting[0]);
  const next = await upgrade(from);
  expect('open' in next).toBe(true);
  expect(await upgrade(from)).toMatchObject({ refused: 429 });

  // Nor does a closed one.
  const closed = new Promise((resolve) => waiting[1].once('close', resolve));
  waiting[1].close();
  await closed;
  let again = await upgrade(from);
  // The server sees the close a moment after the client: until then the place is still taken.
  while (!('open' in again)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    again = await upgrade(from);
  }
  expect('open' in again).toBe(true);
});
