import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Conflict, NotFound, RateLimited } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse, uuid } from '../../core/validation.ts';
import { query } from '../../db/sql.ts';
import type { ChangeType } from '../changes/change-types.ts';
import { PING, type OutboxType, type REMINDER_DUE } from '../outbox/event-types.ts';
import { emitEvent } from '../outbox/outbox.service.ts';
import { em } from '../../db/context.ts';
import { settings } from './settings.ts';
import { DeliveryListQuery, type DELIVERY_STATUSES } from './webhooks.schemas.ts';
import type { WebhookFormat } from './webhook.entity.ts';
import { lockUserWebhooks, ownWebhook } from './webhooks.service.ts';

/** One try at posting an event to a receiver. */
export type DeliveryAttempt = { at: Date; durationMs: number; responseCode: number | null; error: string | null };

/** An event on its way to one webhook: pending until a 2xx, or failed for good. */
export type Delivery = {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: OutboxType;
  status: (typeof DELIVERY_STATUSES)[number];
  attempts: number;
  /** When the next try is due; null once it has ended. */
  nextAttemptAt: Date | null;
  lastResponseCode: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
  createdAt: Date;
  completedAt: Date | null;
  /** The latest tries first, at most LOG_KEPT of them. */
  log: DeliveryAttempt[];
};

/** A delivery a worker has taken: everything needed to post it, held under a lease. */
export type ClaimedDelivery = {
  id: string;
  attempt: number;
  createdAt: Date;
  webhook: { id: string; url: string; format: WebhookFormat; secrets: string[] };
  event: { id: string; userId: string; type: OutboxType; occurredAt: Date; payload: unknown };
};

/** What a try ended with; `retryable`: a timeout, a connection error, a 5xx or a 429. */
export type AttemptOutcome = {
  ok: boolean;
  retryable: boolean;
  responseCode: number | null;
  error: string | null;
  durationMs: number;
  /** A 429's or 503's Retry-After, honoured instead of the backoff. */
  retryAfterMs: number | null;
};

const LOG_KEPT = 50;
/** Retries stop this long after the event (the last one may be scheduled up to the end of it). */
const RETRY_WINDOW_MS = 24 * 3600_000;
const MAX_DELAY_MS = 6 * 3600_000;
/** Failing this long without one success disables a webhook. */
const DISABLE_AFTER_MS = 3 * 24 * 3600_000;

type DeliveryRow = {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: OutboxType;
  status: Delivery['status'];
  attempts: number;
  next_attempt_at: string | Date;
  last_response_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  created_at: string | Date;
  completed_at: string | Date | null;
  attempt_log: { at: string; duration_ms: number; response_code: number | null; error: string | null }[];
};
const COLUMNS = `id, webhook_id, event_id, event_type, status, attempts, next_attempt_at, last_response_code, last_error,
  last_duration_ms, created_at, completed_at, attempt_log`;

const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  webhookId: r.webhook_id,
  eventId: r.event_id,
  eventType: r.event_type,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === 'pending' ? new Date(r.next_attempt_at) : null,
  lastResponseCode: r.last_response_code,
  lastError: r.last_error,
  lastDurationMs: r.last_duration_ms,
  createdAt: new Date(r.created_at),
  completedAt: r.completed_at ? new Date(r.completed_at) : null,
  log: r.attempt_log.map((a) => ({ at: new Date(a.at), durationMs: a.duration_ms, responseCode: a.response_code, error: a.error })),
});

/**
 * Refuses (429, Retry-After: when the soonest of them is next tried) one more delivery to this
 * webhook while the account's deliveries waiting to be sent are at WEBHOOK_MAX_PENDING_PER_USER,
 * or those to the webhook's host at WEBHOOK_MAX_PENDING_PER_HOST. Waiting: pending, to an enabled
 * webhook or a ping (what the pump would send). Called under the user's lock.
 */
