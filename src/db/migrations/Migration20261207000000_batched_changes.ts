import { Migration } from '@mikro-orm/migrations';

/**
 * Readings and location samples are in the changes feed by the transaction that wrote them, not
 * one row of `changes` each.
 *
 * A row of `changes` per reading cost more disk than the reading itself (366 MB per million) and
 * a third of every bulk write's time. Now each such row carries the number of the transaction
 * that last wrote it (`change_batch`: txid_current(), the column's default on insert and set by
 * a row trigger on update), and the statement trigger notes one entry per user and transaction,
 * op `batch`, id `b<that number>`, numbered at commit like every other change. The feed reads a
 * batch entry as an upsert of each row still carrying its number, in key order: a row written
 * again has moved to its newer batch, so it is reported there, once. Deletes stay tombstones, one
 * per row; a row inserted again under a deleted one's key takes the tombstone away.
 *
 * What exists today becomes one batch per user and type, `b0` (the rows' default here, before the
 * column's default becomes the transaction number), at a new version of the user's: a client with
 * a cursor reads those rows once more, as upserts. Written to run again after the readings table
 * is rebuilt (as the storage tests do): every step is "if not exists" or replaces.
 */
const SAMPLE_ID = `extract(epoch from recorded_at)::bigint::text || ',' || lat::text || ',' || lng::text`;
const BATCHED = [
  { table: 'health_metrics', type: 'health_metric', id: 'id::text' },
  { table: 'location_samples', type: 'location_sample', id: SAMPLE_ID },
];

export class Migration20261207000000_batched_changes extends Migration {
  override name = 'Migration20261207000000_batched_changes';

  override up(): void {
    this.addSql(`alter table changes drop constraint if exists changes_op_check`);
    this.addSql(`alter table changes add constraint changes_op_check check (op in ('upsert', 'delete', 'batch'))`);
    this.addSql(`create or replace function stamp_change_batch() returns trigger language plpgsql as $fn$
      begin
        new.change_batch := txid_current();
        return new;
      end
    $fn$`);
    this.addSql(recordChanges);
    this.addSql(numberChanges);
    for (const b of BATCHED) {
      const args = (...extra: string[]) => [`'${b.type}'`, b.id, 'user_id', ...extra].map((a) => `'${a.replaceAll("'", "''")}'`).join(', ');
      // A constant default fills the existing rows without rewriting the table; new rows take the transaction's number.
      this.addSql(`alter table ${b.table} add column if not exists change_batch bigint not null default 0`);
      this.addSql(`alter table ${b.table} alter column change_batch set default txid_current()`);
      // Rows of one batch share the key: deduplicated, the index takes a few bytes per row.
      this.addSql(`create index if not exists ${b.table}_change_batch_idx on ${b.table} (user_id, change_batch)`);
      this.addSql(`drop trigger if exists ${b.table}_change_batch on ${b.table}`);
      this.addSql(`create trigger ${b.table}_change_batch before update on ${b.table} for each row execute function stamp_change_batch()`);
      for (const event of ['insert', 'update']) {
        this.addSql(`drop trigger if exists ${b.table}_own_changes_${event} on ${b.table}`);
        this.addSql(`create trigger ${b.table}_own_changes_${event} after ${event} on ${b.table}
          referencing new table as new_rows for each statement execute function record_changes(${args('batch')})`);
      }
      // The rows there are (batch 0) at a new version of their user's, after every change so far.
      this.addSql(`with owners as (select distinct user_id from ${b.table} where change_batch = 0),
        numbered as (
          insert into change_counters as k (user_id, version) select user_id, 1 from owners
            on conflict (user_id) do update set version = k.version + 1
            returning user_id, version)
        insert into changes (user_id, type, id, op, version, changed_at) select user_id, '${b.type}', 'b0', 'batch', version, now() from numbered
          on conflict (user_id, type, id) do update set version = excluded.version, changed_at = excluded.changed_at`);
      this.addSql(`delete from changes where type = '${b.type}' and op = 'upsert'`);
    }
  }
}

/**
 * The statement trigger, as before (changes_at_commit), with a fourth argument: `parent` (a change
 * of the row is a change of the resource it belongs to) or `batch` (the rows are named by their
 * transaction: one entry per user; a tombstone under a new row's key goes, committed or pending).
 */
