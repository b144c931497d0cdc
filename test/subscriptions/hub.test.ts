import { withContext } from '../../src/db/context.ts';
import { query } from '../../src/db/sql.ts';
import type { OutboundEvent } from '../../src/domain/outbox/outbox.service.ts';
import { createLogger } from '../../src/logger.ts';
import { startHub, type Hub } from '../../src/outbound/hub.ts';
import { waitFor } from '../captures/wait.ts';
import { withOwnServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * The hub (src/outbound/hub.ts) on this file's own database, driven by rows: events are written
 * here as a publisher leaves them (numbered, payload not rendered yet), so each case says exactly
 * what was published.
 */
let server: TestServer;
let u: TestUser;
let other: TestUser;
withOwnServer((f) => ({ server, owner: u, other } = f));

const hubs: Hub[] = [];
function hub(limits: { maxQueued?: number; maxPerUser?: number; slowMs?: number } = {}): Hub {
  const h = startHub({ db: server.db, logger: createLogger('silent'), pollMs: 50, listen: false, ...limits });
  hubs.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
});

const db = <T>(fn: () => Promise<T>) => withContext(fn, server.db.orm);

/** Published events of one user and type (payload null: rendered by the first reader that wants them); their ids. */
async function publish(userId: string, type: string, count = 1): Promise<string[]> {
  const rows = await db(() =>
    query<{ id: string }>(
      `insert into outbox_events (user_id, type, data, seq, published_at)
       select $1, $2, jsonb_build_object('n', g), nextval('outbox_seq'), now() from generate_series(1, $3::int) g returning id`,
      [userId, type, count],
    ),
  );
  return rows.map((r) => r.id);
}

const payloadOf = (id: string) =>
  db(() => query<{ payload: unknown }>(`select payload from outbox_events where id = $1`, [id])).then((r) => r[0]?.payload);

async function take(stream: AsyncIterableIterator<OutboundEvent>, n: number): Promise<OutboundEvent[]> {
  const out: OutboundEvent[] = [];
  while (out.length < n) {
    const next = await stream.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

test('a stream gets its own user’s wanted types published after it started, with payloads rendered only for those', async () => {
  const before = await publish(u.id, 'event.created');
  const h = hub();
  const stream = await h.stream(u.id, new Set(['event.created']));
  const [mine] = await publish(u.id, 'event.created');
  const [theirs] = await publish(other.id, 'event.created');
  const [otherType] = await publish(u.id, 'goal.met');
  const [second] = await publish(u.id, 'event.created');

  const got = await take(stream, 2);
  expect(got.map((e) => e.id)).toEqual([mine, second]);
  expect(got[0]).toMatchObject({ userId: u.id, type: 'event.created', payload: { n: 1 } });
  expect(await payloadOf(mine)).toEqual({ n: 1 });
  // Nobody here wanted these: still unrendered, for webhooks' publisher to render when it needs them.
  expect(await payloadOf(theirs)).toBeNull();
  expect(await payloadOf(otherType)).toBeNull();
  expect(await payloadOf(before[0])).toBeNull();
  await stream.return!();
});

test('a reader that takes nothing while its queue is full is ended with SLOW_SUBSCRIBER, and its place is freed', async () => {
  const h = hub({ maxQueued: 5, maxPerUser: 1, slowMs: 300 });
  const slow = await h.stream(u.id, new Set(['event.created']));
  await expect(h.stream(u.id, new Set(['event.created']))).rejects.toMatchObject({ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } });
  await publish(u.id, 'event.created', 6);
  // Five wait in its queue; the sixth waits for room, then the subscriber is dropped (its events with it), so a new one fits.
  const next = await waitFor(
    async () => h.stream(u.id, new Set(['event.created'])).catch(() => undefined),
    'the slow subscriber to be dropped',
  );
  await expect(slow.next()).rejects.toMatchObject({ extensions: { code: 'SLOW_SUBSCRIBER' } });
  expect(await slow.next()).toEqual({ value: undefined, done: true });
  await next.return!();
});

test('a reader that keeps up gets everything however many are published at once (a queue of 5, 1,200 events); stopping the hub ends its streams', async () => {
  const h = hub({ maxQueued: 5, slowMs: 300 });
  const stream = await h.stream(u.id, new Set(['event.created']));
  const ids = await publish(u.id, 'event.created', 1200);
  const got = await take(stream, 1200);
  expect(got.map((e) => e.id)).toEqual(ids);
  const pending = stream.next();
  await h.stop();
  expect(await pending).toEqual({ value: undefined, done: true });
});
