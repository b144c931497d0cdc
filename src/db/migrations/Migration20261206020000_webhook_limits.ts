import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook limits (src/domain/webhooks/settings.ts). A webhook's `host`: its URL's host name in
 * lower case, without port, credentials or a trailing dot, what pending and in-flight deliveries
 * are counted by (generated, so every writer of the URL keeps it right). At most one pending
 * delivery of an event to a webhook: a redelivery while one is pending is a 409, and this index
 * holds it against two at once; pending duplicates left by the earlier redeliver end first. The
 * other two indexes serve the pump's claim: each user's due deliveries in order, and the leases
 * running (posts in flight).
 */
export class Migration20261206020000_webhook_limits extends Migration {
  override name = 'Migration20261206020000_webhook_limits';

  override up(): void {
    this.addSql(`alter table webhooks add column host text generated always as (
      lower(rtrim(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\\[[^]/?#]*\\]|[^:/?#]*)'), '.'))
    ) stored`);
    this.addSql(`update webhook_deliveries d
        set status = 'failed', completed_at = now(), lease_until = null,
            last_error = 'Ended: another delivery of the same event to this webhook was already pending'
      where d.status = 'pending'
        and exists (select 1 from webhook_deliveries o
                     where o.webhook_id = d.webhook_id and o.event_id = d.event_id and o.status = 'pending'
                       and (o.created_at, o.id) < (d.created_at, d.id))`);
    this.addSql(`create unique index webhook_deliveries_pending_key on webhook_deliveries (user_id, webhook_id, event_id)
      where status = 'pending'`);
    this.addSql(`create index webhook_deliveries_user_due_idx on webhook_deliveries (user_id, next_attempt_at) where status = 'pending'`);
    this.addSql(`create index webhook_deliveries_leased_idx on webhook_deliveries (lease_until)
      where status = 'pending' and lease_until is not null`);
  }
}
