import { Migration } from '@mikro-orm/migrations';

/**
 * Share links (domain/shares): a scoped, expiring, read-only view of a user's data for someone
 * without an account (a clinician, a coach), opened by a token of which only the hash is kept. In
 * the changes feed as `share`, recorded by the same statement triggers as every other resource.
 */
export class Migration20261207020000_shares extends Migration {
  override name = 'Migration20261207020000_shares';

  override up(): void {
    this.addSql(`create table shares (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      label text not null,
      token_hash text not null unique,
      scope jsonb not null,
      range_from date null,
      range_to date null,
      last_days smallint null check (last_days between 1 and 366),
      expires_at timestamptz not null,
      password_hash text null,
      max_views integer null check (max_views >= 1),
      views integer not null default 0,
      last_viewed_at timestamptz null,
      revoked_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((last_days is null) = (range_from is not null and range_to is not null)),
      check (range_from is null or range_from <= range_to)
    )`);
    this.addSql(`create index shares_user_created_idx on shares (user_id, created_at desc, id desc)`);
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      this.addSql(`create trigger shares_own_changes_${event} after ${event} on shares
        referencing ${transition} for each statement execute function record_changes('''share''', 'id::text', 'user_id')`);
    }
  }
}