async function checkPendingRoom(userId: string, webhookId: string): Promise<void> {
  const [row] = await query<{ user_n: number; host_n: number; user_wait: number | null; host_wait: number | null }>(
    `with mine as (
       select d.next_attempt_at, w.host is not distinct from (select host from webhooks where id = $2 and user_id = $1) as same_host
         from webhook_deliveries d join webhooks w on w.id = d.webhook_id and w.user_id = d.user_id
        where d.user_id = $1 and d.status = 'pending' and (w.enabled or d.event_type = 'ping')
     )
     select count(*)::int as user_n, (count(*) filter (where same_host))::int as host_n,
            extract(epoch from min(next_attempt_at) - now())::float8 as user_wait,
            extract(epoch from min(next_attempt_at) filter (where same_host) - now())::float8 as host_wait
       from mine`,
    [userId, webhookId],
  );
  const { maxPendingPerUser, maxPendingPerHost } = settings.limits;
  const retryAfter = (wait: number | null) => Math.min(3600, Math.max(1, Math.ceil(wait ?? 1)));
  if (row.host_n >= maxPendingPerHost) {
    throw new RateLimited(
      retryAfter(row.host_wait),
      `${row.host_n} deliveries of this account to this webhook's host are waiting to be sent (at most ${maxPendingPerHost}: WEBHOOK_MAX_PENDING_PER_HOST); try again once some have gone out`,
    );
  }
  if (row.user_n >= maxPendingPerUser) {
    throw new RateLimited(
      retryAfter(row.user_wait),
      `${row.user_n} deliveries of this account are waiting to be sent (at most ${maxPendingPerUser}: WEBHOOK_MAX_PENDING_PER_USER); try again once some have gone out`,
    );
  }
}

/** A new delivery of an event to one of the caller's webhooks (the caller checked the webhook is theirs and made room). */
async function createDelivery(actor: Actor, webhookId: string, eventId: string, eventType: OutboxType): Promise<Delivery> {
  const [row] = await query<DeliveryRow>(
    `insert into webhook_deliveries (id, webhook_id, user_id, event_id, event_type) values ($1, $2, $3, $4, $5)
     on conflict (user_id, webhook_id, event_id) where status = 'pending' do nothing
     returning ${COLUMNS}`,
    [newId(), webhookId, actor.userId, eventId, eventType],
  );
  if (!row) throw new Conflict(ALREADY_PENDING);
  return toDelivery(row);
}

const ALREADY_PENDING =
  'This event is already on its way to this webhook (a delivery of it is pending): redeliver it once that one has succeeded or failed';

/**
 * Sends a `ping` event to this webhook alone (even a disabled one: that is how to check it again);
 * 429 while the account's (or the host's) pending deliveries are at their limit.
 */
export async function pingWebhook(actor: Actor, id: string): Promise<Delivery> {
  authorize(actor, actor.userId, 'write');
  const webhook = await ownWebhook(actor, id);
  return deliverTo(actor, webhook.id, PING, { webhook_id: webhook.id, message: 'A test event from lifetrack' });
}

/**
 * An event addressed to one of the actor's webhooks alone (a ping, a reminder's channel), in the
 * caller's transaction if there is one; 429 while the account's (or the host's) pending deliveries
 * are at their limit. The caller checked the webhook is the actor's.
 */
export async function deliverTo(
  actor: Actor,
  webhookId: string,
  type: typeof PING | typeof REMINDER_DUE,
  data: unknown,
  resource: { type: ChangeType; id: string } | null = null,
): Promise<Delivery> {
  return em().transactional(async () => {
    await lockUserWebhooks(actor.userId);
    await checkPendingRoom(actor.userId, webhookId);
    const eventId = await emitEvent(actor.userId, type, data, resource);
    return createDelivery(actor, webhookId, eventId!, type);
  });
}

export type DeliveryPage = { items: Delivery[]; total: number };

