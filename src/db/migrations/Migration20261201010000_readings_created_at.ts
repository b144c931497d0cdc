import { Migration } from '@mikro-orm/migrations';

/**
 * A reading's created_at is stored only where its id does not already say it: 8 bytes less a row.
 *
 * Ingest's ids are time-ordered UUIDs (version 7) whose first 48 bits are the millisecond they
 * were made, and a batch's ids are now all made in the batch's millisecond, which is its
 * created_at (src/core/ids.ts, newTimeOrderedIds). So ingest stores null, and a read takes the
 * instant from the id (src/domain/metrics/metric.entity.ts, storedCreatedAt and createdAtOf).
 * Random (version 4) ids, and imported readings whose created_at differs from their id's time,
 * keep their value: null only ever stands for the value it replaces, to the millisecond the API
 * shows. Existing rows are not rewritten.
 */
export class Migration20261201010000_readings_created_at extends Migration {
  override name = 'Migration20261201010000_readings_created_at';

  override up(): void {
    this.addSql(`alter table health_metrics alter column created_at drop not null`);
  }
}
