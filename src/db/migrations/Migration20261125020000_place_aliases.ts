import { Migration } from '@mikro-orm/migrations';

/**
 * places.aliases: other names the user calls a place ("the office"), which the capture parser
 * matches as it matches the name. suggestions.resulting_visit_id: the visit an accepted
 * place_visit suggestion created (resulting_place_id holds its place). No foreign key, as for
 * resulting_place_id: a deleted visit leaves a dangling id that reads as none.
 */
export class Migration20261125020000_place_aliases extends Migration {
  override name = 'Migration20261125020000_place_aliases';

  override up(): void {
    this.addSql(`alter table places add column aliases text[] not null default '{}'`);
    this.addSql(`alter table suggestions add column resulting_visit_id uuid null`);
  }
}