/** A webhook's deliveries, newest first, with each one's tries. */
export async function listDeliveries(actor: Actor, webhookId: string, input: z.input<typeof DeliveryListQuery>): Promise<DeliveryPage> {
  authorize(actor, actor.userId, 'read');
  const webhook = await ownWebhook(actor, webhookId);
  const q = parse(DeliveryListQuery, input);
  const filter = q.status ? 'and status = $5' : '';
  const args = [webhook.id, actor.userId, q.limit, q.offset, ...(q.status ? [q.status] : [])];
  const [rows, [count]] = await Promise.all([
    query<DeliveryRow>(
      `select ${COLUMNS} from webhook_deliveries where webhook_id = $1 and user_id = $2 ${filter}
        order by created_at desc, id desc limit $3 offset $4`,
      args,
    ),
    query<{ n: string }>(
      `select count(*) as n from webhook_deliveries where webhook_id = $1 and user_id = $2 ${q.status ? 'and status = $3' : ''}`,
      [webhook.id, actor.userId, ...(q.status ? [q.status] : [])],
    ),
  ]);
  return { items: rows.map(toDelivery), total: Number(count.n) };
}

/**
 * Sends a delivery's event again, as a new delivery (the receiver sees the same webhook-id, to
 * deduplicate). 409 while the delivery, or a redelivery of its event to this webhook, is still
 * pending (one at a time: repeating the request does not multiply it); 429 while the account's
 * (or the host's) pending deliveries are at their limit.
 */
export async function redeliver(actor: Actor, webhookId: string, deliveryId: string): Promise<Delivery> {
  authorize(actor, actor.userId, 'write');
  const webhook = await ownWebhook(actor, webhookId);
  const [original] = uuid().safeParse(deliveryId).success
    ? await query<DeliveryRow>(
        `select ${COLUMNS} from webhook_deliveries d where id = $1 and webhook_id = $2 and user_id = $3
            and exists (select 1 from outbox_events e where e.id = d.event_id)`,
        [deliveryId, webhook.id, actor.userId],
      )
    : [];
  if (!original) throw new NotFound('Delivery');
  if (original.status === 'pending') throw new Conflict('This delivery is still being tried; redeliver it once it has succeeded or failed');
  return em().transactional(async () => {
    await lockUserWebhooks(actor.userId);
    const [pending] = await query(
      `select 1 from webhook_deliveries where user_id = $1 and webhook_id = $2 and event_id = $3 and status = 'pending'`,
      [actor.userId, webhook.id, original.event_id],
    );
    if (pending) throw new Conflict(ALREADY_PENDING);
    await checkPendingRoom(actor.userId, webhook.id);
    return createDelivery(actor, webhook.id, original.event_id, original.event_type);
  });
}

/** Any fixed number: the advisory lock that makes one claim at a time, across processes, so the in-flight limits hold. */
const CLAIM_LOCK = 7_402_113_028;

type ClaimRow = {
  id: string;
  attempts: number;
  created_at: string | Date;
  webhook_id: string;
  url: string;
  format: WebhookFormat;
  secret: string;
  previous_secret: string | null;
  event_id: string;
  user_id: string;
  type: OutboxType;
  occurred_at: string | Date;
  payload: unknown;
};

const toClaim = (r: ClaimRow): ClaimedDelivery => ({
  id: r.id,
  attempt: r.attempts,
  createdAt: new Date(r.created_at),
  webhook: { id: r.webhook_id, url: r.url, format: r.format, secrets: [r.secret, ...(r.previous_secret ? [r.previous_secret] : [])] },
  event: { id: r.event_id, userId: r.user_id, type: r.type, occurredAt: new Date(r.occurred_at), payload: r.payload },
});

/**
 * Takes up to `limit` due deliveries for this worker: each is leased until its try's time limit
 * has passed with a margin, so two workers (two instances) never post one delivery at once, and
 * one whose worker died (kill -9) is due again when its lease runs out. An event not yet
 * published is not due.
 *
 * Fair across accounts: the running leases are the posts in flight, and no account gets more
 * than WEBHOOK_MAX_IN_FLIGHT_PER_USER of them, no host more than WEBHOOK_MAX_IN_FLIGHT_PER_HOST;
 * within that, accounts take turns (each one's oldest due first, then each one's second ...), so
 * one account's backlog or slow receivers hold a few slots, never every one. Claims run one at a
 * time (an advisory lock held for the statement's transaction), so the counts they read are exact.
 */