const recordChanges = `create or replace function record_changes() returns trigger language plpgsql as $fn$
  declare
    parent boolean := TG_NARGS > 3 and TG_ARGV[3] = 'parent';
    batched boolean := TG_NARGS > 3 and TG_ARGV[3] = 'batch' and TG_OP <> 'DELETE';
    source text := case when TG_OP = 'DELETE' then 'old_rows' else 'new_rows' end;
    op text := case when TG_OP = 'DELETE' and not parent then 'delete' else 'upsert' end;
    revived boolean;
  begin
    if current_setting('lifetrack.record_changes', true) = 'off' then
      return null;
    end if;
    if to_regclass('pg_temp.pending_changes') is null then
      create temporary table pending_changes (
        user_id uuid not null,
        type varchar(32) not null,
        id varchar(64) not null,
        op varchar(6) not null,
        parent boolean not null,
        ordinal bigint not null,
        changed_at timestamptz not null
      ) on commit delete rows;
    end if;
    if batched then
      execute format(
        'insert into pg_temp.pending_changes (user_id, type, id, op, parent, ordinal, changed_at)
           select user_id, %s, ''b'' || txid_current(), ''batch'', false, nextval(''changes_ordinal_seq''), clock_timestamp()
             from (select distinct %s as user_id from %I) touched',
        TG_ARGV[0], TG_ARGV[2], source);
      -- Tombstones are rare: look for one of the users' before matching every row against them.
      execute format(
        'select exists (select 1 from changes where op = ''delete'' and type = %s and user_id in (select %s from %I))
             or exists (select 1 from pg_temp.pending_changes where op = ''delete'' and type = %s)',
        TG_ARGV[0], TG_ARGV[2], source, TG_ARGV[0]) into revived;
      if revived then
        execute format(
          'delete from changes where op = ''delete'' and type = %s and (user_id, id) in (select %s, %s from %I)',
          TG_ARGV[0], TG_ARGV[2], TG_ARGV[1], source);
        execute format(
          'delete from pg_temp.pending_changes where op = ''delete'' and type = %s and (user_id, id) in (select %s, %s from %I)',
          TG_ARGV[0], TG_ARGV[2], TG_ARGV[1], source);
      end if;
    else
      execute format(
        'insert into pg_temp.pending_changes (user_id, type, id, op, parent, ordinal, changed_at)
           select user_id, type, id, %L, %L, nextval(''changes_ordinal_seq''), clock_timestamp()
             from (select distinct %s as user_id, %s as type, %s as id from %I) touched
            where id is not null',
        op, parent, TG_ARGV[2], TG_ARGV[0], TG_ARGV[1], source);
    end if;
    execute format('insert into change_marks (user_id) select distinct %s from %I on conflict do nothing', TG_ARGV[2], source);
    return null;
  end
$fn$`;

/** The fold at commit, as before (changes_at_commit), keeping a batch entry's op. */
const numberChanges = `create or replace function number_changes() returns trigger language plpgsql as $fn$
  begin
    if to_regclass('pg_temp.pending_changes') is not null then
      with folded as (
        select type, id, bool_and(parent) as parent_only, bool_or(op = 'batch') as batch,
               max(ordinal) as last,
               max(ordinal) filter (where not parent) as own_last,
               max(ordinal) filter (where not parent and op = 'delete') as own_delete,
               max(changed_at) as last_at,
               max(changed_at) filter (where not parent and op = 'delete') as delete_at
          from pg_temp.pending_changes
         where user_id = new.user_id
         group by type, id
      ), kept as (
        select type, id,
               case when own_delete = own_last then 'delete' when batch then 'batch' else 'upsert' end as op,
               case when own_delete = own_last then own_last else last end as ordinal,
               case when own_delete = own_last then delete_at else last_at end as changed_at
          from folded f
         where not (f.parent_only and exists (
           select 1 from changes d where d.user_id = new.user_id and d.type = f.type and d.id = f.id and d.op = 'delete'))
      ), spanned as (
        select *, min(ordinal) over () as lo, max(ordinal) over () as hi from kept
      ), counter as (
        insert into change_counters as c (user_id, version) select new.user_id, hi - lo + 1 from spanned limit 1
          on conflict (user_id) do update set version = c.version + excluded.version
          returning version as top
      )
      insert into changes as c (user_id, type, id, op, version, changed_at)
        select new.user_id, type, id, op, top - hi + ordinal, changed_at from counter, spanned
      on conflict (user_id, type, id) do update
        set op = excluded.op, version = excluded.version, changed_at = excluded.changed_at;
      delete from pg_temp.pending_changes where user_id = new.user_id;
    end if;
    delete from change_marks where txid = new.txid and user_id = new.user_id;
    return null;
  end
$fn$`;
