import { Migration } from '@mikro-orm/migrations';

/**
 * The readings list's index without the id: (user_id, recorded_at desc), a third narrower.
 *
 * Each entry held the reading's 16-byte id only to break ties between readings of one instant,
 * which are few (a blood pressure's two values, two devices' steps of one minute). A page is now
 * read in the index's order and its rare ties sorted by id as they come (an incremental sort:
 * the groups of equal recorded_at, not the page, let alone the history), so the list keeps the
 * same order, the same index range for a cursor and the same cost. Readings of one user and instant
 * share one entry (B-tree deduplication), which the id made impossible.
 */
export class Migration20261201000000_readings_list_index extends Migration {
  override name = 'Migration20261201000000_readings_list_index';

  override up(): void {
    this.addSql(`drop index health_metrics_user_recorded_idx`);
    this.addSql(`create index health_metrics_user_recorded_idx on health_metrics (user_id, recorded_at desc)`);
  }
}
