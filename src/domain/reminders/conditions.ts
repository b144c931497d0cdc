import { query } from '../../db/sql.ts';
import { em } from '../../db/context.ts';
import { MetricGoal } from '../goals/goal.entity.ts';
import { addDays, goalHistory, periodOf, type PeriodResult } from '../goals/periods.ts';
import { goalData, ruleOf } from '../goals/standing.ts';
import { metricType } from '../metric-types/catalogue.ts';
import { loadUser } from '../users/users.service.ts';
import { routineTag } from '../routines/completions.service.ts';
import type { Reminder } from './reminder.entity.ts';
import { dueTimeBefore, instantOf, type Occurrence } from './schedule.ts';
import { scheduleOf } from './timing.ts';

/** Why a due time was not sent: logged already, its goal settled, or inside the quiet window. */
export type SkipReason = 'already_logged' | 'goal_met' | 'goal_out_of_reach' | 'quiet_hours';

/**
 * Whether anything was logged for the target in [from, to]: a reading of the metric, an event with
 * the tag (a routine's completion is one), or a capture's suggestion of either still waiting in the
 * inbox (the user did log it; only the review is left).
 */
async function loggedBetween(r: Reminder, from: Date, to: Date): Promise<boolean> {
  const ref = r.targetRef!;
  if (r.targetKind === 'metric' || r.targetKind === 'goal') {
    const type = metricType(ref)!;
    const [row] = await query<{ hit: boolean }>(
      `select exists (select 1 from health_metrics where user_id = $1 and metric_type_id = $2 and recorded_at between $3 and $4)
           or exists (select 1 from suggestions where user_id = $1 and status = 'pending' and kind = 'metric_reading'
                        and payload ->> 'metric_type_slug' = $5 and coalesce(occurred_at, created_at) between $3 and $4) as hit`,
      [r.userId, type.id, from, to, ref],
    );
    return row.hit;
  }
  const tag = r.targetKind === 'routine' ? routineTag(ref) : ref;
  const [row] = await query<{ hit: boolean }>(
    `select exists (select 1 from events where user_id = $1 and tags @> array[$2]::text[] and occurred_at between $3 and $4)
         or exists (select 1 from suggestions where user_id = $1 and status = 'pending' and kind = 'event'
                      and payload -> 'tags' ? $2 and coalesce(occurred_at, created_at) between $3 and $4) as hit`,
    [r.userId, tag, from, to],
  );
  return row.hit;
}

/** The goal's period holding the day, as of that day, and whether it can still be met. */
async function goalPeriod(r: Reminder, day: string): Promise<{ period: PeriodResult; reachable: boolean } | null> {
  const type = metricType(r.targetRef!)!;
  const goal = await em().findOne(MetricGoal, { userId: r.userId, metricTypeId: type.id, active: true });
  if (!goal) return null;
  const { weekStart } = await loadUser(r.userId);
  const rule = ruleOf(goal);
  const span = periodOf(day, rule.period, weekStart);
  const data = await goalData(r.userId, [goal.metricTypeId], span.start, day);
  const values = data.values.get(goal.metricTypeId)!;
  const skips = data.skips.get(goal.metricTypeId)!;
  const [period] = goalHistory(rule, values, skips, span.start, span.start, day, weekStart);
  if (!period) return null;
  let reachable = true;
  if (rule.direction === 'at_most') {
    // A total can only grow: once past an at-most target the period is lost.
    reachable = rule.aggregation !== 'sum' || period.value === null || period.value <= rule.target;
  } else if (rule.timesPerPeriod !== null && rule.period !== 'day') {
    // Days still open: today (unless already met) and the days after it, less those skipped.
    let open = 0;
    for (let d = day; d <= span.end; d = addDays(d, 1)) if (!skips.has(d)) open++;
    const todayValue = values.get(day);
    if (todayValue !== undefined && todayValue >= rule.target) open--;
    reachable = (period.value ?? 0) + open >= period.target;
  }
  return { period, reachable };
}

/** HH:MM inside a window that may wrap past midnight (22:00 to 07:00); the end is not in it. */
function inQuiet(time: string, start: string, end: string): boolean {
  return start <= end ? time >= start && time < end : time >= start || time < end;
}

/**
 * Whether a due time goes out, or why not. `occurrence` is the due time the condition is about (for
 * a snooze, the one it snoozed); `sentAt` the local time it would go out at. Anything logged up to
 * `now` counts (a late round must not remind of what was done meanwhile).
 */
export async function skipReason(r: Reminder, occurrence: Occurrence, sentAt: string, now: Date): Promise<SkipReason | null> {
  if (r.quietStart && r.quietEnd && inQuiet(sentAt, r.quietStart, r.quietEnd)) return 'quiet_hours';
  if (!r.targetKind) return null;
  const until = new Date(Math.max(now.getTime(), occurrence.dueAt.getTime()));
  if (r.targetKind === 'goal' && r.condition !== 'always') {
    const goal = await goalPeriod(r, occurrence.localDate);
    if (goal?.period.outcome === 'met') return 'goal_met';
    if (goal && !goal.reachable) return 'goal_out_of_reach';
    // For a goal, "this period" is its own: not met yet is all it asks.
    if (r.condition === 'not_logged_this_period') return null;
  }
  if (r.condition === 'always') return null;
  const from =
    r.condition === 'not_logged_today'
      ? instantOf(occurrence.localDate, '00:00', r.timezone)
      : (dueTimeBefore(scheduleOf(r), occurrence.dueAt)?.dueAt ?? instantOf(occurrence.localDate, '00:00', r.timezone));
  return (await loggedBetween(r, from, until)) ? 'already_logged' : null;
}
