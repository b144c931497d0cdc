import { systemActor } from '../../core/actor.ts';
import { localDateOf } from '../../core/clock.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { activeGoals } from '../goals/active.ts';
import { periodsMetOn } from '../goals/standing.ts';
import { metricTypeById } from '../metric-types/catalogue.ts';
import { getEpisodes } from '../insights/insights.service.ts';
import { loadUser } from '../users/users.service.ts';
import { emitEvent } from '../outbox/outbox.service.ts';

const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Records a once-key; true only the first time (goal.met once per goal and period, episode.detected once per key and day). */
async function firstTime(userId: string, key: string): Promise<boolean> {
  const rows = await query(`insert into outbox_once (user_id, key) values ($1, $2) on conflict do nothing returning 1`, [userId, key]);
  return rows.length > 0;
}

/**
 * goal.met for each active goal whose period holding the day (that day, its week or its month)
 * is met, the first time it is; on the user's local today, episode.detected for each episode card of the default
 * window that was not already there the day before. Deterministic: the same data gives the same
 * events, whichever worker runs it and however often.
 */
async function checkDay(userId: string, day: string): Promise<number> {
  const actor = systemActor(userId);
  let emitted = 0;
  for (const { goal, period } of await periodsMetOn(userId, day, await activeGoals(userId))) {
    const slug = metricTypeById(goal.metricTypeId)!.slug;
    if (!(await firstTime(userId, `goal:${slug}:${period.start}`))) continue;
    const progress = period.value === null ? null : Math.round((period.value / period.target) * 1000) / 1000;
    const data = { date: day, period_start: period.start, period_end: period.end, value: period.value, progress };
    await emitEvent(userId, 'goal.met', data, { type: 'goal', id: slug });
    emitted++;
  }
  if (day !== localDateOf(new Date(), (await loadUser(userId)).timezone)) return emitted;
  const yesterday = previousDay(day);
  for (const card of (await getEpisodes(actor, {})).episodes) {
    const seenBefore = (
      await query(`select 1 from outbox_once where user_id = $1 and key = $2`, [userId, `episode:${card.key}:${yesterday}`])
    ).length;
    // Remembered for today either way: tomorrow a card still shown is not new either.
    if (!(await firstTime(userId, `episode:${card.key}:${day}`)) || seenBefore) continue;
    await emitEvent(userId, 'episode.detected', { card, date: day });
    emitted++;
  }
  return emitted;
}

/**
 * Runs the checks that are due (5 s after the write that marked them, so a burst of writes is
 * checked once), each claimed and done in its own transaction: a check a crashed worker held is
 * due again. Two workers may check one day at once (each took some of its marks); the once-keys
 * keep their events single. Returns the events emitted.
 */
export async function runDueChecks(limit = 20): Promise<number> {
  let emitted = 0;
  for (let i = 0; i < limit; i++) {
    const done = await em().transactional(async () => {
      // The earliest due mark names the day; every mark of that day goes with it (they are all covered now).
      const [due] = await query<{ user_id: string; day: string }>(
        `with pick as (
           select user_id, day from outbox_checks where due_at <= clock_timestamp() order by due_at limit 1 for update skip locked
         ), taken as (
           delete from outbox_checks c using pick where c.user_id = pick.user_id and c.day = pick.day returning c.user_id, c.day
         )
         select distinct user_id, day::text as day from taken`,
      );
      if (!due) return null;
      // The user may be gone since the mark (an erased account).
      const exists = await query(`select 1 from users where id = $1`, [due.user_id]);
      return exists.length ? checkDay(due.user_id, due.day) : 0;
    });
    if (done === null) break;
    emitted += done;
  }
  return emitted;
}
