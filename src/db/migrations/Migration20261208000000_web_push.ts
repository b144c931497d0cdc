import { Migration } from '@mikro-orm/migrations';

/**
 * Web Push (domain/push): the server's VAPID key pair (RFC 8292), one row made on first need, and
 * each user's browser push subscriptions (RFC 8030 endpoints with their RFC 8291 keys). An endpoint
 * is a capability (whoever holds it can push to that browser) and its keys decrypt what is sent:
 * neither is ever shown again, only the endpoint's origin. In the changes feed as
 * `push_subscription`, recorded by the same statement triggers as every other resource.
 */
export class Migration20261208000000_web_push extends Migration {
  override name = 'Migration20261208000000_web_push';

  override up(): void {
    this.addSql(`create table vapid_keys (
      id smallint primary key check (id = 1),
      public_key text not null,
      private_key text not null,
      subject text not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create table push_subscriptions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      endpoint text not null,
      p256dh text not null,
      auth text not null,
      label text null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      last_success_at timestamptz null,
      last_failure_at timestamptz null,
      last_error text null,
      unique (user_id, endpoint)
    )`);
    this.addSql(`create index push_subscriptions_user_created_idx on push_subscriptions (user_id, created_at, id)`);
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      this.addSql(`create trigger push_subscriptions_own_changes_${event} after ${event} on push_subscriptions
        referencing ${transition} for each statement execute function record_changes('''push_subscription''', 'id::text', 'user_id')`);
    }
  }
}
