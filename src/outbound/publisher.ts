import { em } from '../db/context.ts';
import { query } from '../db/sql.ts';
import { FAN_OUT_EXCLUDED } from '../domain/outbox/outbox.service.ts';

/** Any fixed number: the advisory lock that makes one publisher at a time, across processes. */
const PUBLISH_LOCK = 7_402_113_027;

/**
 * Publishes the events written since the last run, oldest first, in one transaction: numbers
 * each (`seq`) and creates a delivery for every enabled webhook of its user that wants its type.
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
    await query(
      `insert into webhook_deliveries (id, webhook_id, user_id, event_id, event_type)
       select gen_random_uuid(), w.id, e.user_id, e.id, e.type
         from outbox_events e join webhooks w on w.user_id = e.user_id and w.enabled and (w.events is null or e.type = any(w.events))
        where e.id = any($1::uuid[]) and e.type <> all($2::text[])`,
      [ids, FAN_OUT_EXCLUDED],
    );
    await query(`select pg_notify('lifetrack_published', '')`);
    return ids.length;
  });
}

/** Whether a round has anything to do: events to publish, checks due, deliveries due. */
export async function outboundWork(): Promise<{ unpublished: boolean; checks: boolean; deliveries: boolean }> {
  const [row] = await query<{ unpublished: boolean; checks: boolean; deliveries: boolean }>(
    `select exists (select 1 from outbox_events where seq is null) as unpublished,
            exists (select 1 from outbox_checks where due_at <= clock_timestamp()) as checks,
            exists (select 1 from webhook_deliveries where status = 'pending' and next_attempt_at <= now()) as deliveries`,
  );
  return row;
}
