import { Migration } from '@mikro-orm/migrations';

/** Routines: a user's named checklists, listed in the user's display order, then by name. */
export class Migration20261123040000_routines extends Migration {
  override name = 'Migration20261123040000_routines';

  override up(): void {
    this.addSql(`
      create table routines (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        name text not null,
        time_of_day text not null check (time_of_day in ('morning', 'afternoon', 'evening', 'night', 'anytime')),
        items text[] not null default '{}' check (cardinality(items) <= 100),
        color text null check (color ~ '^#[0-9a-fA-F]{6}$'),
        icon_key text null,
        display_order integer not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index routines_user_order_idx on routines (user_id, display_order, name)`);
  }
}
