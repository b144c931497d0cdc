import { Migration } from '@mikro-orm/migrations';

/**
 * The changes feed (domain/changes): one row per user-scoped resource with its latest version and
 * whether it still exists, written by triggers so every writer (requests, jobs, automations, raw
 * bulk SQL) is covered.
 *
 * Versions are assigned at commit, not when a row is written: a statement trigger marks the
 * resources it touched as pending (version null) and a deferred constraint trigger numbers them
 * from the user's counter just before the commit. The counter's row lock is held only from that
 * moment to the commit, so one user's transactions commit in version order: a reader that sees
 * version n has already seen every version below it, and no cursor can pass a transaction that
 * is still open. Numbering at commit also keeps the lock out of the way of row locks taken
 * earlier in the transaction (no deadlock with a writer holding a resource row).
 *
 * No foreign keys to users: erasing an account deletes these rows itself, with recording off
 * (the `lifetrack.record_changes` setting), instead of racing the cascade.
 */
type Tracked = { table: string; type: string; id: string; user?: string; parent?: true; name?: string };
const TRACKED: Tracked[] = [
  // The profile (timezone, language ...) is the user's own row.
  { table: 'users', type: `'profile'`, id: 'id::text', user: 'id' },
  { table: 'events', type: `'event'`, id: 'id::text' },
  { table: 'health_metrics', type: `'health_metric'`, id: 'id::text' },
  { table: 'suggestions', type: `'suggestion'`, id: 'id::text' },
  // A capture's read lists its suggestions.
  { table: 'suggestions', type: `'log_capture'`, id: 'log_capture_id::text', parent: true, name: 'capture' },
  { table: 'log_captures', type: `'log_capture'`, id: 'id::text' },
  // Goals are addressed by their metric's slug; the id here is the metric type's number, read back as the slug.
  { table: 'metric_goals', type: `'goal'`, id: 'metric_type_id::text' },
  { table: 'metric_definitions', type: `'metric_definition'`, id: 'id::text' },
  // A definition's read lists its automations.
  { table: 'metric_automations', type: `'metric_definition'`, id: 'definition_id::text', parent: true },
  { table: 'routines', type: `'routine'`, id: 'id::text' },
  { table: 'places', type: `'place'`, id: 'id::text' },
  { table: 'place_visits', type: `'place_visit'`, id: 'id::text' },
  // A place's read has its visit count and last visit.
  { table: 'place_visits', type: `'place'`, id: 'place_id::text', parent: true, name: 'place' },
  { table: 'food_items', type: `'food_item'`, id: 'id::text' },
  { table: 'saved_meals', type: `'saved_meal'`, id: 'id::text' },
  { table: 'tracking_timers', type: `'tracking_timer'`, id: 'id::text' },
  { table: 'calendar_events', type: `'calendar_event'`, id: 'id::text' },
  { table: 'event_sources', type: `'event_source'`, id: 'id::text' },
  { table: 'narratives', type: `'narrative'`, id: 'id::text' },
  { table: 'categories', type: `'category'`, id: 'id::text' },
  // One key per user: its id is the user's.
  { table: 'encryption_keys', type: `'encryption_key'`, id: 'user_id::text' },
  { table: 'replaced_encryption_keys', type: `'replaced_encryption_key'`, id: 'id::text' },
  // A meal item is part of its event's or saved meal's read: a change to one is a change to that.
  {
    table: 'meal_items',
    type: `case when event_id is not null then 'event' else 'saved_meal' end`,
    id: 'coalesce(event_id, saved_meal_id)::text',
    parent: true,
  },
];

export class Migration20261127000000_changes extends Migration {
  override name = 'Migration20261127000000_changes';

