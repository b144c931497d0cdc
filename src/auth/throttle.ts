import { RateLimited } from '../core/errors.ts';

/**
 * Counts failed attempts per key in a fixed window. Kept in process memory: a single
 * instance is the supported deployment; the cost of a restart is a reset counter.
 */
type Window = { failures: number; resetAt: number };

export class Throttle {
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Throws RateLimited while the key has used up its failures. */
  check(key: string, now = Date.now()): void {
    const w = this.windows.get(key);
    if (!w) return;
    if (w.resetAt <= now) {
      this.windows.delete(key);
      return;
    }
    if (w.failures >= this.limit) throw new RateLimited(Math.ceil((w.resetAt - now) / 1000));
  }

  fail(key: string, now = Date.now()): void {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) this.windows.set(key, { failures: 1, resetAt: now + this.windowMs });
    else w.failures += 1;
    if (this.windows.size > 100_000) this.sweep(now);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

const FIFTEEN_MINUTES = 15 * 60_000;
/** Per account: 10 failures in 15 minutes. Per IP: 50, so one address cannot spray many accounts. */
export const loginThrottle = {
  account: new Throttle(10, FIFTEEN_MINUTES),
  ip: new Throttle(50, FIFTEEN_MINUTES),
};

/** Open registration: 50 attempts per IP an hour, counted whether or not they succeed. */
export const registrationThrottle = new Throttle(50, 60 * 60_000);
