import { LockMode } from '@mikro-orm/core';
import { NotFound } from '../../core/errors.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { EventSourceRow } from '../event-sources/event-source.entity.ts';
import { User } from '../users/user.entity.ts';
import { egressRefusal, type EgressClient } from '../../core/egress.ts';
import { checkFeedAddress, feedClient, type FeedNetworks } from './egress.ts';
import { readFeedOffThread } from './feed-reader.ts';
import { FeedError } from './feed-error.ts';
import type { Feed, FeedEvent } from './ics.ts';

/**
 * Feed limits and where feeds may be fetched from: set once at start-up (server and worker) from
 * CALENDAR_FETCH_TIMEOUT_MS, CALENDAR_MAX_BYTES and CALENDAR_FEED_NETWORKS (egress.ts).
 */
const limits: { fetchTimeoutMs: number; maxBytes: number; networks: FeedNetworks; client: EgressClient } = {
  fetchTimeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  networks: 'public',
  client: feedClient('public'),
};
export function configureCalendar(options: { fetchTimeoutMs: number; maxBytes: number; feedNetworks: FeedNetworks }): void {
  limits.fetchTimeoutMs = options.fetchTimeoutMs;
  limits.maxBytes = options.maxBytes;
  limits.networks = options.feedNetworks;
  limits.client = feedClient(options.feedNetworks);
}

/**
 * A 422 at config.url for a feed URL that CALENDAR_FEED_NETWORKS would refuse at fetch time (egress.ts),
 * for the event-source service to call when a URL is saved; the name is resolved within the fetch timeout.
 */
export async function checkFeedUrl(url: string): Promise<void> {
  await checkFeedAddress(url, limits.networks, limits.fetchTimeoutMs);
}

/** The rolling window a sync reads: recurring events are expanded, and missing rows cancelled, only inside it. */
const WINDOW_PAST_DAYS = 30;
const WINDOW_FUTURE_DAYS = 90;
const DAY_MS = 86_400_000;

function syncWindow(now = new Date()): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - WINDOW_PAST_DAYS * DAY_MS), to: new Date(now.getTime() + WINDOW_FUTURE_DAYS * DAY_MS) };
}

/** The feed URL of a calendar source, or null when it has none (nothing to sync). */
export function feedUrl(source: Pick<EventSourceRow, 'kind' | 'config'>): string | null {
  const url = source.config?.url;
  return source.kind === 'calendar' && typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null;
}

const USER_AGENT = 'lifetrack/1.0 (calendar sync)';