export async function claimDue(limit: number): Promise<ClaimedDelivery[]> {
  const leaseMs = settings.timeoutMs + 5000;
  const { maxInFlightPerUser, maxInFlightPerHost } = settings.limits;
  const rows = await em().transactional(async () => {
    await query(`select pg_advisory_xact_lock($1)`, [CLAIM_LOCK]);
    return query<ClaimRow>(
      `with due_users as (
         select distinct user_id from webhook_deliveries where status = 'pending' and next_attempt_at <= now()
       ), leased as (
         select d.user_id, w.host from webhook_deliveries d join webhooks w on w.id = d.webhook_id and w.user_id = d.user_id
          where d.status = 'pending' and d.lease_until is not null and d.lease_until >= now()
       ), busy_users as (
         select user_id, count(*) as n from leased group by user_id
       ), busy_hosts as (
         select host, count(*) as n from leased group by host
       ), candidates as (
         select c.* from due_users u cross join lateral (
           select d.id, d.user_id, d.next_attempt_at, w.host
             from webhook_deliveries d
             join webhooks w on w.id = d.webhook_id and w.user_id = d.user_id and (w.enabled or d.event_type = 'ping')
             join outbox_events e on e.id = d.event_id and e.user_id = d.user_id and e.seq is not null
            where d.user_id = u.user_id and d.status = 'pending' and d.next_attempt_at <= now()
              and (d.lease_until is null or d.lease_until < now())
            order by d.next_attempt_at, d.id limit $3 * 4
         ) c
       ), user_turns as (
         select t.* from (
           select c.*, row_number() over (partition by c.user_id order by c.next_attempt_at, c.id) as turn from candidates c
         ) t left join busy_users b on b.user_id = t.user_id
          where t.turn + coalesce(b.n, 0) <= $3
       ), host_turns as (
         select t.* from (
           select u.*, row_number() over (partition by u.host order by u.turn, u.next_attempt_at, u.id) as host_turn from user_turns u
         ) t left join busy_hosts b on b.host is not distinct from t.host
          where t.host_turn + coalesce(b.n, 0) <= $4
       ), chosen as (
         select id from host_turns order by turn, next_attempt_at, id limit $1
       ), due as (
         select d.id from webhook_deliveries d where d.id in (select id from chosen) for update of d skip locked
       ), taken as (
         update webhook_deliveries d set lease_until = clock_timestamp() + $2 * interval '1 millisecond', attempts = d.attempts + 1
           from due where d.id = due.id
         returning d.id, d.user_id, d.attempts, d.created_at, d.webhook_id, d.event_id
       )
       select t.id, t.attempts, t.created_at, w.id as webhook_id, w.url, w.format, w.secret,
              case when w.previous_secret_expires_at > now() then w.previous_secret end as previous_secret,
              e.id as event_id, e.user_id, e.type, e.occurred_at, e.payload
         from taken t join webhooks w on w.id = t.webhook_id and w.user_id = t.user_id join outbox_events e on e.id = t.event_id and e.user_id = t.user_id`,
      [limit, leaseMs, maxInFlightPerUser, maxInFlightPerHost],
    );
  });
  return rows.map(toClaim);
}

/**
 * The claim as it stands just before its post: the webhook read again (its URL and secrets now),
 * or null when the delivery is not to be sent after all: the webhook (or the whole account) was
 * deleted or erased since the claim, or disabled (then the delivery waits again, its try not
 * counted). Locks the delivery's row for the check, so an erasure or deletion committing at that
 * moment is waited for and seen.
 */
