import { Migration } from '@mikro-orm/migrations';

/**
 * What a calendar sync could not read: how many events it skipped and why for the first few, so
 * a user sees that one malformed event of their feed was left out rather than finding it missing.
 */
export class Migration20261124000000_calendar_skipped extends Migration {
  override name = 'Migration20261124000000_calendar_skipped';

  override up(): void {
    this.addSql(`alter table event_sources
      add column last_sync_skipped_count integer null,
      add column last_sync_skipped_reasons jsonb null`);
  }
}
