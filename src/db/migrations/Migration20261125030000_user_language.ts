import { Migration } from '@mikro-orm/migrations';

/**
 * users.language: the language the user's log captures are parsed in besides English
 * (domain/captures/parser/locales). Every existing account reads English, as before.
 */
export class Migration20261125030000_user_language extends Migration {
  override name = 'Migration20261125030000_user_language';

  override up(): void {
    this.addSql(`alter table users add column language text not null default 'en' check (language in ('en', 'de', 'fr', 'es'))`);
  }
}
