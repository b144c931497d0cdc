import type { Aggregation } from '../metric-types/catalogue.ts';
import { WEEKDAYS, type Weekday } from '../users/preferences.ts';

/**
 * Goals over periods, as pure functions of local days (YYYY-MM-DD in the user's timezone, as the
 * day summary counts them): a daylight-saving change or a move to another timezone changes which
 * day a reading falls on, never how days group into weeks and months.
 */
export const GOAL_PERIODS = ['day', 'week', 'month'] as const;
export type GoalPeriod = (typeof GOAL_PERIODS)[number];
export const PERIOD_OUTCOMES = ['met', 'missed', 'skipped', 'in_progress'] as const;
export type PeriodOutcome = (typeof PERIOD_OUTCOMES)[number];

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => fromMs(toMs(day) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS);

/** The first and last day of the period holding `day`; weeks start on `weekStart`. */
export function periodOf(day: string, period: GoalPeriod, weekStart: Weekday): { start: string; end: string } {
  if (period === 'day') return { start: day, end: day };
  if (period === 'week') {
    // getUTCDay: Sunday 0; WEEKDAYS: Monday 0.
    const weekday = (new Date(toMs(day)).getUTCDay() + 6) % 7;
    const back = (weekday - WEEKDAYS.indexOf(weekStart) + 7) % 7;
    const start = addDays(day, -back);
    return { start, end: addDays(start, 6) };
  }
  const start = `${day.slice(0, 8)}01`;
  const d = new Date(toMs(start));
  const end = fromMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY_MS);
  return { start, end };
}

/** What a goal asks: its metric's daily values meet `target` in `direction`, per `period`, on `timesPerPeriod` days or in aggregate. */
export type GoalRule = {
  target: number;
  direction: 'at_least' | 'at_most';
  period: GoalPeriod;
  /** null: the period's aggregate value (a sum, or a mean for metrics that do not add up) against the target. */
  timesPerPeriod: number | null;
  /** How the metric's days add up over a period: sums (steps, drinks) or means (weight, sleep hours). */
  aggregation: Aggregation;
};

export type PeriodResult = {
  start: string;
  end: string;
  /** The period's value: its aggregate, or for a times-per-period goal the number of days the target was met. */
  value: number | null;
  /** What the value is held to: the target, or the number of days required (less the skipped ones). */
  target: number;
  outcome: PeriodOutcome;
};

const meets = (value: number, rule: Pick<GoalRule, 'target' | 'direction'>) =>
  rule.direction === 'at_least' ? value >= rule.target : value <= rule.target;

/**
 * A day's value as the goal reads it: a metric that adds up (a count, a sum) is 0 on a day without
 * readings; one that does not (weight) is unknown then.
 */
function dayValue(values: ReadonlyMap<string, number>, day: string, rule: GoalRule): number | null {
  return values.get(day) ?? (rule.aggregation === 'sum' ? 0 : null);
}

/**
 * One period's outcome. A period all of whose days (up to today) are skipped is `skipped`. Skipped
 * days leave a times-per-period goal's count (it needs min(times, days not skipped)) and scale a
 * summed target down to the days not skipped. The current period is `in_progress` until it is met
 * (an at-least sum or count can be met early; an at-most one only once it has ended).
 */
function evaluatePeriod(
  start: string,
  end: string,
  rule: GoalRule,
  values: ReadonlyMap<string, number>,
  skips: ReadonlySet<string>,
  today: string,
): PeriodResult {
  const length = daysBetween(start, end) + 1;
  const open = today <= end;
  const days = Array.from({ length }, (_, i) => addDays(start, i)).filter((d) => d <= today);
  const active = days.filter((d) => !skips.has(d));
  const skippedInPeriod = Array.from({ length }, (_, i) => addDays(start, i)).filter((d) => skips.has(d)).length;
  if (skippedInPeriod === length) return { start, end, value: null, target: rule.target, outcome: 'skipped' };
  if (active.length === 0) return { start, end, value: null, target: rule.target, outcome: open ? 'in_progress' : 'skipped' };
  const finalize = (value: number | null, target: number, metNow: boolean, metAtEnd: boolean): PeriodResult => ({
    start,
    end,
    value,
    target,
    outcome: metNow ? 'met' : open ? 'in_progress' : metAtEnd ? 'met' : 'missed',
  });

  if (rule.period === 'day' || rule.timesPerPeriod !== null) {
    const required = rule.period === 'day' ? 1 : Math.min(rule.timesPerPeriod!, length - skippedInPeriod);
    const metDays = active.filter((d) => {
      const v = dayValue(values, d, rule);
      return v !== null && meets(v, rule);
    }).length;
    const value = rule.period === 'day' ? dayValue(values, start, rule) : metDays;
    return finalize(value, rule.period === 'day' ? rule.target : required, metDays >= required, metDays >= required);
  }

  const known = active.map((d) => dayValue(values, d, rule)).filter((v): v is number => v !== null);
  if (known.length === 0) return finalize(null, rule.target, false, false);
  const total = known.reduce((a, b) => a + b, 0);
  if (rule.aggregation === 'sum') {
    const target = rule.target * ((length - skippedInPeriod) / length);
    // An at-least sum is met once reached; an at-most one can still be broken until the period ends.
    const metNow = rule.direction === 'at_least' && total >= target;
    return finalize(total, target, metNow, meets(total, { ...rule, target }));
  }
  const mean = total / known.length;
  return finalize(mean, rule.target, false, meets(mean, rule));
}

