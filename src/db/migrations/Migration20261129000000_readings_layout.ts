import { Migration } from '@mikro-orm/migrations';

/**
 * Readings in less room (docs/operations.md, Storage): the table is rewritten once, in id order.
 *
 * - Columns in alignment order: the fixed 8- and 16-byte values first, then the date, the metric
 *   number and the texts. In the old order the padding around `metric_type_id`, `local_date` and
 *   `created_at` cost 8 bytes a row.
 * - `metadata` is null when a reading has none (almost all): no value at all instead of a 5-byte
 *   `{}`, which with the padding after it took another 8 bytes. Reads show null as `{}`.
 * - The dedup constraint's hash index packs its buckets full (fillfactor 100): its entries are
 *   4-byte hash codes of the key, so a full bucket is still a short scan.
 * - The other indexes are made again as they were, so every list keeps its plan. (The list index without
 *   its id would be a third smaller, but a page would then need a sort, which stale statistics can
 *   turn into a sort of the user's whole history.)
 *
 * Triggers (the changes feed's, the outbox's) are read off the old table and made again on the new
 * one as they were, so this migration needs no list of them; the rows are copied with none of them
 * firing (nothing changed for a client).
 */
export class Migration20261129000000_readings_layout extends Migration {
  override name = 'Migration20261129000000_readings_layout';

  override up(): void {
    this.addSql(`create table health_metrics_packed (
      id uuid not null,
      user_id uuid not null,
      recorded_at timestamptz not null,
      value double precision not null,
      created_at timestamptz not null default now(),
      reading_group_id uuid null,
      local_date date not null,
      metric_type_id smallint not null,
      source text not null,
      source_id text null,
      metadata jsonb null
    )`);
    this.addSql(`insert into health_metrics_packed
      (id, user_id, recorded_at, value, created_at, reading_group_id, local_date, metric_type_id, source, source_id, metadata)
      select id, user_id, recorded_at, value, created_at, reading_group_id, local_date, metric_type_id, source, source_id,
             nullif(metadata, '{}'::jsonb)
        from health_metrics order by id`);
    this.addSql(`create temporary table health_metrics_triggers on commit drop as
      select pg_get_triggerdef(oid) as definition from pg_trigger where tgrelid = 'health_metrics'::regclass and not tgisinternal`);
    this.addSql(`drop table health_metrics`);
    this.addSql(`alter table health_metrics_packed rename to health_metrics`);
    this.addSql(`alter table health_metrics add constraint health_metrics_pkey primary key (id) with (fillfactor = 100)`);
    this.addSql(`alter table health_metrics add constraint health_metrics_user_id_fkey
      foreign key (user_id) references users (id) on delete cascade`);
    this.addSql(`alter table health_metrics add constraint health_metrics_user_source_excl
      exclude using hash ((user_id::text || length(source)::text || ':' || source || source_id) with =) with (fillfactor = 100)`);
    this.addSql(`create index health_metrics_user_recorded_idx on health_metrics (user_id, recorded_at desc, id desc)`);
    this.addSql(`create index health_metrics_user_sparse_type_idx on health_metrics (user_id, metric_type_id, recorded_at desc)
      where metric_type_id not in (1, 2, 3, 9)`);
    this.addSql(`do $$ declare d text; begin
      for d in select definition from health_metrics_triggers loop execute d; end loop;
    end $$`);
    this.addSql(`analyze health_metrics`);
  }
}
