import { Migration } from '@mikro-orm/migrations';

/** The user's wrapped data key: stored as received, never unwrapped. One row per user. */
export class Migration20261122030000_encryption_key extends Migration {
  override name = 'Migration20261122030000_encryption_key';

  override up(): void {
    this.addSql(`create table encryption_keys (
      user_id uuid primary key references users (id) on delete cascade,
      kdf_salt text not null,
      verifier text not null,
      wrapped_dek text not null,
      kdf_params jsonb not null default '{}',
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
  }
}
