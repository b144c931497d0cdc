import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { withContext } from '../db/context.ts';
import type { OutboxType } from '../domain/outbox/event-types.ts';
import { lastPublished, publishedAfter, type OutboundEvent } from '../domain/outbox/outbox.service.ts';
import type { EventFeed } from '../domain/outbox/subscriptions.service.ts';
import { storedPayloads } from './payloads.ts';

/** Published events read per statement. */
const BATCH = 500;

/** A subscription refused or ended by the hub; `extensions.code` is what GraphQL clients see. */
class SubscriptionError extends Error {
  readonly extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' | 'SLOW_SUBSCRIBER' };
  constructor(code: SubscriptionError['extensions']['code'], message: string) {
    super(message);
    this.extensions = { code };
  }
}

/** How one subscriber is fed; only `types` and `push` are required. */
type Subscriber = {
  types: ReadonlySet<OutboxType>;
  push: (event: OutboundEvent) => void;
  /** When it cannot take more now: a promise that resolves once it can (or it gave up); the hub waits for it before pushing. */
  full?: () => Promise<void> | undefined;
  /** The hub stopped. */
  end?: () => void;
};

export type Hub = EventFeed & {
  /**
   * Feeds `subscriber` each event of `userId` whose type it wants, published from now on.
   * Returns the unsubscribe. Throws TOO_MANY_SUBSCRIPTIONS past the per-user limit.
   */
  subscribe(userId: string, subscriber: Subscriber): () => void;
  stop(): Promise<void>;
};

/**
 * The process's subscriptions' one reader of published events: while anyone subscribes it reads
 * `seq > last` from outbox_events (every user's, in publication order; one indexed query per
 * round however many subscribe) and hands each event to its own user's subscribers only. What
 * it reads was published by any process (src/outbound/publisher.ts), so a server without
 * workers serves subscriptions too. It wakes every `pollMs`, and at once on PostgreSQL when a
 * publisher announces a batch (LISTEN lifetrack_published, on a connection of its own); the
 * embedded database has one session, so there it polls. Payloads are rendered (and stored, once
 * for webhooks and subscribers alike) only for events a subscriber wants.
 *
 * Memory is bounded: at most `maxPerUser` subscriptions per user, and each stream queues at most
 * `maxQueued` events. When a stream's queue is full the hub waits for its reader (a burst, a
 * calendar sync's hundred suggestions, reaches a reader that keeps up whole) up to `slowMs`; a
 * reader that takes nothing in that time (a client that stopped reading its socket) is ended
 * with SLOW_SUBSCRIBER and the hub goes on.
 */
