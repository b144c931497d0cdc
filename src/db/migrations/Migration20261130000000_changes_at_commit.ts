import { Migration } from '@mikro-orm/migrations';

/**
 * The changes feed's rows are written once, at commit, instead of twice.
 *
 * Before, a statement trigger inserted (or updated) a row per touched resource into `changes` with
 * no version, and the commit-time trigger updated each of them again with its version: two heap
 * tuples, and two entries in every index of `changes`, for every reading ingested, most of it
 * never reclaimed where nothing vacuums (the embedded database, a PostgreSQL with autovacuum off):
 * 506–552 MB per million readings, more than the readings themselves.
 *
 * Now the statement trigger notes the touched resources in a temporary table of the session,
 * emptied at every commit (`on commit delete rows`: no dead rows, no write-ahead log); the
 * commit-time trigger, still taking the user's counter from that moment to the commit, folds them
 * per resource, numbers them and writes each into `changes` once. Versions are assigned as before
 * (at commit, in the order of the changes, gaps allowed), so one user's transactions still commit
 * in version order, and a change to a parent (a meal item of an event, a skip of a goal) still does
 * not revive a resource deleted before it.
 *
 * No row of `changes` is ever without a version now: the index of pending rows goes, and so does
 * the ordinal, which only ordered pending rows.
 */
export class Migration20261130000000_changes_at_commit extends Migration {
  override name = 'Migration20261130000000_changes_at_commit';

  override up(): void {
    // The temporary table has no index and, its columns bounded, no TOAST table: emptying it at each
    // commit truncates one file (with a primary key to merge into, the embedded database's ingest of
    // a day's readings was 25 % slower; the fold at commit below does the merge instead).
    this.addSql(`create or replace function record_changes() returns trigger language plpgsql as $fn$
      declare
        parent boolean := TG_NARGS > 3;
        source text := case when TG_OP = 'DELETE' then 'old_rows' else 'new_rows' end;
        op text := case when TG_OP = 'DELETE' and not parent then 'delete' else 'upsert' end;
      begin
        if current_setting('lifetrack.record_changes', true) = 'off' then
          return null;
        end if;
        -- Once per session (a pooled connection keeps it): this session's uncommitted changes.
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
        execute format(
          'insert into pg_temp.pending_changes (user_id, type, id, op, parent, ordinal, changed_at)
             select user_id, type, id, %L, %L, nextval(''changes_ordinal_seq''), clock_timestamp()
               from (select distinct %s as user_id, %s as type, %s as id from %I) touched
              where id is not null',
          op, parent, TG_ARGV[2], TG_ARGV[0], TG_ARGV[1], source);
        execute format('insert into change_marks (user_id) select distinct %s from %I on conflict do nothing', TG_ARGV[2], source);
        return null;
      end
    $fn$`);

    // At commit, per resource, what this transaction's changes add up to, as if each had been
    // written to `changes` in turn: the last of the resource's own changes says upsert or delete;
    // after an upsert, later changes to it as a parent move it on (and carry its time: the clock
    // rises with the ordinal), after a delete they do not; and a parent-only change to a resource
    // an earlier transaction deleted is no change of it. Every write of this user's rows of
    // `changes` happens here, under the counter, so that check cannot go stale. Versions: the
    // counter's new top, less how far the change's ordinal is from the transaction's last (unique
    // per user, increasing in commit order, gaps allowed), as before.
    this.addSql(`create or replace function number_changes() returns trigger language plpgsql as $fn$
      begin
        if to_regclass('pg_temp.pending_changes') is not null then
          with folded as (
            select type, id, bool_and(parent) as parent_only,
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
                   case when own_delete = own_last then 'delete' else 'upsert' end as op,
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
          -- Numbered once: a second round in this transaction (after SET CONSTRAINTS ... IMMEDIATE) numbers only what came after.
          delete from pg_temp.pending_changes where user_id = new.user_id;
        end if;
        delete from change_marks where txid = new.txid and user_id = new.user_id;
        return null;
      end
    $fn$`);
    this.addSql(`drop index changes_pending_idx`);
    this.addSql(`alter table changes drop column ordinal`);
  }
}
