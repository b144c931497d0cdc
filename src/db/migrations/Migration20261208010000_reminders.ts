import { Migration } from '@mikro-orm/migrations';

/**
 * Reminders (domain/reminders): local times on an RRULE's days, in a timezone, tied optionally to
 * a goal, a routine, a metric or a tag, with a condition, a quiet window and a channel. The
 * scheduler claims a due reminder with `for update skip locked` and records each due time once in
 * reminder_firings (unique per reminder and due time), so several workers or instances never fire
 * one twice. Reminders are in the changes feed as `reminder`; firings are history, not synced data.
 */
export class Migration20261208010000_reminders extends Migration {
  override name = 'Migration20261208010000_reminders';

  override up(): void {
    this.addSql(`create table reminders (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      label text not null,
      times text[] not null check (cardinality(times) between 1 and 24),
      rrule text not null,
      starts_on date not null,
      timezone text not null,
      target_kind text null check (target_kind in ('goal', 'routine', 'metric', 'tag')),
      target_ref text null,
      condition text not null check (condition in ('always', 'not_logged_today', 'not_logged_this_period')),
      quiet_start text null,
      quiet_end text null,
      channel text not null check (channel in ('webhook', 'ntfy', 'web_push')),
      webhook_id uuid null references webhooks (id) on delete set null,
      grace_minutes integer not null check (grace_minutes between 0 and 1440),
      enabled boolean not null,
      next_due_at timestamptz null,
      snoozed_until timestamptz null,
      snoozed_due_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((target_kind is null) = (target_ref is null)),
      check ((quiet_start is null) = (quiet_end is null)),
      check ((snoozed_until is null) = (snoozed_due_at is null))
    )`);
    this.addSql(`create index reminders_user_created_idx on reminders (user_id, created_at, id)`);
    // What the scheduler's each round asks: which reminders are due (by rule, or by a snooze).
    this.addSql(`create index reminders_due_idx on reminders (next_due_at) where enabled`);
    this.addSql(`create index reminders_snoozed_idx on reminders (snoozed_until) where snoozed_until is not null`);
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      this.addSql(`create trigger reminders_own_changes_${event} after ${event} on reminders
        referencing ${transition} for each statement execute function record_changes('''reminder''', 'id::text', 'user_id')`);
    }

    this.addSql(`create table reminder_firings (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      reminder_id uuid not null references reminders (id) on delete cascade,
      due_at timestamptz not null,
      occurrence_at timestamptz not null,
      local_date date not null,
      local_time text not null,
      snoozed boolean not null,
      status text not null check (status in ('pending', 'sent', 'skipped', 'missed', 'failed')),
      reason text null,
      decided_at timestamptz not null,
      event_id uuid null,
      push_results jsonb null,
      claimed_until timestamptz null,
      action text null check (action in ('done', 'snoozed')),
      acted_at timestamptz null,
      constraint reminder_firings_once unique (reminder_id, due_at)
    )`);
    this.addSql(`create index reminder_firings_history_idx on reminder_firings (user_id, reminder_id, due_at desc)`);
    this.addSql(`create index reminder_firings_pending_idx on reminder_firings (claimed_until) where status = 'pending'`);
  }
}
