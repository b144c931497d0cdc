import { Migration } from '@mikro-orm/migrations';

/**
 * Log captures, the suggestion inbox, event sources and tracking timers.
 * Every user-scoped index leads with user_id; the sweeps' partial indexes stay small.
 */
export class Migration20261122020000_captures extends Migration {
  override name = 'Migration20261122020000_captures';

  override up(): void {
    this.addSql(`create table log_captures (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      client_id uuid null,
      text text not null,
      captured_at timestamptz not null,
      status text not null default 'queued' check (status in ('queued', 'processing', 'parsed', 'failed')),
      attempts integer not null default 0,
      failure_reason text null,
      parser_version text null,
      parsed_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint log_captures_user_client_key unique (user_id, client_id)
    )`);
    this.addSql(`create index log_captures_user_created_idx on log_captures (user_id, created_at desc, id desc)`);
    // The sweep that re-enqueues captures a crash left behind reads only unfinished rows.
    this.addSql(`create index log_captures_unfinished_idx on log_captures (user_id, updated_at)
      where status in ('queued', 'processing')`);

    this.addSql(`create table suggestions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      kind text not null check (kind in ('event', 'metric_reading', 'meal', 'place_visit', 'new_place')),
      source text not null check (source in ('log_capture', 'automation', 'location', 'calendar')),
      status text not null default 'pending' check (status in ('pending', 'accepted', 'dismissed', 'expired')),
      title text not null,
      summary text not null,
      confidence double precision null check (confidence between 0 and 1),
      occurred_at timestamptz null,
      window_start timestamptz null,
      window_end timestamptz null,
      expires_at timestamptz null,
      decided_at timestamptz null,
      payload jsonb not null default '{}',
      provenance jsonb not null default '{}',
      log_capture_id uuid null references log_captures (id) on delete set null,
      capture_ordinal integer null,
      resulting_event_id uuid null references events (id) on delete set null,
      resulting_place_id uuid null,
      resulting_reading_id uuid null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create index suggestions_user_status_idx on suggestions (user_id, status, created_at desc, id desc)`);
    this.addSql(`create index suggestions_user_created_idx on suggestions (user_id, created_at desc, id desc)`);
    // One capture yields its suggestions once: a second parse of the same capture inserts nothing.
    this.addSql(`create unique index suggestions_capture_ordinal_key on suggestions (user_id, log_capture_id, capture_ordinal)
      where log_capture_id is not null`);
    this.addSql(`create index suggestions_pending_expiry_idx on suggestions (user_id, expires_at)
      where status = 'pending' and expires_at is not null`);

    this.addSql(`create table event_sources (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      kind text not null check (kind in ('manual', 'health', 'calendar', 'location', 'log_capture', 'import')),
      source_label text not null,
      enabled boolean not null default true,
      is_default boolean not null default false,
      config jsonb not null default '{}',
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create unique index event_sources_user_default_key on event_sources (user_id, kind) where is_default`);

    this.addSql(`create table tracking_timers (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      category_id uuid null references categories (id) on delete set null,
      label text null,
      started_at timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create index tracking_timers_user_started_idx on tracking_timers (user_id, started_at desc, id desc)`);
  }
}
