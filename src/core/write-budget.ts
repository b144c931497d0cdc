import { RateLimited } from './errors.ts';

/**
 * Writes per user, as a token bucket: `burst` writes at once, refilled at `perMinute`. Checked by
 * authorize() for every write use case, so REST, GraphQL and any other transport share one budget.
 * A request pays once, however many write use cases it runs (an accept that logs an event, a
 * GraphQL document of several mutations, at most 30 by the alias limit): the actor object is the
 * request's, so it is charged once.
 * The bucket lives in this process: N instances allow N times the rate, which keeps a database
 * round trip off every write (docs/decisions.md).
 */
export type WriteBudget = { perMinute: number; burst: number };

let budget: WriteBudget = { perMinute: 0, burst: 0 };
const buckets = new Map<string, { tokens: number; at: number }>();
const charged = new WeakSet<object>();

/** perMinute 0 turns the limit off. */
export function configureWriteBudget(next: WriteBudget): void {
  budget = next;
  buckets.clear();
}

export function spendWrite(request: { userId: string }, now = performance.now()): void {
  if (budget.perMinute <= 0 || charged.has(request)) return;
  const { userId } = request;
  const perMs = budget.perMinute / 60_000;
  const bucket = buckets.get(userId) ?? { tokens: budget.burst, at: now };
  bucket.tokens = Math.min(budget.burst, bucket.tokens + (now - bucket.at) * perMs);
  bucket.at = now;
  buckets.set(userId, bucket);
  if (bucket.tokens < 1)
    throw new RateLimited(Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)), 'Too many writes, try again later');
  bucket.tokens -= 1;
  charged.add(request);
  // Full buckets carry no information: forget them so the map holds only users writing right now.
  if (buckets.size > 10_000) for (const [id, b] of buckets) if (b.tokens + (now - b.at) * perMs >= budget.burst) buckets.delete(id);
}
