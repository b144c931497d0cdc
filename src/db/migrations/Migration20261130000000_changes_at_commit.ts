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

    // At commit, per resource, what the changes made in this transaction add up to, as when each
    // was written to `changes` in turn: the last of the resource's own changes decides, and a
    // change to it as a parent counts only when that is not a delete (it then moves the resource's
    // place in the order). A parent-only change to a resource an earlier transaction deleted is no
    // change of it; every write of this user's rows of `changes` happens here, under the
    // counter, so that check cannot go stale. Versions: the counter's new top, less how far the
    // change is from the transaction's last, in the order the changes were made; unique per user,
    // increasing in commit order.
    this.addSql(`create or replace function number_changes() returns trigger language plpgsql as $fn$
      begin
        if to_regclass('pg_temp.pending_changes') is not null then
          with mine as (
            select type, id, op, parent, ordinal, changed_at,
                   first_value(op) over (partition by type, id order by parent, ordinal desc) as last_own_op,
                   bool_and(parent) over (partition by type, id) as parent_only
              from pg_temp.pending_changes
             where user_id = new.user_id
          ), folded as (
            select distinct on (type, id) type, id, op, ordinal, changed_at, parent_only
              from mine
             order by type, id, (last_own_op = 'delete' and not parent) desc, ordinal desc
          ), kept as (
            select * from folded f
             where not (f.parent_only and exists (
               select 1 from changes d where d.user_id = new.user_id and d.type = f.type and d.id = f.id and d.op = 'delete'))
          ), numbered as (
            select *, row_number() over (order by ordinal) as k, count(*) over () as n from kept
          ), counter as (
            insert into change_counters as c (user_id, version) select new.user_id, n from numbered limit 1
              on conflict (user_id) do update set version = c.version + excluded.version
              returning version as top
          )
          insert into changes as c (user_id, type, id, op, version, changed_at)
            select new.user_id, type, id, op, top - n + k, changed_at from numbered, counter
             order by type, id
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
