import { Migration } from '@mikro-orm/migrations';

/**
 * Read replicas (src/db/replicas.ts): where a user's last write request ended on the primary (its
 * WAL position, recorded only when DATABASE_REPLICA_URLS is set). A replica serves the user's
 * reads once it has replayed that far and holds the user's change version.
 */
export class Migration20261208020000_replica_positions extends Migration {
  override name = 'Migration20261208020000_replica_positions';

  override up(): void {
    this.addSql(`alter table change_counters add column write_lsn pg_lsn null`);
  }
}
