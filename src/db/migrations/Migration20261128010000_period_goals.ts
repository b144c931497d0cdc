import { Migration } from '@mikro-orm/migrations';

/**
 * Goals over periods (domain/goals/periods.ts): a goal's period (day, as every goal so far, week or
 * month) and, optionally, on how many days of it the daily value must meet the target; the days a
 * user skips a goal (illness, holidays); the day a user's weeks start on.
 */
export class Migration20261128010000_period_goals extends Migration {
  override name = 'Migration20261128010000_period_goals';

  override up(): void {
    this.addSql(`alter table metric_goals
      add column period text not null default 'day' check (period in ('day', 'week', 'month')),
      add column times_per_period smallint null check (times_per_period between 1 and 31),
      add constraint metric_goals_times_check check (
        times_per_period is null or (period = 'week' and times_per_period <= 7) or period = 'month')`);
    this.addSql(`alter table users add column week_start text not null default 'monday'
      check (week_start in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'))`);
    this.addSql(`create table goal_skips (
      user_id uuid not null references users (id) on delete cascade,
      metric_type_id smallint not null,
      day date not null,
      created_at timestamptz not null default now(),
      primary key (user_id, metric_type_id, day)
    )`);
    // A skip changes the goal's read (its streak and strength): in the changes feed it is a change to the goal.
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      this.addSql(`create trigger goal_skips_goal_changes_${event} after ${event} on goal_skips
        referencing ${transition} for each statement execute function record_changes('''goal''', 'metric_type_id::text', 'user_id', 'parent')`);
    }
  }
}
