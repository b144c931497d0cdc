import { Migration } from '@mikro-orm/migrations';

/**
 * Food items, saved meals and meal items (template items of a saved meal, or snapshots logged
 * with an event). Nutrition is jsonb keyed by the spec's nutrient names: every value optional.
 */
export class Migration20261123020000_food extends Migration {
  override name = 'Migration20261123020000_food';

  override up(): void {
    this.addSql(`create table food_items (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      name text not null,
      brand text not null default '',
      place text null,
      is_drink boolean not null default false,
      barcode text null,
      source text not null check (source in ('verified', 'user_edited', 'estimated', 'user')),
      usage_count integer not null default 0,
      last_used_at timestamptz not null,
      confidence text null,
      serving_description text null,
      nutrition jsonb not null default '{}',
      provider_product jsonb null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // One item per barcode per user: concurrent scans of a new barcode create it once.
    this.addSql(`create unique index food_items_user_barcode_key on food_items (user_id, barcode) where barcode is not null`);
    this.addSql(`create index food_items_user_recent_idx on food_items (user_id, usage_count desc, last_used_at desc, id desc)`);
    this.addSql(`create index food_items_user_name_brand_idx on food_items (user_id, lower(name), lower(brand))`);

    this.addSql(`create table saved_meals (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      name text not null,
      nutrition jsonb not null default '{}',
      totals_source text not null default 'computed' check (totals_source in ('computed', 'user')),
      usage_count integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create index saved_meals_user_idx on saved_meals (user_id, created_at desc)`);

    this.addSql(`create table meal_items (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      saved_meal_id uuid null references saved_meals (id) on delete cascade,
      event_id uuid null references events (id) on delete cascade,
      food_item_id uuid not null references food_items (id),
      position integer not null,
      servings double precision not null check (servings > 0),
      name text not null,
      brand text not null,
      serving_description text null,
      nutrition jsonb not null,
      snapshot_at timestamptz not null,
      check ((saved_meal_id is null) <> (event_id is null))
    )`);
    this.addSql(`create index meal_items_user_meal_idx on meal_items (user_id, saved_meal_id, position) where saved_meal_id is not null`);
    this.addSql(`create index meal_items_user_event_idx on meal_items (user_id, event_id, position) where event_id is not null`);
    this.addSql(`create index meal_items_user_food_idx on meal_items (user_id, food_item_id)`);
  }
}
