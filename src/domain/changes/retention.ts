import { query } from '../../db/sql.ts';
import { BATCHED, CHANGE_TABLES, type BatchedType } from './change-types.ts';

/** How long deletions stay in the feed (CHANGES_RETENTION_DAYS): a client away longer must resync. */
const retention = { days: 30 };

export function configureChanges(options: { retentionDays: number }): void {
  retention.days = options.retentionDays;
}

/**
 * Drops the tombstones older than the retention, for every user, and remembers per user the
 * newest version dropped: a cursor below it may have missed a deletion, so it answers 410
 * (resync_required) instead of a feed with a hole. Live resources are never dropped: a cursor
 * from the start still reads everything that exists.
 */
export async function pruneTombstones(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retention.days * 86_400_000);
  const [row] = await query<{ pruned: string }>(
    `with gone as (
       delete from changes where op = 'delete' and changed_at < $1 returning user_id, version
     ), tops as (
       select user_id, max(version) as top, count(*) as n from gone group by user_id
     ), marked as (
       update change_counters k set resync_below = greatest(k.resync_below, tops.top) from tops where k.user_id = tops.user_id
     )
     select coalesce(sum(n), 0) as pruned from tops`,
    [cutoff],
  );
  return Number(row?.pruned ?? 0);
}

/**
 * Drops the batch entries whose rows have all been written again (moved to newer batches) or
 * deleted: they would read as nothing, and a cursor inside one reads on from the next version.
 */
export async function pruneEmptyBatches(): Promise<number> {
  let pruned = 0;
  for (const type of Object.keys(BATCHED) as BatchedType[]) {
    const [row] = await query<{ n: number }>(
      `with gone as (
         delete from changes c where c.type = $1 and c.op = 'batch'
            and not exists (select 1 from ${CHANGE_TABLES[type].table} r where r.user_id = c.user_id and r.change_batch = substr(c.id, 2)::bigint)
         returning 1)
       select count(*)::int as n from gone`,
      [type],
    );
    pruned += row?.n ?? 0;
  }
  return pruned;
}
