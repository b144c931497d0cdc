import { Migration } from '@mikro-orm/migrations';

/**
 * Key material a user replaced: kept, listed and restorable, because a payload encrypted under a
 * data key is unreadable without it (which is why the key has no delete).
 */
export class Migration20261125000000_replaced_encryption_keys extends Migration {
  override name = 'Migration20261125000000_replaced_encryption_keys';

  override up(): void {
    this.addSql(`create table replaced_encryption_keys (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      kdf_salt text not null,
      verifier text not null,
      wrapped_dek text not null,
      kdf_params jsonb not null,
      stored_at timestamptz not null,
      replaced_at timestamptz not null
    )`);
    this.addSql(`create index replaced_encryption_keys_user on replaced_encryption_keys (user_id, replaced_at desc, id desc)`);
  }
}
