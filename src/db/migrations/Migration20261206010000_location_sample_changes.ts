import { Migration } from '@mikro-orm/migrations';

/**
 * Location samples in the changes feed, like every other record (type `location_sample`). A
 * sample has no id of its own: it is named by what makes it one (the user, its second and its
 * position), `<unix seconds>,<lat>,<lng>`, the numbers as PostgreSQL prints a float8 (the shortest
 * text that reads back the same). The samples stored before this are the start of their history:
 * one upsert each, numbered after the user's current version.
 */
const sampleId = (row = '') => `extract(epoch from ${row}recorded_at)::bigint::text || ',' || ${row}lat::text || ',' || ${row}lng::text`;

export class Migration20261206010000_location_sample_changes extends Migration {
  override name = 'Migration20261206010000_location_sample_changes';

  override up(): void {
    for (const [event, table] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      this.addSql(`create trigger location_samples_own_changes_${event} after ${event} on location_samples
        referencing ${table} for each statement execute function record_changes('''location_sample''', '${sampleId().replaceAll("'", "''")}', 'user_id')`);
    }
    this.addSql(`insert into changes (user_id, type, id, op, version, changed_at)
      select s.user_id, 'location_sample', ${sampleId('s.')},
             'upsert', coalesce(k.version, 0) + row_number() over (partition by s.user_id order by s.recorded_at, s.lat, s.lng), now()
        from location_samples s left join change_counters k on k.user_id = s.user_id`);
    this.addSql(`insert into change_counters as k (user_id, version)
      select user_id, max(version) from changes where type = 'location_sample' group by user_id
      on conflict (user_id) do update set version = greatest(k.version, excluded.version)`);
  }
}
