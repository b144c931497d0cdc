import { Migration } from '@mikro-orm/migrations';
import { emailKey } from '../../domain/users/email-key.ts';

/**
 * users.email_key: the address as sign-in looks it up and throttles it (domain/users/email-key.ts),
 * computed here by the same function, not by the database's locale-dependent lower(), which had
 * matched "alİce" to "alice" while the guess budget counted them apart.
 */
export class Migration20261125010000_email_key extends Migration {
  override name = 'Migration20261125010000_email_key';

  override async up(): Promise<void> {
    await this.execute('alter table users add column email_key text');
    const users = (await this.execute('select id, email from users')) as { id: string; email: string }[];
    for (const u of users) await this.execute('update users set email_key = ? where id = ?', [emailKey(u.email), u.id]);
    await this.execute('alter table users alter column email_key set not null');
    await this.execute('drop index users_email_lower_key');
    await this.execute('create unique index users_email_key on users (email_key)');
  }
}
