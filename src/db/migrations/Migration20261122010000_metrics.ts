import { Migration } from '@mikro-orm/migrations';

/**
 * Metric readings, per-user metric definitions (ranked sources), automations and their
 * once-per-day firing log, and goals. Every user-scoped index leads with user_id.
 */
export class Migration20261122010000_metrics extends Migration {
  override name = 'Migration20261122010000_metrics';

  override up(): void {
    // Readings are immutable: no updated_at column (it reads as created_at); the unit is the
    // catalogue's canonical unit, so it is not stored either.
    this.addSql(`create table health_metrics (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      metric_type_id smallint not null,
      recorded_at timestamptz not null,
      local_date date not null,
      value double precision not null,
      source text not null,
      source_id text null,
      reading_group_id uuid null,
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`);
    // Dedup key: a null source_id never collides (SQL null semantics), so such readings are never skipped.
    this.addSql(`create unique index health_metrics_user_source_key on health_metrics (user_id, source, source_id)`);
    this.addSql(`create index health_metrics_user_recorded_idx on health_metrics (user_id, recorded_at desc, id desc)`);
    this.addSql(`create index health_metrics_user_type_idx on health_metrics (user_id, metric_type_id, recorded_at desc)`);

    // One row per user, local day, metric and source, maintained by ingest from the rows it actually
    // inserted: the day summary and the insights matrix read days, never raw readings.
    this.addSql(`create table health_metric_days (
      user_id uuid not null references users (id) on delete cascade,
      local_date date not null,
      metric_type_id smallint not null,
      source text not null,
      n integer not null,
      total double precision not null,
      min_value double precision not null,
      max_value double precision not null,
      last_value double precision not null,
      last_at timestamptz not null,
      primary key (user_id, local_date, metric_type_id, source)
    )`);

    // Every source that ever reported a metric, with its first day: the default order of unranked sources.
    this.addSql(`create table metric_sources (
      user_id uuid not null references users (id) on delete cascade,
      metric_type_id smallint not null,
      source text not null,
      first_date date not null,
      primary key (user_id, metric_type_id, source)
    )`);

    this.addSql(`create table metric_definitions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      metric_type_id smallint not null,
      display_name text null,
      enabled boolean not null default true,
      manual_fallback boolean not null default true,
      resolution_operator text not null default 'priority'
        check (resolution_operator in ('priority', 'latest', 'max', 'min', 'mean')),
      sources jsonb not null default '[]',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint metric_definitions_user_type_key unique (user_id, metric_type_id)
    )`);

    this.addSql(`create table metric_automations (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      definition_id uuid not null references metric_definitions (id) on delete cascade,
      enabled boolean not null default true,
      trigger_type text not null check (trigger_type in ('threshold', 'reading_received', 'missing_by')),
      trigger_config jsonb not null default '{}',
      action_type text not null check (action_type in ('create_suggestion', 'log_event')),
      action_config jsonb not null default '{}',
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create index metric_automations_user_definition_idx on metric_automations (user_id, definition_id, created_at)`);

    // One row per automation per local day it fired: the primary key is the "at most once a day" guarantee.
    this.addSql(`create table metric_automation_firings (
      user_id uuid not null references users (id) on delete cascade,
      automation_id uuid not null references metric_automations (id) on delete cascade,
      local_date date not null,
      fired_at timestamptz not null,
      primary key (user_id, automation_id, local_date)
    )`);

    this.addSql(`create table metric_goals (
      user_id uuid not null references users (id) on delete cascade,
      metric_type_id smallint not null,
      target double precision not null check (target > 0),
      direction text not null check (direction in ('at_least', 'at_most')),
      active boolean not null default true,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (user_id, metric_type_id)
    )`);
  }
}
