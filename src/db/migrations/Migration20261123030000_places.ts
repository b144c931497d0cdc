import { Migration } from '@mikro-orm/migrations';

/**
 * Places, their visits (manual, detected from location samples, or from an accepted suggestion)
 * and the raw location samples stay detection reads. visit_count and last_visit_at are not
 * stored: they are read from the visits, so they can never drift from them.
 */
export class Migration20261123030000_places extends Migration {
  override name = 'Migration20261123030000_places';

  override up(): void {
    this.addSql(`
      create table places (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        name text not null,
        lat double precision not null check (lat between -90 and 90),
        lng double precision not null check (lng between -180 and 180),
        radius_m double precision not null check (radius_m > 0),
        source text not null check (source in ('user', 'suggestion', 'detected')),
        tags text[] null,
        liked boolean null,
        notes text null,
        rating double precision null check (rating between 0 and 5),
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index places_user_created_idx on places (user_id, created_at desc, id desc)`);
    this.addSql(`
      create table place_visits (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        place_id uuid not null references places (id) on delete cascade,
        occurred_at timestamptz not null,
        ended_at timestamptz null check (ended_at > occurred_at),
        local_date date null,
        note text null,
        source text not null check (source in ('manual', 'detected', 'suggestion')),
        created_at timestamptz not null
      )`);
    this.addSql(`create index place_visits_user_place_idx on place_visits (user_id, place_id, occurred_at desc)`);
    this.addSql(`create index place_visits_user_occurred_idx on place_visits (user_id, occurred_at desc)`);
    this.addSql(`
      create table location_samples (
        user_id uuid not null references users (id) on delete cascade,
        recorded_at timestamptz not null,
        lat double precision not null,
        lng double precision not null,
        accuracy_m double precision null,
        created_at timestamptz not null,
        primary key (user_id, recorded_at)
      )`);
  }
}
