import { addDays } from '../insights/window.ts';
import type { Arm, Plan } from './schedule.ts';
import { compareArms, type Comparison } from './stats.ts';

export const BETTER = ['higher', 'lower'] as const;
export type Better = (typeof BETTER)[number];
export const VERDICTS = ['inconclusive', 'improved', 'worsened', 'no_clear_effect'] as const;
type Verdict = (typeof VERDICTS)[number];

/**
 * Analysed days each arm needs before a verdict (docs/decisions.md): below ten the variance
 * estimates rest on too few days to say anything, and the insight graph asks the same of a pair.
 */
const MIN_DAYS_PER_ARM = 10;

export type ExperimentDay = {
  date: string;
  arm: Arm;
  block: number;
  washout: boolean;
  /** Whether the intervention happened that day; null when the data cannot tell (nothing logged). */
  intervention: boolean | null;
  /** Whether that matches the plan (present on B days, absent on A days); null when unknown. */
  adherent: boolean | null;
  /** The day the outcome is read: lag days after this one. */
  outcomeDate: string;
  outcome: number | null;
  /** In the comparison: not a washout day, and the outcome has a value. */
  analysed: boolean;
};

export type Adherence = { daysKnown: number; daysAdherent: number; rate: number | null };
export type Results = Comparison & { minDaysPerArm: number; verdict: Verdict };
export type Analysis = { days: ExperimentDay[]; adherence: Adherence; results: Results };

export type DailyData = {
  /** Whether the intervention happened on a date, or null when unknown. */
  intervention: (date: string) => boolean | null;
  /** The outcome's value on a date, or null. */
  outcome: (date: string) => number | null;
};

/**
 * Enough days in each arm and an interval clear of zero: improved when the difference goes the
 * better way, worsened when it goes the other; an interval that holds zero is no clear effect.
 */
function verdictOf(c: Comparison, better: Better): Verdict {
  if (c.nA < MIN_DAYS_PER_ARM || c.nB < MIN_DAYS_PER_ARM || c.ciLow === null || c.ciHigh === null) return 'inconclusive';
  if (c.ciLow <= 0 && c.ciHigh >= 0) return 'no_clear_effect';
  return c.ciLow > 0 === (better === 'higher') ? 'improved' : 'worsened';
}

/** Every planned day with what the data says about it, the adherence, and the comparison of the analysed days. */
export function analyse(plan: Plan, opts: { lag: number; better: Better }, data: DailyData): Analysis {
  const y: number[] = [];
  const b: boolean[] = [];
  let daysKnown = 0;
  let daysAdherent = 0;
  const days = plan.days.map((p): ExperimentDay => {
    const intervention = data.intervention(p.date);
    const adherent = intervention === null ? null : intervention === (p.arm === 'B');
    if (adherent !== null) {
      daysKnown++;
      if (adherent) daysAdherent++;
    }
    const outcomeDate = addDays(p.date, opts.lag);
    const outcome = data.outcome(outcomeDate);
    const analysed = !p.washout && outcome !== null;
    if (analysed) {
      y.push(outcome);
      b.push(p.arm === 'B');
    }
    return { ...p, intervention, adherent, outcomeDate, outcome, analysed };
  });
  const comparison = compareArms(y, b);
  return {
    days,
    adherence: { daysKnown, daysAdherent, rate: daysKnown ? daysAdherent / daysKnown : null },
    results: { ...comparison, minDaysPerArm: MIN_DAYS_PER_ARM, verdict: verdictOf(comparison, opts.better) },
  };
}
