import { query } from '../../db/sql.ts';

/** The user's captures in [from, to), oldest first, at most `limit`: their text and when. */
export async function capturesBetween(userId: string, from: Date, to: Date, limit: number): Promise<{ capturedAt: Date; text: string }[]> {
  const rows = await query<{ captured_at: Date | string; text: string }>(
    `select captured_at, text from log_captures where user_id = $1 and captured_at >= $2 and captured_at < $3
     order by captured_at, id limit $4`,
    [userId, from, to, limit],
  );
  return rows.map((r) => ({ capturedAt: new Date(r.captured_at), text: r.text }));
}