  override up(): void {
    this.addSql(`create table changes (
      user_id uuid not null,
      type text not null,
      id text not null,
      op text not null check (op in ('upsert', 'delete')),
      version bigint null,
      ordinal bigint null,
      changed_at timestamptz not null,
      primary key (user_id, type, id)
    )`);
    this.addSql(`create index changes_user_version_idx on changes (user_id, version)`);
    // The order changes were made in, across transactions: numbered at commit into versions (gaps allowed).
    this.addSql(`create sequence changes_ordinal_seq`);
    this.addSql(`create index changes_pending_idx on changes (user_id) where version is null`);
    this.addSql(`create index changes_tombstones_idx on changes (changed_at) where op = 'delete'`);
    // resync_below: tombstones up to this version were dropped (CHANGES_RETENTION_DAYS); an older cursor must resync.
    this.addSql(`create table change_counters (
      user_id uuid primary key,
      version bigint not null default 0,
      resync_below bigint not null default 0
    )`);
    // One row per open transaction and user it changed: its deferred trigger numbers the changes at commit.
    this.addSql(`create table change_marks (
      txid xid8 not null default pg_current_xact_id(),
      user_id uuid not null,
      primary key (txid, user_id)
    )`);

    this.addSql(`create function record_changes() returns trigger language plpgsql as $fn$
      declare
        parent boolean := TG_NARGS > 3;
        source text := case when TG_OP = 'DELETE' then 'old_rows' else 'new_rows' end;
        op text := case when TG_OP = 'DELETE' and not parent then 'delete' else 'upsert' end;
      begin
        if current_setting('lifetrack.record_changes', true) = 'off' then
          return null;
        end if;
        execute format(
          'insert into changes as c (user_id, type, id, op, version, ordinal, changed_at)
             select user_id, type, id, %L, null, nextval(''changes_ordinal_seq''), clock_timestamp()
               from (select distinct %s as user_id, %s as type, %s as id from %I) touched
              where id is not null
           on conflict (user_id, type, id) do update
             set op = excluded.op, version = null, ordinal = excluded.ordinal, changed_at = excluded.changed_at %s',
          op, TG_ARGV[2], TG_ARGV[0], TG_ARGV[1], source,
          case when parent then 'where c.op <> ''delete''' else '' end);
        execute format('insert into change_marks (user_id) select distinct %s from %I on conflict do nothing', TG_ARGV[2], source);
        return null;
      end
    $fn$`);

    // One pass, no join: version = the counter's new top, less how far the change's ordinal is from the
    // transaction's last. Versions increase in commit order and are unique per user; they need not be
    // consecutive. (A join of the pending rows with a window over them was planned, on a table without
    // statistics yet, as a nested loop over sequential scans: 6 s at the commit of 10,000 readings.)
    this.addSql(`create function number_changes() returns trigger language plpgsql as $fn$
      declare
        lo bigint;
        hi bigint;
        top bigint;
      begin
        select min(ordinal), max(ordinal) into lo, hi from changes where user_id = new.user_id and version is null;
        if lo is not null then
          insert into change_counters as k (user_id, version) values (new.user_id, hi - lo + 1)
            on conflict (user_id) do update set version = k.version + (hi - lo + 1)
            returning version into top;
          update changes set version = top - hi + ordinal where user_id = new.user_id and version is null;
        end if;
        delete from change_marks where txid = new.txid and user_id = new.user_id;
        return null;
      end
    $fn$`);
    this.addSql(`create constraint trigger change_marks_number after insert on change_marks
      deferrable initially deferred for each row execute function number_changes()`);

    for (const t of TRACKED) {
      const args = [t.type, t.id, t.user ?? 'user_id', ...(t.parent ? ['parent'] : [])]
        .map((a) => `'${a.replaceAll("'", "''")}'`)
        .join(', ');
      for (const [event, table] of [
        ['insert', 'new table as new_rows'],
        ['update', 'new table as new_rows'],
        ['delete', 'old table as old_rows'],
      ]) {
        this.addSql(`create trigger ${t.table}_${t.name ?? 'own'}_changes_${event} after ${event} on ${t.table}
          referencing ${table} for each statement execute function record_changes(${args})`);
      }
    }

    // What exists today is the start of every user's history: one upsert per resource.
    const existing = TRACKED.filter((t) => !t.parent)
      .map((t) => `select ${t.user ?? 'user_id'} as user_id, ${t.type} as type, ${t.id} as id from ${t.table}`)
      .join(' union all ');
    this.addSql(`insert into changes (user_id, type, id, op, version, changed_at)
      select user_id, type, id, 'upsert', row_number() over (partition by user_id order by type, id), now()
        from (${existing}) rows`);
    this.addSql(`insert into change_counters (user_id, version) select user_id, max(version) from changes group by user_id`);
  }
}
