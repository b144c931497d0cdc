import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotent creates remember what was asked: a replay of the same client_id with another
 * body is a 409, not a silent 200. Rows from before this migration have no fingerprint.
 */
export class Migration20261123010000_request_fingerprints extends Migration {
  override name = 'Migration20261123010000_request_fingerprints';

  override up(): void {
    this.addSql(`alter table events add column request_fingerprint text null`);
    this.addSql(`alter table log_captures add column request_fingerprint text null`);
  }
}