export async function recheckClaim(claim: ClaimedDelivery): Promise<ClaimedDelivery | null> {
  return em().transactional(async () => {
    const [row] = await query<Pick<ClaimRow, 'webhook_id' | 'url' | 'format' | 'secret' | 'previous_secret'> & { enabled: boolean }>(
      `select w.id as webhook_id, w.url, w.format, w.secret, w.enabled,
              case when w.previous_secret_expires_at > now() then w.previous_secret end as previous_secret
         from webhook_deliveries d join webhooks w on w.id = d.webhook_id and w.user_id = d.user_id
        where d.id = $1 and d.user_id = $2 and d.status = 'pending'
        for share of d`,
      [claim.id, claim.event.userId],
    );
    if (!row) return null;
    if (!row.enabled && claim.event.type !== 'ping') {
      await query(`update webhook_deliveries set lease_until = null, attempts = greatest(attempts - 1, 0) where id = $1 and user_id = $2`, [
        claim.id,
        claim.event.userId,
      ]);
      return null;
    }
    const secrets = [row.secret, ...(row.previous_secret ? [row.previous_secret] : [])];
    return { ...claim, webhook: { id: row.webhook_id, url: row.url, format: row.format, secrets } };
  });
}

/** The delay before try n+1: doubling from WEBHOOK_RETRY_BASE_MS up to six hours, with ±20 % jitter so receivers are not hit in step. */
function backoff(attempt: number): number {
  const delay = Math.min(MAX_DELAY_MS, settings.retryBaseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

/**
 * Records a try: a success ends the delivery and the webhook's failure streak; a failure worth
 * retrying is due again after the backoff (or Retry-After) while the event is less than a day
 * old, otherwise it has failed. A webhook failing for three days is disabled, with the reason.
 */
export async function recordAttempt(claim: ClaimedDelivery, outcome: AttemptOutcome, now = new Date()): Promise<void> {
  const entry = { at: now.toISOString(), duration_ms: outcome.durationMs, response_code: outcome.responseCode, error: outcome.error };
  const next = outcome.retryable ? new Date(now.getTime() + (outcome.retryAfterMs ?? backoff(claim.attempt))) : null;
  const retry = !outcome.ok && next !== null && next.getTime() < claim.createdAt.getTime() + RETRY_WINDOW_MS;
  const status = outcome.ok ? 'succeeded' : retry ? 'pending' : 'failed';
  const error =
    outcome.ok || retry || !outcome.retryable ? outcome.error : `${outcome.error}; gave up after ${claim.attempt} tries over a day`;
  await query(
    `update webhook_deliveries set status = $2, lease_until = null, next_attempt_at = coalesce($3, next_attempt_at),
        completed_at = case when $2 = 'pending' then null else $4::timestamptz end,
        last_response_code = $5, last_error = $6, last_duration_ms = $7,
        attempt_log = (jsonb_build_array($8::jsonb) || attempt_log) - ${LOG_KEPT}
      where id = $1 and user_id = $9`,
    [
      claim.id,
      status,
      retry ? next : null,
      now,
      outcome.responseCode,
      error,
      outcome.durationMs,
      JSON.stringify(entry),
      claim.event.userId,
    ],
  );
  if (claim.event.type === 'ping') return;
  if (outcome.ok) {
    await query(`update webhooks set failing_since = null where id = $1 and user_id = $2 and failing_since is not null`, [
      claim.webhook.id,
      claim.event.userId,
    ]);
    return;
  }
  const [webhook] = await query<{ failing_since: string | Date }>(
    `update webhooks set failing_since = coalesce(failing_since, $2) where id = $1 and user_id = $3 returning failing_since`,
    [claim.webhook.id, now, claim.event.userId],
  );
  if (webhook && now.getTime() - new Date(webhook.failing_since).getTime() >= DISABLE_AFTER_MS) {
    const reason = `Disabled on ${now.toISOString()}: every delivery failed for 3 days (last: ${outcome.error ?? `HTTP ${outcome.responseCode}`})`;
    await query(`update webhooks set enabled = false, disabled_reason = $2, updated_at = $3 where id = $1 and user_id = $4 and enabled`, [
      claim.webhook.id,
      reason,
      now,
      claim.event.userId,
    ]);
    await query(
      `update webhook_deliveries set status = 'failed', completed_at = $2, lease_until = null,
          last_error = case when id = $3 then last_error || '; the webhook was disabled' else 'The webhook was disabled' end
        where webhook_id = $1 and user_id = $4 and status = 'pending'`,
      [claim.webhook.id, now, claim.id, claim.event.userId],
    );
  }
}
