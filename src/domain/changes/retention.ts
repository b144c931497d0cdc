import { query } from '../../db/sql.ts';

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
