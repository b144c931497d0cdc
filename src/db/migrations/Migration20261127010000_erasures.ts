import { Migration } from '@mikro-orm/migrations';

/**
 * The operator's record of erasures (domain/erasure): when, account or data, rows per table.
 * Deliberately without the user's id or email: it proves an erasure happened, not whose.
 */
export class Migration20261127010000_erasures extends Migration {
  override name = 'Migration20261127010000_erasures';

  override up(): void {
    this.addSql(`create table erasures (
      id uuid primary key,
      erased_at timestamptz not null,
      erased text not null check (erased in ('account', 'data')),
      rows jsonb not null
    )`);
  }
}
