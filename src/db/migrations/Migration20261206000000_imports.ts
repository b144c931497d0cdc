import { Migration } from '@mikro-orm/migrations';

/**
 * The import pipeline (src/imports, docs/decisions.md "Imports"):
 * - `imports`: one row per uploaded file, its status, progress and counts; at most one queued or
 *   running per user (a partial unique index, so two concurrent uploads cannot both start).
 * - Location samples are one per user, second and position (coordinates to 1e-6): the key was the
 *   user and the instant, which dropped a second sample of the same second at another position
 *   and kept two of one fix sent with and without milliseconds. Existing rows are brought to that
 *   precision, keeping the first of any that now coincide.
 * - Visits a source app recognised itself (Google Timeline) are kept as visits of source `import`,
 *   named by `import_key` so a second import adds none. A visit whose place the user does not have
 *   yet waits in `import_pending_visits` under the source's place reference, and becomes a visit
 *   when the user accepts the new-place suggestion made for it.
 */
export class Migration20261206000000_imports extends Migration {
  override name = 'Migration20261206000000_imports';

  override up(): void {
    this.addSql(`create table imports (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      status text not null check (status in ('queued', 'running', 'succeeded', 'failed')),
      format text null,
      detected_format text not null,
      filename text null,
      options jsonb not null default '{}',
      bytes_total bigint not null,
      bytes_read bigint not null default 0,
      counts jsonb not null,
      reasons jsonb not null default '[]',
      error text null,
      file_path text null,
      attempts smallint not null default 0,
      cancel_requested boolean not null default false,
      created_at timestamptz not null,
      started_at timestamptz null,
      finished_at timestamptz null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create index imports_user_created_idx on imports (user_id, created_at desc, id desc)`);
    this.addSql(`create unique index imports_one_active_idx on imports (user_id) where status in ('queued', 'running')`);

    this.addSql(`delete from location_samples a using location_samples b
      where a.user_id = b.user_id and a.ctid > b.ctid
        and date_trunc('second', a.recorded_at at time zone 'UTC') = date_trunc('second', b.recorded_at at time zone 'UTC')
        and round(a.lat::numeric, 6) = round(b.lat::numeric, 6) and round(a.lng::numeric, 6) = round(b.lng::numeric, 6)`);
    this.addSql(`update location_samples set
        recorded_at = date_trunc('second', recorded_at at time zone 'UTC') at time zone 'UTC',
        lat = round(lat::numeric, 6)::float8, lng = round(lng::numeric, 6)::float8
      where recorded_at <> date_trunc('second', recorded_at at time zone 'UTC') at time zone 'UTC'
         or lat <> round(lat::numeric, 6)::float8 or lng <> round(lng::numeric, 6)::float8`);
    this.addSql(`alter table location_samples drop constraint location_samples_pkey`);
    this.addSql(`alter table location_samples add primary key (user_id, recorded_at, lat, lng)`);

    this.addSql(`alter table place_visits drop constraint place_visits_source_check`);
    this.addSql(`alter table place_visits add constraint place_visits_source_check
      check (source in ('manual', 'detected', 'suggestion', 'import'))`);
    this.addSql(`alter table place_visits add column import_key text null`);
    this.addSql(`create unique index place_visits_user_import_key_idx on place_visits (user_id, import_key) where import_key is not null`);

    this.addSql(`create table import_pending_visits (
      user_id uuid not null references users (id) on delete cascade,
      import_key text not null,
      place_ref text not null,
      occurred_at timestamptz not null,
      ended_at timestamptz null,
      local_date date not null,
      primary key (user_id, import_key)
    )`);
    this.addSql(`create index import_pending_visits_place_idx on import_pending_visits (user_id, place_ref)`);
  }
}
