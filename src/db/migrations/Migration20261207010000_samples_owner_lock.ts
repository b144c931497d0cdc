import { Migration } from '@mikro-orm/migrations';

/**
 * Location samples without a foreign key to their user. The key's check ran once per sample, a
 * third of a bulk insert's time (5,000 samples: 43 ms with it, 28 ms without, on PostgreSQL 15).
 * What it guarded is kept once per statement instead: every writer of samples takes the user's
 * row `for key share` in the statement that inserts (locations.service.ts; the archive import's
 * batches), so a user being deleted waits for it, or it inserts nothing for a user already gone.
 * Erasing an account deletes the user's samples itself (the erasure's walk of every table with a
 * user_id), as it does for the changes feed's rows, which never had the key.
 */
export class Migration20261207010000_samples_owner_lock extends Migration {
  override name = 'Migration20261207010000_samples_owner_lock';

  override up(): void {
    this.addSql(`alter table location_samples drop constraint if exists location_samples_user_id_fkey`);
  }
}
