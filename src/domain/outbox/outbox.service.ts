import { query } from '../../db/sql.ts';
import type { ChangeType } from '../changes/change-types.ts';
import { INBOX_CHANGED, PING, REMINDER_DUE, type OutboxType } from './event-types.ts';

/** An event as published: its payload is the REST read of what it reports, rendered once for every reader. */
export type OutboundEvent = {
  id: string;
  userId: string;
  type: OutboxType;
  occurredAt: Date;
  payload: unknown;
  /** Publication order across all users: a reader of `seq > n` misses nothing (src/outbound/publisher.ts). */
  seq: number;
};

/** An event written but not yet published: what it is about, for the publisher to render. */
export type PendingEvent = {
  id: string;
  userId: string;
  type: OutboxType;
  occurredAt: Date;
  resource: { type: ChangeType; id: string } | null;
  /** What the emitter knew (a batch's counts, the day a goal was met), in domain terms. */
  data: unknown;
};

/**
 * Records an event in the caller's transaction, so it exists exactly when the write it reports
 * commits. Nothing is recorded while events are off (erasure, imports: docs/architecture.md).
 */
export async function emitEvent(
  userId: string,
  type: OutboxType,
  data: unknown,
  resource: { type: ChangeType; id: string } | null = null,
): Promise<string | null> {
  const [row] = await query<{ id: string }>(
    `insert into outbox_events (user_id, type, resource_type, resource_id, data)
       select $1, $2, $3, $4, $5::jsonb where outbox_on() returning id`,
    [userId, type, resource?.type ?? null, resource?.id ?? null, JSON.stringify(data ?? null)],
  );
  if (row) await query(`select pg_notify('lifetrack_outbox', '')`);
  return row?.id ?? null;
}

/** Turns events off for the rest of the caller's transaction: a bulk import is history, not news. */
export async function muteEvents(): Promise<void> {
  await query(`select set_config('lifetrack.emit_events', 'off', true)`);
}

type EventRow = { id: string; user_id: string; type: OutboxType; occurred_at: Date | string; payload: unknown; seq: string };
const toEvent = (r: EventRow): OutboundEvent => ({
  id: r.id,
  userId: r.user_id,
  type: r.type,
  occurredAt: new Date(r.occurred_at),
  payload: r.payload,
  seq: Number(r.seq),
});

/** Every user's events published after `after`, in order: what the subscription hub fans out (it filters by user). */
export async function publishedAfter(after: number, limit: number): Promise<OutboundEvent[]> {
  const rows = await query<EventRow>(
    `select id, user_id, type, occurred_at, payload, seq from outbox_events where seq > $1 order by seq limit $2`,
    [after, limit],
  );
  return rows.map(toEvent);
}

/** The newest publication number: a new subscriber starts after it. */
export async function lastPublished(): Promise<number> {
  const [row] = await query<{ seq: string | null }>(`select max(seq) as seq from outbox_events`);
  return Number(row?.seq ?? 0);
}

/** Events are not delivered to webhooks of their own accord when they are internal or addressed to one webhook. */
export const FAN_OUT_EXCLUDED: readonly OutboxType[] = [INBOX_CHANGED, PING, REMINDER_DUE];

/** How long published events, deliveries and once-marks are kept (EVENTS_RETENTION_DAYS). */
const retention = { days: 7 };

export function configureOutbox(options: { retentionDays: number }): void {
  retention.days = options.retentionDays;
}

/** Drops events and finished deliveries older than the retention; pending deliveries stay until they end. */
export async function pruneOutbox(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retention.days * 86_400_000);
  const deliveries = await query(`delete from webhook_deliveries where created_at < $1 and status <> 'pending' returning 1`, [cutoff]);
  const events = await query(
    `delete from outbox_events e where occurred_at < $1 and seq is not null
        and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.user_id = e.user_id) returning 1`,
    [cutoff],
  );
  await query(`delete from outbox_once where created_at < $1`, [new Date(cutoff.getTime() - 86_400_000)]);
  return deliveries.length + events.length;
}

type PendingRow = {
  id: string;
  user_id: string;
  type: OutboxType;
  occurred_at: Date | string;
  resource_type: ChangeType | null;
  resource_id: string | null;
  data: unknown;
};

/** What the events (of these users) are about, for rendering their payloads; ids not found (pruned) are left out. */
export async function eventsToRender(ids: string[], userIds: string[]): Promise<PendingEvent[]> {
  const rows = await query<PendingRow>(
    `select id, user_id, type, occurred_at, resource_type, resource_id, data from outbox_events
      where id = any($1::uuid[]) and user_id = any($2::uuid[])`,
    [ids, userIds],
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    type: r.type,
    occurredAt: new Date(r.occurred_at),
    resource: r.resource_type && r.resource_id ? { type: r.resource_type, id: r.resource_id } : null,
    data: r.data,
  }));
}

/**
 * Keeps each event's first rendered payload and returns the kept ones: two readers rendering
 * the same event at once store one, so every webhook try and redelivery sends the same bytes.
 */
export async function keepPayloads(payloads: Map<string, unknown>, userIds: string[]): Promise<Map<string, unknown>> {
  if (payloads.size === 0) return new Map();
  const rows = await query<{ id: string; payload: unknown }>(
    `update outbox_events e set payload = coalesce(e.payload, x.payload)
       from jsonb_to_recordset($1::jsonb) as x (id uuid, payload jsonb) where e.id = x.id and e.user_id = any($2::uuid[])
     returning e.id, e.payload`,
    [JSON.stringify([...payloads].map(([id, payload]) => ({ id, payload }))), userIds],
  );
  return new Map(rows.map((r) => [r.id, r.payload]));
}
