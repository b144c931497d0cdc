import { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { parse } from '../../core/validation.ts';
import { inboxPendingCount } from '../inbox/pending.ts';
import { EVENT_TYPES, INBOX_CHANGED, type OutboxType } from './event-types.ts';
import type { OutboundEvent } from './outbox.service.ts';

/** The inbox's badge, as the inboxChanged subscription sends it. */
export type InboxChange = { pendingCount: number };

/**
 * What these use cases need of the process they run in (src/outbound/hub.ts): the events published
 * for one user from now on, and a unit of work of their own (a subscription outlives the message
 * that started it).
 */
export type EventFeed = {
  /**
   * The user's published events of these types, from the moment it resolves on. Ends with an
   * error when its reader falls behind; return() unsubscribes.
   */
  stream(userId: string, types: ReadonlySet<OutboxType>): Promise<AsyncIterableIterator<OutboundEvent>>;
  withUnitOfWork<T>(fn: () => Promise<T>): Promise<T>;
};

/** ping goes to one webhook only and inbox.changed has its own subscription: neither is an option here. */
const EventsSubscription = z
  .object({
    types: z
      .array(z.enum(EVENT_TYPES))
      .min(1, 'List at least one event type, or omit types for every type')
      .max(EVENT_TYPES.length)
      .nullish()
      .meta({ description: 'The event types wanted; omitted or null: every type' }),
  })
  .strict();

/** The caller's events (every type but ping, or the listed ones) as they are published. */
export async function subscribeToEvents(
  actor: Actor,
  feed: EventFeed,
  input: z.input<typeof EventsSubscription>,
): Promise<AsyncIterableIterator<OutboundEvent>> {
  authorize(actor, actor.userId, 'read');
  const { types } = parse(EventsSubscription, input);
  return feed.stream(actor.userId, new Set<OutboxType>(types ?? EVENT_TYPES));
}

/**
 * The caller's pending count now, then after each change to their suggestions. The stream is
 * opened before the count is read, so a change between the two is sent (again), never missed.
 */
export async function subscribeToInbox(actor: Actor, feed: EventFeed): Promise<AsyncIterableIterator<InboxChange>> {
  authorize(actor, actor.userId, 'read');
  const changes = await feed.stream(actor.userId, new Set<OutboxType>([INBOX_CHANGED]));
  let now: number;
  try {
    now = await feed.withUnitOfWork(() => inboxPendingCount(actor));
  } catch (err) {
    await changes.return?.();
    throw err;
  }
  return startWith({ pendingCount: now }, changes, (e) => ({ pendingCount: pendingCountOf(e.payload) }));
}

/** inbox.changed's payload is `{ pending_count }` (src/outbound/payloads.ts). */
const pendingCountOf = (payload: unknown): number => {
  const count = (payload as { pending_count?: unknown } | null)?.pending_count;
  return typeof count === 'number' ? count : 0;
};

/**
 * `first`, then each item of `rest` through `map`. A hand-written iterator, not an async
 * generator: returning a generator that has not started skips its `finally`, and `rest` must be
 * returned (unsubscribed) however early the reader stops.
 */
function startWith<T, U>(first: U, rest: AsyncIterableIterator<T>, map: (item: T) => U): AsyncIterableIterator<U> {
  let sent = false;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (!sent) {
        sent = true;
        return { value: first, done: false };
      }
      const item = await rest.next();
      return item.done ? { value: undefined, done: true } : { value: map(item.value), done: false };
    },
    async return() {
      await rest.return?.();
      return { value: undefined, done: true };
    },
  };
}
