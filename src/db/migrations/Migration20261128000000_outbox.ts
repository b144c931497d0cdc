import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound events (domain/outbox) and webhooks (domain/webhooks).
 *
 * An event is written by the same transaction as the change it reports: by triggers on the
 * tables below (so every writer, request, job or automation, is covered) or by the service that
 * knows it (a batch of readings, a goal met). Nothing is lost across a crash because nothing is
 * held in memory. A publisher (src/outbound/publisher.ts) later renders each event's payload,
 * numbers it (`seq`, one publisher at a time, so the numbers commit in order: a reader of
 * `seq > n` skips nothing) and fans it out into webhook deliveries in one transaction.
 *
 * The triggers are off while `lifetrack.record_changes` is off (erasure) and while
 * `lifetrack.emit_events` is off (archive and CSV imports: a year of history is not news).
 * No foreign key to users: erasure deletes these rows itself.
 */
type Emitter = { table: string; on: 'insert' | 'update'; type: string; resource: string | null; where?: string; name: string };
const EMITTERS: Emitter[] = [
  { table: 'suggestions', on: 'insert', type: 'suggestion.created', resource: 'suggestion', name: 'created' },
  { table: 'events', on: 'insert', type: 'event.created', resource: 'event', name: 'created' },
  { table: 'narratives', on: 'insert', type: 'narrative.created', resource: 'narrative', name: 'created' },
  {
    table: 'log_captures',
    on: 'update',
    type: 'log_capture.parsed',
    resource: 'log_capture',
    where: `n.status = 'parsed' and o.status <> 'parsed'`,
    name: 'parsed',
  },
  {
    table: 'event_sources',
    on: 'update',
    type: 'calendar.sync_failed',
    resource: 'event_source',
    // Once per failure, not once per periodic sync of a feed that stays broken.
    where: `n.last_sync_status = 'error' and (o.last_sync_status is distinct from 'error' or o.last_sync_error is distinct from n.last_sync_error)`,
    name: 'sync_failed',
  },
];

/** Tables whose writes can meet a goal or start an episode: their users' recent days are checked after a pause. */
const CHECKED = [
  { table: 'health_metrics', day: 'local_date' },
  { table: 'events', day: 'local_date' },
];

export class Migration20261128000000_outbox extends Migration {
  override name = 'Migration20261128000000_outbox';

  override up(): void {
    this.addSql(`create table outbox_events (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null,
      type text not null,
      resource_type text null,
      resource_id text null,
      data jsonb null,
      payload jsonb null,
      occurred_at timestamptz not null default clock_timestamp(),
      seq bigint null unique,
      published_at timestamptz null
    )`);
    this.addSql(`create sequence outbox_seq`);
    this.addSql(`create index outbox_events_unpublished_idx on outbox_events (occurred_at) where seq is null`);
    this.addSql(`create index outbox_events_user_seq_idx on outbox_events (user_id, seq)`);
    this.addSql(`create index outbox_events_occurred_idx on outbox_events (occurred_at)`);
    // goal.met and episode.detected once per goal and period, per episode key and day.
    this.addSql(`create table outbox_once (
      user_id uuid not null,
      key text not null,
      created_at timestamptz not null default now(),
      primary key (user_id, key)
    )`);
    // Recent local days a write touched, checked for goals met and new episodes once due (a debounce).
    // No unique key: a mark is an append that never waits for another transaction's mark (a key would make two
    // writers of one user and day queue behind each other's uncommitted row until the first commits).
    this.addSql(`create table outbox_checks (
      user_id uuid not null,
      day date not null,
      due_at timestamptz not null
    )`);
    this.addSql(`create index outbox_checks_user_day_idx on outbox_checks (user_id, day)`);
    this.addSql(`create index outbox_checks_due_idx on outbox_checks (due_at)`);

    this.addSql(`create function outbox_on() returns boolean language sql stable as $fn$
      select coalesce(current_setting('lifetrack.record_changes', true), '') <> 'off'
         and coalesce(current_setting('lifetrack.emit_events', true), '') <> 'off'
    $fn$`);

    this.addSql(`create function emit_outbox() returns trigger language plpgsql as $fn$
      begin
        if not outbox_on() then
          return null;
        end if;
        if TG_OP = 'INSERT' then
          execute format(
            'insert into outbox_events (user_id, type, resource_type, resource_id) select user_id, %L, %L, id::text from new_rows',
            TG_ARGV[0], TG_ARGV[1]);
        else
          execute format(
            'insert into outbox_events (user_id, type, resource_type, resource_id)
               select n.user_id, %L, %L, n.id::text from new_rows n join old_rows o on o.id = n.id where %s',
            TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
        end if;
        perform pg_notify('lifetrack_outbox', '');
        return null;
      end
    $fn$`);
    for (const e of EMITTERS) {
      const transition = e.on === 'insert' ? 'new table as new_rows' : 'new table as new_rows old table as old_rows';
      const args = [e.type, e.resource, e.where ?? 'true'].map((a) => `'${String(a).replaceAll("'", "''")}'`).join(', ');
      this.addSql(`create trigger ${e.table}_outbox_${e.name} after ${e.on} on ${e.table}
        referencing ${transition} for each statement execute function emit_outbox(${args})`);
    }

    // The inbox's pending count moves with every suggestion written: one internal event per statement and user.
    this.addSql(`create function emit_inbox_changed() returns trigger language plpgsql as $fn$
      begin
        if not outbox_on() then
          return null;
        end if;
        execute format('insert into outbox_events (user_id, type) select distinct user_id, ''inbox.changed'' from %I',
          case when TG_OP = 'DELETE' then 'old_rows' else 'new_rows' end);
        perform pg_notify('lifetrack_outbox', '');
        return null;
      end
    $fn$`);
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      this.addSql(`create trigger suggestions_outbox_inbox_${event} after ${event} on suggestions
        referencing ${transition} for each statement execute function emit_inbox_changed()`);
    }

