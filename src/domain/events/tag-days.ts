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
