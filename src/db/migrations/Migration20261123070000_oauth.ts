import { Migration } from '@mikro-orm/migrations';

/**
 * OAuth 2.1 for agents: dynamically registered public clients, single-use authorization codes,
 * grants (one per approval: the family of every token issued from it) and their rotating
 * refresh tokens. Secrets (codes, refresh tokens) are stored only as SHA-256 hashes.
 */
export class Migration20261123070000_oauth extends Migration {
  override name = 'Migration20261123070000_oauth';

  override up(): void {
    this.addSql(`
      create table oauth_clients (
        id uuid primary key,
        client_name text not null,
        redirect_uris text[] not null check (cardinality(redirect_uris) between 1 and 10),
        created_at timestamptz not null
      )`);
    this.addSql(`
      create table oauth_grants (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        client_id uuid not null references oauth_clients (id) on delete cascade,
        resource text not null,
        scope text not null,
        created_at timestamptz not null,
        revoked_at timestamptz null
      )`);
    this.addSql(`create index oauth_grants_user_idx on oauth_grants (user_id, created_at)`);
    this.addSql(`
      create table oauth_codes (
        code_hash text primary key,
        user_id uuid not null references users (id) on delete cascade,
        client_id uuid not null references oauth_clients (id) on delete cascade,
        grant_id uuid not null,
        redirect_uri text not null,
        code_challenge text not null,
        resource text not null,
        scope text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz null
      )`);
    this.addSql(`create index oauth_codes_user_idx on oauth_codes (user_id, expires_at)`);
    this.addSql(`
      create table oauth_refresh_tokens (
        token_hash text primary key,
        user_id uuid not null references users (id) on delete cascade,
        grant_id uuid not null references oauth_grants (id) on delete cascade,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz null
      )`);
    this.addSql(`create index oauth_refresh_tokens_user_grant_idx on oauth_refresh_tokens (user_id, grant_id)`);
  }
}
