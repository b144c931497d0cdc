import { Migration } from '@mikro-orm/migrations';

/**
 * Which of a food item's nutrients the service computed from its label (kcal from kJ, sodium
 * from salt, per serving from per 100 g) rather than read off it: a jsonb array of the spec's
 * nutrient keys, empty for every item that exists already (entered by hand, or mapped before).
 */
export class Migration20261124010000_food_derived extends Migration {
  override name = 'Migration20261124010000_food_derived';

  override up(): void {
    this.addSql(`alter table food_items add column nutrition_derived jsonb not null default '[]'`);
  }
}