/** Every period overlapping from..to, oldest first. */
function periodsIn(from: string, to: string, period: GoalPeriod, weekStart: Weekday): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  for (let p = periodOf(from, period, weekStart); p.start <= to; p = periodOf(addDays(p.end, 1), period, weekStart)) out.push(p);
  return out;
}

/** Loop Habit Tracker's multiplier: how much of yesterday's score a day keeps, by the habit's frequency. */
const multiplier = (frequency: number) => 0.5 ** (Math.sqrt(frequency) / 13);

/** One day of a yes/no habit: done, not done, or skipped (the score stays as it was). */
export type HabitDay = 'yes' | 'no' | 'skip';

/**
 * Loop Habit Tracker's score of a yes/no habit done `numerator` times per `denominator` days, after
 * each of `days` (oldest first), as its ScoreList.recompute computes it: score = previous × m +
 * completion × (1 − m), m = 0.5^(√frequency / 13), completion = min(1, yes days in the last
 * denominator days / numerator), numerator and denominator doubled below daily to smooth irregular
 * schedules; a skipped day keeps the score.
 */
export function loopScores(days: readonly HabitDay[], numerator: number, denominator: number): number[] {
  const frequency = numerator / denominator;
  if (frequency < 1) {
    numerator *= 2;
    denominator *= 2;
  }
  const m = multiplier(frequency);
  let rolling = 0;
  let score = 0;
  return days.map((day, i) => {
    if (day === 'yes') rolling++;
    if (i >= denominator && days[i - denominator] === 'yes') rolling--;
    if (day !== 'skip') score = score * m + Math.min(1, rolling / numerator) * (1 - m);
    return score;
  });
}

/**
 * Loop's score of a numerical habit with `target` per `denominator` days (frequency 1/denominator):
 * completion from the sum of the last denominator days, at least: min(1, sum / target); at most:
 * 1 − (sum − target) / target clamped to 0..1, starting from 1. A skipped day (null) keeps the score.
 */
export function loopNumericScores(
  days: readonly (number | null)[],
  target: number,
  denominator: number,
  direction: 'at_least' | 'at_most',
): number[] {
  const m = multiplier(1 / denominator);
  const atMost = direction === 'at_most';
  let rolling = 0;
  let score = atMost ? 1 : 0;
  return days.map((value, i) => {
    rolling += Math.max(0, value ?? 0);
    if (i >= denominator) rolling -= Math.max(0, days[i - denominator] ?? 0);
    if (value === null) return score;
    const completion = atMost
      ? target > 0
        ? Math.min(1, Math.max(0, 1 - (rolling - target) / target))
        : rolling > 0
          ? 0
          : 1
      : target > 0
        ? Math.min(1, rolling / target)
        : 1;
    score = score * m + completion * (1 - m);
    return score;
  });
}

/**
 * Habit strength (0..100) as of `today`, Loop Habit Tracker's score from `first` on: a day goal is a
 * daily yes/no habit, a times-per-period goal a yes/no habit of times per 7 (week) or 30 (month)
 * days, a day being "yes" when its value meets the target; an aggregate period goal a numerical
 * habit of its target per 7 or 30 days. Skip days keep the score.
 */
export function habitStrength(
  rule: GoalRule,
  values: ReadonlyMap<string, number>,
  skips: ReadonlySet<string>,
  first: string,
  today: string,
): number {
  const length = daysBetween(first, today) + 1;
  if (length <= 0) return 0;
  const days = Array.from({ length }, (_, i) => addDays(first, i));
  const span = rule.period === 'day' ? 1 : rule.period === 'week' ? 7 : 30;
  if (rule.period === 'day' || rule.timesPerPeriod !== null) {
    const marks = days.map((day): HabitDay => {
      if (skips.has(day)) return 'skip';
      const v = dayValue(values, day, rule);
      return v !== null && meets(v, rule) ? 'yes' : 'no';
    });
    return loopScores(marks, rule.period === 'day' ? 1 : rule.timesPerPeriod!, span).at(-1)! * 100;
  }
  const amounts = days.map((day) => (skips.has(day) ? null : (dayValue(values, day, rule) ?? 0)));
  return loopNumericScores(amounts, rule.target, span, rule.direction).at(-1)! * 100;
}

/** Current and longest runs of met periods, oldest first; skipped periods are stepped over, an open one counts only once met. */
export function streaks(periods: readonly PeriodResult[]): { streak: number; longestStreak: number } {
  let run = 0;
  let longest = 0;
  for (const p of periods) {
    if (p.outcome === 'met') longest = Math.max(longest, ++run);
    else if (p.outcome === 'missed') run = 0;
  }
  return { streak: run, longestStreak: longest };
}

/** Each period of from..to with its outcome (periods after today are left out). */
export function goalHistory(
  rule: GoalRule,
  values: ReadonlyMap<string, number>,
  skips: ReadonlySet<string>,
  from: string,
  to: string,
  today: string,
  weekStart: Weekday,
): PeriodResult[] {
  return periodsIn(from, to, rule.period, weekStart)
    .filter((p) => p.start <= today)
    .map((p) => evaluatePeriod(p.start, p.end, rule, values, skips, today));
}
