import { RateLimited } from '../core/errors.ts';
import { query } from '../db/sql.ts';

/**
 * Attempt counters in the database (table auth_attempts), fixed windows per key. An attempt is
 * counted before its password or code is checked, in one upsert that returns the new count, so
 * concurrent attempts cannot all pass a check made before any of them was counted; and every
 * server instance shares the counts.
 *
 * The counting statement must run on its own (autocommit, as requests do): inside a transaction
 * a failed attempt's rollback would take its count with it.
 */
export type Limit = { scope: string; max: number; windowSeconds: number };

const FIFTEEN_MINUTES = 15 * 60;

export const limits = {
  /** Password guesses against one account: login and password change share the budget. */
  password: { scope: 'password', max: 10, windowSeconds: FIFTEEN_MINUTES },
  /** Password and code attempts from one address, so it cannot spray many accounts. */
  address: { scope: 'address', max: 50, windowSeconds: FIFTEEN_MINUTES },
  /** TOTP codes for one user: sign-in, enable and disable share the budget. */
  totp: { scope: 'totp', max: 10, windowSeconds: FIFTEEN_MINUTES },
  /** Open registration per address, counted whether or not the attempt succeeds. */
  registration: { scope: 'registration', max: 50, windowSeconds: 60 * 60 },
  /** OAuth token requests per address; a successful one is given back, so only failures add up. */
  oauthToken: { scope: 'oauth-token', max: 50, windowSeconds: FIFTEEN_MINUTES },
  /** Requests to one share link (report, CSV, FHIR, password tries), whoever sends them. */
  shareLink: { scope: 'share-link', max: 120, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong passwords for one share link. */
  sharePassword: { scope: 'share-password', max: 10, windowSeconds: FIFTEEN_MINUTES },
  /** OAuth dynamic client registrations per address, counted whether or not they succeed. */
  oauthRegistration: { scope: 'oauth-registration', max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** One counter: which limit, and whose (an account's email, a user id, an address). */
export type Attempt = [limit: Limit, subject: string];

const keyOf = ([limit, subject]: Attempt) => `${limit.scope}:${subject}`;

/** Expired windows removed per sweep: small, so no attempt waits on a big delete. */
const SWEEP_BATCH = 100;

/**
 * Counts one attempt against every given counter, then throws RateLimited (with the seconds
 * until the latest of the exceeded windows ends) if any is over its limit. Keys are upserted in
 * key order, so two attempts sharing keys lock them in the same order and cannot deadlock.
 */
export async function countAttempt(...attempts: Attempt[]): Promise<void> {
  const keys = attempts.map(keyOf);
  const rows = await query<{ key: string; attempts: number; retry_after: number }>(
    `insert into auth_attempts as a (key, attempts, window_ends)
       select key, 1, now() + make_interval(secs => seconds)
         from unnest($1::text[], $2::int[]) as t(key, seconds)
        order by key
     on conflict (key) do update set
       attempts = case when a.window_ends <= now() then 1 else a.attempts + 1 end,
       window_ends = case when a.window_ends <= now() then excluded.window_ends else a.window_ends end
     returning key, attempts, greatest(1, ceil(extract(epoch from window_ends - now())))::int as retry_after`,
    [keys, attempts.map(([limit]) => limit.windowSeconds)],
  );
  // A window that just started is the moment to clear out some that have ended: the table stays
  // as small as the set of live windows without a job of its own.
  if (rows.some((r) => r.attempts === 1)) await sweepExpired();
  const waits = rows.filter((r) => r.attempts > attempts[keys.indexOf(r.key)][0].max).map((r) => r.retry_after);
  if (waits.length) throw new RateLimited(Math.max(...waits));
}

/** After a success: the account's failures are forgotten (a locked-out owner is not kept out by old typos). */
export async function clearAttempts(attempt: Attempt): Promise<void> {
  await query(`delete from auth_attempts where key = $1`, [keyOf(attempt)]);
}

/** After a success: the attempt is given back, so many people signing in behind one address do not use it up. */
export async function refundAttempt(attempt: Attempt): Promise<void> {
  await query(`update auth_attempts set attempts = attempts - 1 where key = $1 and attempts > 0`, [keyOf(attempt)]);
}

async function sweepExpired(): Promise<void> {
  await query(
    `delete from auth_attempts where key in (
       select key from auth_attempts where window_ends < now() order by window_ends limit $1 for update skip locked)`,
    [SWEEP_BATCH],
  );
}
