import { Migration } from '@mikro-orm/migrations';

/**
 * Calendar feeds: the sync state of an event source, and the events read from its iCalendar feed,
 * one row per event or recurring instance, keyed by (user, source, external_id) so a re-sync
 * updates rather than duplicates. A source's events go with it.
 */
export class Migration20261123050000_calendar extends Migration {
  override name = 'Migration20261123050000_calendar';

  override up(): void {
    this.addSql(`alter table event_sources
      add column last_synced_at timestamptz null,
      add column last_sync_status text null check (last_sync_status in ('ok', 'error')),
      add column last_sync_error text null,
      add column last_sync_event_count integer null,
      add column last_sync_cancelled_count integer null`);
    // A (user_id, id) key so calendar events can reference their source within the same user.
    this.addSql(`create unique index event_sources_user_id_key on event_sources (user_id, id)`);
    this.addSql(`
      create table calendar_events (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        source_id uuid not null,
        external_id text not null,
        title text null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        is_all_day boolean not null default false,
        status text not null check (status in ('confirmed', 'tentative', 'cancelled')),
        attendee_count integer null,
        calendar_name text null,
        rsvp_status text null,
        user_relevance text null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        foreign key (user_id, source_id) references event_sources (user_id, id) on delete cascade
      )`);
    this.addSql(`create unique index calendar_events_source_external_key on calendar_events (user_id, source_id, external_id)`);
    this.addSql(`create index calendar_events_user_starts_idx on calendar_events (user_id, starts_at, id)`);
  }
}