/** GETs the feed as text, within the timeout and the size cap; every failure is a FeedError naming it. */
async function fetchFeed(url: string): Promise<string> {
  const signal = AbortSignal.timeout(limits.fetchTimeoutMs);
  const tooBig = () => new FeedError(`The feed is larger than ${limits.maxBytes} bytes`);
  try {
    const res = await limits.client.fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept: 'text/calendar, */*;q=0.1', 'user-agent': USER_AGENT },
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new FeedError(`The feed answered HTTP ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw tooBig();
    }
    if (!res.body) return '';
    // undici types the body's chunks as any; a fetch body is bytes.
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limits.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooBig();
      }
      chunks.push(value);
    }
    return decodeFeed(Buffer.concat(chunks), res.headers.get('content-type'));
  } catch (err) {
    if (err instanceof FeedError) throw err;
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError' || signal.aborted) {
      throw new FeedError(`The feed did not answer within ${limits.fetchTimeoutMs} ms`);
    }
    const refused = egressRefusal(err);
    if (refused) throw new FeedError(refused.message);
    const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
    throw new FeedError(
      `The feed could not be fetched: ${cause?.code ?? cause?.message ?? (err as Error)?.message ?? 'network error'}`.slice(0, 500),
    );
  }
}

/**
 * The feed's text in the charset its Content-Type names (windows-1252 and ISO-8859-1 feeds exist);
 * a byte-order mark wins over the header, and a missing or unknown charset means UTF-8, as RFC 5545 says.
 */
function decodeFeed(bytes: Uint8Array, contentType: string | null): string {
  const bom =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
      ? 'utf-8'
      : bytes[0] === 0xff && bytes[1] === 0xfe
        ? 'utf-16le'
        : bytes[0] === 0xfe && bytes[1] === 0xff
          ? 'utf-16be'
          : null;
  const declared = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1];
  for (const label of [bom, declared, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // An unknown label: the next candidate.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

type Outcome = ({ ok: true } & Feed) | { ok: false; error: string };

async function readSource(url: string, user: { timezone: string; email: string }, window: { from: Date; to: Date }): Promise<Outcome> {
  try {
    const text = await fetchFeed(url);
    const feed = await readFeedOffThread(text, {
      windowStart: window.from,
      windowEnd: window.to,
      userTimezone: user.timezone,
      userEmail: user.email,
    });
    return { ok: true, ...feed };
  } catch (err) {
    if (err instanceof FeedError) return { ok: false, error: err.message };
    throw err;
  }
}

/**
 * Syncs one calendar source of a user: fetches and reads its feed (outside any transaction), then
 * in one transaction upserts the window's events by external_id, cancels this source's rows in the
 * window that the feed no longer has, and records the outcome on the source. A failed fetch or
 * parse records only the error: no calendar row changes. The source row is locked for the write,
 * so two syncs of one source apply one after the other. NotFound when the source is gone.
 */
export async function syncSource(
  userId: string,
  sourceId: string,
  now = new Date(),
  opts: { periodic?: boolean } = {},
): Promise<EventSourceRow> {
  const source = await em().findOne(EventSourceRow, { id: sourceId, userId });
  if (!source) throw new NotFound('Event source');
  // A periodic sync queued before the source was disabled does not run; an explicit one does.
  if (opts.periodic && !source.enabled) return source;
  const url = feedUrl(source);
  const user = await em().findOne(User, { id: userId }, { fields: ['timezone', 'email'] });
  if (!url || !user) return source;
  const window = syncWindow(now);
  const outcome = await readSource(url, user, window);
  return em().transactional(async () => {
    const row = await em().findOne(EventSourceRow, { id: sourceId, userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!row) throw new NotFound('Event source');
    const at = new Date();
    row.lastSyncedAt = at;
    if (outcome.ok) {
      const calendarName = outcome.calendarName ?? row.sourceLabel;
      await upsert(userId, sourceId, outcome.events, calendarName, at);
      const cancelled = await cancelMissing(
        userId,
        sourceId,
        window,
        outcome.events.map((e) => e.externalId),
        at,
      );
      row.lastSyncStatus = 'ok';
      row.lastSyncError = null;
      row.lastSyncEventCount = outcome.events.length;
      row.lastSyncCancelledCount = cancelled;
      row.lastSyncSkippedCount = outcome.skipped.count;
      row.lastSyncSkippedReasons = outcome.skipped.reasons;
    } else {
      row.lastSyncStatus = 'error';
      row.lastSyncError = outcome.error;
    }
    await em().flush();
    return row;
  });
}

/** One statement for the whole feed; a row changes (and its updated_at moves) only when the feed changed it. */
async function upsert(userId: string, sourceId: string, events: FeedEvent[], calendarName: string, at: Date): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    external_id: e.externalId,
    title: e.title,
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    is_all_day: e.isAllDay,
    status: e.status,
    attendee_count: e.attendeeCount,
    rsvp_status: e.rsvpStatus,
    user_relevance: e.userRelevance,
  }));
  await query(
    `insert into calendar_events as c (id, user_id, source_id, external_id, title, starts_at, ends_at, is_all_day, status,
       attendee_count, calendar_name, rsvp_status, user_relevance, created_at, updated_at)
     select gen_random_uuid(), $1, $2, x.external_id, x.title, x.starts_at, x.ends_at, x.is_all_day, x.status,
       x.attendee_count, $4, x.rsvp_status, x.user_relevance, $5, $5
     from jsonb_to_recordset($3::jsonb) as x (external_id text, title text, starts_at timestamptz, ends_at timestamptz,
       is_all_day boolean, status text, attendee_count integer, rsvp_status text, user_relevance text)
     on conflict (user_id, source_id, external_id) do update set
       title = excluded.title, starts_at = excluded.starts_at, ends_at = excluded.ends_at, is_all_day = excluded.is_all_day,
       status = excluded.status, attendee_count = excluded.attendee_count, calendar_name = excluded.calendar_name,
       rsvp_status = excluded.rsvp_status, user_relevance = excluded.user_relevance, updated_at = excluded.updated_at
     where (c.title, c.starts_at, c.ends_at, c.is_all_day, c.status, c.attendee_count, c.calendar_name, c.rsvp_status, c.user_relevance)
       is distinct from (excluded.title, excluded.starts_at, excluded.ends_at, excluded.is_all_day, excluded.status,
       excluded.attendee_count, excluded.calendar_name, excluded.rsvp_status, excluded.user_relevance)`,
    [userId, sourceId, JSON.stringify(rows), calendarName, at.toISOString()],
  );
}

/** Rows of this source starting inside the window that the feed no longer lists become cancelled; rows outside stay. */
async function cancelMissing(
  userId: string,
  sourceId: string,
  window: { from: Date; to: Date },
  present: string[],
  at: Date,
): Promise<number> {
  const rows = await query<{ id: string }>(
    `update calendar_events set status = 'cancelled', updated_at = $6
     where user_id = $1 and source_id = $2 and starts_at >= $3 and starts_at < $4 and status <> 'cancelled'
       and not (external_id = any ($5::text[]))
     returning id`,
    [userId, sourceId, window.from.toISOString(), window.to.toISOString(), present, at.toISOString()],
  );
  return rows.length;
}

/** Every enabled calendar source with a feed URL, for the periodic job. */
export async function sourcesToSync(): Promise<{ userId: string; sourceId: string }[]> {
  const rows = await query<{ user_id: string; id: string }>(
    `select user_id, id from event_sources
     where kind = 'calendar' and enabled and config->>'url' ~* '^https?://'
     order by last_synced_at asc nulls first, id`,
  );
  return rows.map((r) => ({ userId: r.user_id, sourceId: r.id }));
}