    // Only today and yesterday (in the user's timezone) are checked: an older day written now is history, not news.
    // The check is due 5 s after the write: the first due mark of a day takes every mark of it (src/domain/outbox/checks.ts).
    this.addSql(`create function mark_outbox_checks() returns trigger language plpgsql as $fn$
      begin
        if not outbox_on() then
          return null;
        end if;
        execute format(
          'insert into outbox_checks (user_id, day, due_at)
             select t.user_id, t.day, clock_timestamp() + interval ''5 seconds''
               from (select distinct r.user_id, r.%I as day from new_rows r join users u on u.id = r.user_id
                      where r.%I >= (now() at time zone u.timezone)::date - 1) t',
          TG_ARGV[0], TG_ARGV[0]);
        return null;
      end
    $fn$`);
    for (const c of CHECKED) {
      for (const event of ['insert', 'update']) {
        this.addSql(`create trigger ${c.table}_outbox_checks_${event} after ${event} on ${c.table}
          referencing new table as new_rows for each statement execute function mark_outbox_checks('${c.day}')`);
      }
    }
    // A goal set or changed may be met already today.
    this.addSql(`create function mark_goal_checks() returns trigger language plpgsql as $fn$
      begin
        if not outbox_on() then
          return null;
        end if;
        insert into outbox_checks (user_id, day, due_at)
          select t.user_id, t.day, clock_timestamp() + interval '5 seconds'
            from (select distinct r.user_id, (now() at time zone u.timezone)::date as day
                    from new_rows r join users u on u.id = r.user_id) t;
        return null;
      end
    $fn$`);
    for (const event of ['insert', 'update']) {
      this.addSql(`create trigger metric_goals_outbox_checks_${event} after ${event} on metric_goals
        referencing new table as new_rows for each statement execute function mark_goal_checks()`);
    }

    this.addSql(`create table webhooks (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      url text not null,
      events text[] null,
      format text not null default 'standard' check (format in ('standard', 'ntfy')),
      enabled boolean not null default true,
      description text null,
      secret text not null,
      previous_secret text null,
      previous_secret_expires_at timestamptz null,
      failing_since timestamptz null,
      disabled_reason text null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create index webhooks_user_idx on webhooks (user_id, created_at)`);
    this.addSql(`create table webhook_deliveries (
      id uuid primary key,
      webhook_id uuid not null references webhooks (id) on delete cascade,
      user_id uuid not null,
      event_id uuid not null,
      event_type text not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      lease_until timestamptz null,
      last_response_code integer null,
      last_error text null,
      last_duration_ms integer null,
      attempt_log jsonb not null default '[]',
      created_at timestamptz not null default now(),
      completed_at timestamptz null
    )`);
    this.addSql(`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`);
    this.addSql(`create index webhook_deliveries_webhook_idx on webhook_deliveries (webhook_id, created_at desc, id desc)`);
    this.addSql(`create index webhook_deliveries_created_idx on webhook_deliveries (created_at)`);
  }
}
