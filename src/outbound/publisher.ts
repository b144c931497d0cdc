import { em } from '../db/context.ts';
import { query } from '../db/sql.ts';
import { FAN_OUT_EXCLUDED } from '../domain/outbox/outbox.service.ts';
import { settings } from '../domain/webhooks/settings.ts';

/** Any fixed number: the advisory lock that makes one publisher at a time, across processes. */
const PUBLISH_LOCK = 7_402_113_027;

/**
 * Publishes the events written since the last run, oldest first, in one transaction: numbers
 * each (`seq`) and creates a delivery for every enabled webhook of its user that wants its type
 * (within the account's pending limits: fanOut).
 * One publisher at a time (a transaction-scoped advisory lock; another process finding it taken
 * leaves the work to the holder), so numbers commit in increasing order and a subscription
 * reading `seq > n` never passes one still to commit. Payloads are rendered later, by the first
 * reader that needs one (payloads.ts): most events have no webhook and no subscriber waiting.
 */
export async function publishPending(limit = 500): Promise<number> {
  return em().transactional(async () => {
    const [lock] = await query<{ ok: boolean }>(`select pg_try_advisory_xact_lock($1) as ok`, [PUBLISH_LOCK]);
    if (!lock?.ok) return 0;
    const published = await query<{ id: string }>(
      `with batch as (select id, occurred_at from outbox_events where seq is null order by occurred_at, id limit $1 for update),
            numbered as (select id, nextval('outbox_seq') as seq from (select id from batch order by occurred_at, id) b)
       update outbox_events e set seq = n.seq, published_at = now() from numbered n where e.id = n.id returning e.id`,
      [limit],
    );
    if (published.length === 0) return 0;
    const ids = published.map((r) => r.id);
    await fanOut(ids);
    await query(`select pg_notify('lifetrack_published', '')`);
    return ids.length;
  });
}

/** Whether a round has anything to do: events to publish, checks due, reminders due (or their pushes), deliveries due. */
export async function outboundWork(): Promise<{ unpublished: boolean; checks: boolean; reminders: boolean; deliveries: boolean }> {
  const [row] = await query<{ unpublished: boolean; checks: boolean; reminders: boolean; deliveries: boolean }>(
    `select exists (select 1 from outbox_events where seq is null) as unpublished,
            exists (select 1 from outbox_checks where due_at <= clock_timestamp()) as checks,
            exists (select 1 from reminders where enabled and next_due_at <= clock_timestamp())
              or exists (select 1 from reminders where snoozed_until <= clock_timestamp())
              or exists (select 1 from reminder_firings where status = 'pending' and (claimed_until is null or claimed_until < clock_timestamp()))
              as reminders,
            exists (select 1 from webhook_deliveries where status = 'pending' and next_attempt_at <= now()) as deliveries`,
  );
  return row;
}

/**
 * A delivery of each event for every enabled webhook of its user that wants its type. One past
 * the account's pending limits (WEBHOOK_MAX_PENDING_PER_USER, WEBHOOK_MAX_PENDING_PER_HOST,
 * counted as the interactive routes count them, in event order within the batch) is not queued:
 * it is recorded as failed, without a try, saying why, so the user sees what was dropped and can
 * redeliver it once the backlog has gone out. Deferring it instead would be the unbounded queue
 * the limit is there to prevent.
 */
async function fanOut(ids: string[]): Promise<void> {
  const { maxPendingPerUser, maxPendingPerHost } = settings.limits;
  await query(
    `with wanted as (
       select w.id as webhook_id, w.host, e.user_id, e.id as event_id, e.type, e.occurred_at
         from outbox_events e join webhooks w on w.user_id = e.user_id and w.enabled and (w.events is null or e.type = any(w.events))
        where e.id = any($1::uuid[]) and e.type <> all($2::text[])
     ), waiting as (
       select d.user_id, w.host from webhook_deliveries d join webhooks w on w.id = d.webhook_id and w.user_id = d.user_id
        where d.user_id in (select user_id from wanted) and d.status = 'pending' and (w.enabled or d.event_type = 'ping')
     ), per_user as (
       select user_id, count(*) as n from waiting group by user_id
     ), per_host as (
       select user_id, host, count(*) as n from waiting group by user_id, host
     ), by_host as (
       select x.*,
              row_number() over (partition by x.user_id, x.host order by x.occurred_at, x.event_id, x.webhook_id) + coalesce(h.n, 0) <= $4::int
                as host_room
         from wanted x left join per_host h on h.user_id = x.user_id and h.host is not distinct from x.host
     ), by_user as (
       -- Counted among those the host limit lets through: one dropped for its host takes no room of the account's.
       select x.*,
              row_number() over (partition by x.user_id, x.host_room order by x.occurred_at, x.event_id, x.webhook_id) + coalesce(u.n, 0) <= $3::int
                as user_room
         from by_host x left join per_user u on u.user_id = x.user_id
     ), judged as (
       select x.*, case
           when not x.host_room then 'Not sent: ' || $4::int::text || ' deliveries of this account to this host were already waiting (WEBHOOK_MAX_PENDING_PER_HOST); redeliver it once they have gone out'
           when not x.user_room then 'Not sent: ' || $3::int::text || ' deliveries of this account were already waiting (WEBHOOK_MAX_PENDING_PER_USER); redeliver it once they have gone out'
         end as dropped
         from by_user x
     )
     insert into webhook_deliveries (id, webhook_id, user_id, event_id, event_type, status, completed_at, last_error)
     select gen_random_uuid(), webhook_id, user_id, event_id, type,
            case when dropped is null then 'pending' else 'failed' end, case when dropped is not null then now() end, dropped
       from judged`,
    [ids, FAN_OUT_EXCLUDED, maxPendingPerUser, maxPendingPerHost],
  );
}
