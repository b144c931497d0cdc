import { Migration } from '@mikro-orm/migrations';

/**
 * n-of-1 experiments (domain/experiments): the plan only. The schedule follows from it and its
 * seed, the adherence and results from the day summary at query time. In the changes feed as
 * `experiment`, recorded by the same statement triggers as every other resource.
 */
export class Migration20261128020000_experiments extends Migration {
  override name = 'Migration20261128020000_experiments';

  override up(): void {
    this.addSql(`create table experiments (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      hypothesis text not null,
      intervention text not null,
      outcome text not null,
      design text not null check (design in ('ab', 'abab', 'randomized')),
      block_days smallint not null check (block_days between 1 and 366),
      blocks smallint not null check (blocks between 2 and 366),
      washout_days smallint not null default 0 check (washout_days >= 0 and washout_days < block_days),
      start_date date not null,
      seed integer null check (seed >= 0),
      better text not null check (better in ('higher', 'lower')),
      lag smallint not null default 0 check (lag between 0 and 3),
      stopped_on date null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (block_days * blocks <= 366),
      check ((design = 'randomized') = (seed is not null)),
      check (design <> 'ab' or blocks = 2),
      check (design <> 'randomized' or blocks % 2 = 0)
    )`);
    this.addSql(`create index experiments_user_created_idx on experiments (user_id, created_at desc, id desc)`);
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      this.addSql(`create trigger experiments_own_changes_${event} after ${event} on experiments
        referencing ${transition} for each statement execute function record_changes('''experiment''', 'id::text', 'user_id')`);
    }
  }
}