export function startHub(opts: {
  db: Pick<Database, 'orm' | 'connection'>;
  logger: Logger;
  pollMs: number;
  listen: boolean;
  maxPerUser?: number;
  maxQueued?: number;
  slowMs?: number;
}): Hub {
  const log = opts.logger.child({ component: 'subscriptions' });
  const maxPerUser = opts.maxPerUser ?? 10;
  const maxQueued = opts.maxQueued ?? 100;
  const slowMs = opts.slowMs ?? 2000;
  const byUser = new Map<string, Set<Subscriber>>();
  let count = 0;
  /** The newest publication number read; undefined while nobody subscribes (the next first subscriber starts at the newest). */
  let last: number | undefined;
  let starting: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let listener: pg.Client | undefined;
  let listening: Promise<void> | undefined;

  const wants = (e: OutboundEvent) => [...(byUser.get(e.userId) ?? [])].some((s) => s.types.has(e.type));

  const round = () =>
    withContext(async () => {
      for (;;) {
        const from = last;
        if (from === undefined || count === 0 || stopped) return;
        const batch = await publishedAfter(from, BATCH);
        if (batch.length === 0) return;
        const wanted = batch.filter(wants);
        const payloads = await storedPayloads(wanted);
        // Everyone left (and someone new may have started afresh) while this batch was read: it is not theirs.
        if (last !== from) return;
        last = batch.at(-1)!.seq;
        for (const e of wanted) {
          const event = { ...e, payload: payloads.get(e.id) ?? e.payload };
          const to = [...(byUser.get(e.userId) ?? [])].filter((s) => s.types.has(e.type));
          const full = to.flatMap((s) => s.full?.() ?? []);
          if (full.length > 0) await Promise.all(full);
          for (const s of to) s.push(event);
        }
        if (batch.length < BATCH) return;
      }
    }, opts.db.orm);

  /** Runs a round now, or right after the one in progress; then every pollMs while anyone subscribes. */
  function wake(): void {
    if (stopped || count === 0) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = round()
      .catch((err: unknown) => log.error({ err }, 'reading published events failed; trying again'))
      .finally(() => {
        running = undefined;
        if (stopped || count === 0) return;
        if (again) {
          again = false;
          setImmediate(wake);
        } else timer = setTimeout(wake, opts.pollMs);
      });
  }

  /** Resolves once the hub knows where its subscribers start (the newest publication when the first one came). */
  function ready(): Promise<void> {
    if (last !== undefined) return Promise.resolve();
    starting ??= withContext(lastPublished, opts.db.orm)
      .then((seq) => {
        if (count > 0) last ??= seq;
        wake();
      })
      .finally(() => (starting = undefined));
    return starting;
  }

  async function listen(): Promise<void> {
    const c = opts.db.connection;
    const client = new pg.Client({ host: c.host, port: c.port, user: c.user, password: c.password, database: c.database });
    client.on('notification', () => wake());
    // A lost LISTEN connection leaves polling, which still finds everything; the next first subscriber listens again.
    client.on('error', (err) => {
      log.warn({ err }, 'publication notifications lost; polling');
      if (listener === client) listener = listening = undefined;
      client.end().catch(() => undefined);
    });
    try {
      await client.connect();
      await client.query('listen lifetrack_published');
      if (stopped) await client.end();
      else listener = client;
    } catch (err) {
      log.warn({ err }, 'could not listen for publications; polling');
      listening = undefined;
      await client.end().catch(() => undefined);
    }
  }

  function subscribe(userId: string, subscriber: Subscriber): () => void {
    if (stopped) throw new Error('The subscription hub has stopped');
    const mine = byUser.get(userId) ?? new Set<Subscriber>();
    if (mine.size >= maxPerUser) {
      throw new SubscriptionError('TOO_MANY_SUBSCRIPTIONS', `At most ${maxPerUser} subscriptions per user at once: end one first`);
    }
    const s = { ...subscriber };
    mine.add(s);
    byUser.set(userId, mine);
    if (count++ === 0 && opts.listen) listening ??= listen();
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      mine.delete(s);
      if (mine.size === 0 && byUser.get(userId) === mine) byUser.delete(userId);
      if (--count === 0) {
        last = undefined;
        clearTimeout(timer);
      }
    };
  }

  /** A subscriber as an async iterator: events wait in its bounded queue until the reader takes them. */
  async function stream(userId: string, types: ReadonlySet<OutboxType>): Promise<AsyncIterableIterator<OutboundEvent>> {
    const queue: OutboundEvent[] = [];
    let waiting: { resolve: (r: IteratorResult<OutboundEvent>) => void; reject: (err: Error) => void } | undefined;
    /** The hub waiting for room in a full queue. */
    let room: (() => void) | undefined;
    /** undefined while open; null once ended; an error to throw once, then null. */
    let ended: Error | null | undefined;

    const finish = (err: Error | null) => {
      if (ended !== undefined) return;
      unsubscribe();
      queue.length = 0;
      room?.();
      const w = waiting;
      waiting = undefined;
      if (w && err) w.reject(err);
      else if (w) w.resolve({ value: undefined, done: true });
      ended = w ? null : err;
    };
    const unsubscribe = subscribe(userId, {
      types,
      push: (event) => {
        if (ended !== undefined) return;
        if (waiting) {
          const w = waiting;
          waiting = undefined;
          w.resolve({ value: event, done: false });
        } else if (queue.length < maxQueued) queue.push(event);
        else finish(new SubscriptionError('SLOW_SUBSCRIBER', `More than ${maxQueued} events waited for this subscriber: it was ended`));
      },
      full: () => {
        if (ended !== undefined || queue.length < maxQueued) return undefined;
        return new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            log.info({ userId }, 'a subscriber took no events for a while; ended');
            finish(
              new SubscriptionError(
                'SLOW_SUBSCRIBER',
                `This subscriber took none of ${maxQueued} waiting events in ${slowMs} ms: it was ended`,
              ),
            );
          }, slowMs);
          room = () => {
            clearTimeout(timer);
            room = undefined;
            resolve();
          };
        });
      },
      end: () => finish(null),
    });
    const iterator: AsyncIterableIterator<OutboundEvent> = {
      [Symbol.asyncIterator]() {
        return this;
      },
      next() {
        const queued = queue.shift();
        if (queued) {
          room?.();
          return Promise.resolve({ value: queued, done: false });
        }
        if (ended instanceof Error) {
          const err = ended;
          ended = null;
          return Promise.reject(err);
        }
        if (ended === null) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => (waiting = { resolve, reject }));
      },
      async return() {
        finish(null);
        return { value: undefined, done: true };
      },
    };
    try {
      await ready();
    } catch (err) {
      finish(null);
      throw err;
    }
    return iterator;
  }

  return {
    subscribe,
    stream,
    withUnitOfWork: (fn) => withContext(fn, opts.db.orm),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      for (const mine of [...byUser.values()]) for (const s of [...mine]) s.end?.();
      await Promise.allSettled([running, starting, listening]);
      await listener?.end().catch(() => undefined);
    },
  };
}
