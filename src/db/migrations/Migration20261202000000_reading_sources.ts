import { Migration } from '@mikro-orm/migrations';

/**
 * A reading's source and source_id in 20 bytes instead of ~49 (docs/decisions.md, Storage per
 * reading): the table is rewritten once, in id order, as Migration20261129000000_readings_layout did.
 *
 * - `source` becomes `source_no`, a number into the user's own table of sources (`reading_sources`,
 *   numbered 1, 2, … per user in the order first seen; erasure takes it with the user's data).
 * - A source_id spelled as a uuid in lower or upper case (HealthKit's are upper case) is stored in
 *   `source_uuid` (16 bytes, not 37), and the sign of `source_no` keeps its letter case: negative for
 *   upper. Any other source_id (mixed case, other shapes) stays text in `source_id`. Reads spell it
 *   back as it was sent (src/domain/metrics/reading-sources.ts).
 * - The dedup key is the same pair, exact as before: the user, the signed source number and the
 *   source_id as text. A text source_id is never a lower- or upper-case uuid, so the two forms
 *   cannot meet.
 *
 * The row goes from 140 to 108 bytes with its line pointer. Triggers are read off the old table and
 * made again, as the layout migration did; the rows are copied with none of them firing.
 */
export class Migration20261202000000_reading_sources extends Migration {
  override name = 'Migration20261202000000_reading_sources';

  override up(): void {
    this.addSql(`create table reading_sources (
      user_id uuid not null references users (id) on delete cascade,
      no smallint not null,
      source text not null,
      constraint reading_sources_pkey primary key (user_id, no),
      constraint reading_sources_user_source_key unique (user_id, source)
    )`);
    this.addSql(`insert into reading_sources (user_id, no, source)
      select user_id, row_number() over (partition by user_id order by source), source
        from (select distinct user_id, source from health_metrics) s`);
    this.addSql(`create table health_metrics_packed (
      id uuid not null,
      user_id uuid not null,
      recorded_at timestamptz not null,
      value double precision not null,
      created_at timestamptz null,
      reading_group_id uuid null,
      local_date date not null,
      metric_type_id smallint not null,
      source_no smallint not null,
      source_uuid uuid null,
      source_id text null,
      metadata jsonb null
    )`);
    this.addSql(`insert into health_metrics_packed
      (id, user_id, recorded_at, value, created_at, reading_group_id, local_date, metric_type_id, source_no, source_uuid, source_id, metadata)
      select h.id, h.user_id, h.recorded_at, h.value, h.created_at, h.reading_group_id, h.local_date, h.metric_type_id,
             case when h.source_id ~ '${LOWER}' then s.no when h.source_id ~ '${UPPER}' then -s.no else s.no end,
             case when h.source_id ~ '${LOWER}' or h.source_id ~ '${UPPER}' then h.source_id::uuid end,
             case when h.source_id ~ '${LOWER}' or h.source_id ~ '${UPPER}' then null else h.source_id end,
             h.metadata
        from health_metrics h join reading_sources s on s.user_id = h.user_id and s.source = h.source
       order by h.id`);
    this.addSql(`create temporary table health_metrics_kept_triggers on commit drop as
      select pg_get_triggerdef(oid) as definition from pg_trigger where tgrelid = 'health_metrics'::regclass and not tgisinternal`);
    this.addSql(`drop table health_metrics`);
    this.addSql(`alter table health_metrics_packed rename to health_metrics`);
    this.addSql(`alter table health_metrics add constraint health_metrics_pkey primary key (id) with (fillfactor = 100)`);
    this.addSql(`alter table health_metrics add constraint health_metrics_user_id_fkey
      foreign key (user_id) references users (id) on delete cascade`);
    this.addSql(`alter table health_metrics add constraint health_metrics_user_source_excl
      exclude using hash ((user_id::text || source_no::text || ':' || coalesce(source_uuid::text, source_id)) with =) with (fillfactor = 100)`);
    this.addSql(`create index health_metrics_user_recorded_idx on health_metrics (user_id, recorded_at desc)`);
    this.addSql(`create index health_metrics_user_sparse_type_idx on health_metrics (user_id, metric_type_id, recorded_at desc)
      where metric_type_id not in (1, 2, 3, 9)`);
    this.addSql(`do $$ declare d text; begin
      for d in select definition from health_metrics_kept_triggers loop execute d; end loop;
    end $$`);
    // Gone now, not at commit: migrations run in one transaction, and a later one may keep its own.
    this.addSql(`drop table health_metrics_kept_triggers`);
    this.addSql(`analyze health_metrics`);
    this.addSql(`analyze reading_sources`);
  }
}

/** A uuid in canonical form, all lower case (digits only counts as lower) or all upper: reading-sources.ts's test, in SQL. */
const LOWER = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const UPPER = '^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$';
