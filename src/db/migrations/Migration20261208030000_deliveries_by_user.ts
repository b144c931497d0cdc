import { Migration } from '@mikro-orm/migrations';

/**
 * A webhook's delivery list reads its deliveries with its user (`where webhook_id = $1 and
 * user_id = $2`): the index leads with user_id, as every user table's does, so it is the same
 * index on each node once the tables are distributed by user (docs/operations.md, Sharding).
 */
export class Migration20261208030000_deliveries_by_user extends Migration {
  override name = 'Migration20261208030000_deliveries_by_user';

  override up(): void {
    this.addSql(`drop index webhook_deliveries_webhook_idx`);
    this.addSql(`create index webhook_deliveries_webhook_idx on webhook_deliveries (user_id, webhook_id, created_at desc, id desc)`);
  }
}
