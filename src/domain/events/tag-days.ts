import { query } from '../../db/sql.ts';

/** How many of the user's events carry `tag`, per local day of from..to (days without one absent). */
export async function tagCountsByDay(userId: string, tag: string, from: string, to: string): Promise<Map<string, number>> {
  const rows = await query<{ day: string; n: number }>(
    `select local_date::text as day, count(*)::int as n from events
     where user_id = $1 and tags @> array[$2]::text[] and local_date between $3::date and $4::date
     group by local_date`,
    [userId, tag, from, to],
  );
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** Whether any of the user's events ever carried `tag`. */
export async function tagInUse(userId: string, tag: string): Promise<boolean> {
  const rows = await query(`select 1 from events where user_id = $1 and tags @> array[$2]::text[] limit 1`, [userId, tag]);
  return rows.length > 0;
}

/** One event on a share's timeline: when, its tags, and its notes where they are plain text. */
export type TimelineEvent = { occurredAt: Date; localDate: string; tags: string[]; notes: string | null; encrypted: boolean };

/** The user's events carrying any of `tags` on from..to, oldest first, at most `limit`. */
export async function eventsWithTags(userId: string, tags: string[], from: string, to: string, limit: number): Promise<TimelineEvent[]> {
  if (tags.length === 0) return [];
  const rows = await query<{ occurred_at: Date | string; local_date: string; tags: string[]; notes: string | null; encrypted: boolean }>(
    `select occurred_at, local_date::text as local_date, tags, notes, encrypted_payload is not null as encrypted from events
     where user_id = $1 and tags && $2::text[] and local_date between $3::date and $4::date
     order by occurred_at, id limit $5`,
    [userId, tags, from, to, limit],
  );
  return rows.map((r) => ({
    occurredAt: new Date(r.occurred_at),
    localDate: r.local_date,
    tags: r.tags,
    notes: r.notes,
    encrypted: r.encrypted,
  }));
}

/** How many of the user's events each category has on from..to. */
export async function categoryCounts(userId: string, categoryIds: string[], from: string, to: string): Promise<Map<string, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await query<{ category_id: string; n: number }>(
    `select category_id, count(*)::int as n from events
     where user_id = $1 and category_id = any($2::uuid[]) and local_date between $3::date and $4::date group by category_id`,
    [userId, categoryIds, from, to],
  );
  return new Map(rows.map((r) => [r.category_id, r.n]));
}
