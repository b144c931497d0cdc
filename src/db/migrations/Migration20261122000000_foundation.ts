import { Migration } from '@mikro-orm/migrations';

/** Accounts, credentials, categories and events. Every user-scoped index leads with user_id. */
export class Migration20261122000000_foundation extends Migration {
  override name = 'Migration20261122000000_foundation';

  override up(): void {
    this.addSql(`create table app_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`);

    this.addSql(`create table users (
      id uuid primary key,
      email text not null,
      password_hash text not null,
      timezone text not null default 'UTC',
      totp_secret text null,
      totp_enabled boolean not null default false,
      totp_last_step bigint null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create unique index users_email_lower_key on users (lower(email))`);

    this.addSql(`create table sessions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz null,
      last_used_at timestamptz null
    )`);
    this.addSql(`create index sessions_user_id_idx on sessions (user_id, created_at desc)`);

    this.addSql(`create table pending_logins (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      failed_attempts integer not null default 0
    )`);
    this.addSql(`create index pending_logins_user_id_idx on pending_logins (user_id)`);

    this.addSql(`create table access_tokens (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      name text not null,
      scope text not null check (scope in ('read', 'write')),
      token_hash text not null,
      prefix text not null,
      created_at timestamptz not null,
      expires_at timestamptz null,
      last_used_at timestamptz null
    )`);
    this.addSql(`create unique index access_tokens_token_hash_key on access_tokens (token_hash)`);
    this.addSql(`create index access_tokens_user_id_idx on access_tokens (user_id, created_at desc)`);

    this.addSql(`create table categories (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      name text not null,
      color text null,
      icon_key text null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create unique index categories_user_name_key on categories (user_id, lower(name))`);

    this.addSql(`create table events (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      client_id uuid null,
      category_id uuid null references categories (id) on delete set null,
      occurred_at timestamptz not null,
      local_date date not null,
      duration text null,
      duration_seconds double precision null,
      boolean_value boolean null,
      scalar_value double precision null,
      notes text null,
      tags text[] null,
      metadata jsonb not null default '{}',
      encrypted_payload text null,
      saved_meal_id uuid null,
      source text not null default 'user',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint events_user_client_key unique (user_id, client_id)
    )`);
    this.addSql(`create index events_user_occurred_idx on events (user_id, occurred_at desc, id desc)`);
    this.addSql(`create index events_user_local_date_idx on events (user_id, local_date)`);
    this.addSql(`create index events_user_category_idx on events (user_id, category_id)`);
    this.addSql(`create index events_tags_idx on events using gin (tags)`);
  }
}
