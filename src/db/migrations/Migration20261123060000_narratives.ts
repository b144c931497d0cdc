import { Migration } from '@mikro-orm/migrations';

/** Weekly narratives: one per user and week (Monday to Sunday), listed most recent week first. */
export class Migration20261123060000_narratives extends Migration {
  override name = 'Migration20261123060000_narratives';

  override up(): void {
    this.addSql(`
      create table narratives (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        period_type text not null check (period_type in ('week')),
        period_start date not null check (extract(isodow from period_start) = 1),
        period_end date not null,
        narrative_text text not null check (length(narrative_text) between 1 and 20000),
        provider text null,
        model_used text null,
        input_tokens integer null check (input_tokens >= 0),
        output_tokens integer null check (output_tokens >= 0),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check (period_end = period_start + 6)
      )`);
    // The one-per-week rule, and the list's order (period_start desc) from the same index.
    this.addSql(`create unique index narratives_user_period_idx on narratives (user_id, period_type, period_start)`);
  }
}
