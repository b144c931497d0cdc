import { Migration } from '@mikro-orm/migrations';

/**
 * Throttling counters live in the database: one row per key (scope + account, user or address)
 * with its fixed window. An upsert counts an attempt and returns the count in one statement, so
 * concurrent attempts cannot all slip under the limit, and every instance sees the same counts.
 */
export class Migration20261123000000_auth_hardening extends Migration {
  override name = 'Migration20261123000000_auth_hardening';

  override up(): void {
    this.addSql(`create table auth_attempts (
      key text primary key,
      attempts integer not null,
      window_ends timestamptz not null
    )`);
    // The sweep of expired windows reads the oldest first.
    this.addSql(`create index auth_attempts_window_ends_idx on auth_attempts (window_ends)`);
  }
}
