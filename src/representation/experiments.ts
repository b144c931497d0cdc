import { z } from 'zod';
import { BETTER, VERDICTS } from '../domain/experiments/analysis.ts';
import { EXPERIMENT_STATUSES, type ExperimentReport } from '../domain/experiments/report.ts';
import { ARMS, DESIGNS } from '../domain/experiments/schedule.ts';

const date = z.iso.date();
const num = z.number().nullable();

const ExperimentBlockRead = z
  .object({
    index: z.number().int().describe('1 for the first block'),
    arm: z.enum(ARMS).describe('A: intervention off; B: intervention on'),
    from: date,
    to: date,
  })
  .meta({ id: 'ExperimentBlockRead' });

const ExperimentDayRead = z
  .object({
    date,
    arm: z.enum(ARMS),
    block: z.number().int(),
    washout: z.boolean().describe('Left out of the comparison: among the first washout_days of a block after a switch'),
    intervention: z.boolean().nullable().describe('Whether the data show the intervention that day; null when nothing tells'),
    adherent: z.boolean().nullable().describe('Whether that matches the plan (on for B, off for A); null when unknown'),
    outcome_date: date.describe('The day the outcome is read: lag days later'),
    outcome: num.describe('The outcome on outcome_date; null without a value'),
    analysed: z.boolean().describe('In the comparison: not washout, and the outcome has a value'),
  })
  .meta({ id: 'ExperimentDayRead' });

const ExperimentResultsRead = z
  .object({
    n_a: z.number().int().describe('Analysed A days'),
    n_b: z.number().int().describe('Analysed B days'),
    mean_a: num,
    mean_b: num,
    difference: num.describe('mean_b − mean_a'),
    hedges_g: num.describe('The difference over the pooled standard deviation, bias-corrected (1 − 3/(4n − 9))'),
    hac_se: num.describe('Newey–West standard error of the difference (Bartlett kernel, hac_lags lags, × n/(n − 2))'),
    ols_se: num.describe('The classical least-squares standard error of the difference'),
    se: num.describe('The larger of hac_se and ols_se: the one the interval uses'),
    hac_lags: z.number().int().nullable().describe('floor(4·(n/100)^(2/9))'),
    runs: z.number().int().describe('Runs of one arm among the analysed days, in order'),
    df: z.number().int().nullable().describe("The interval's degrees of freedom: floor(runs/2)"),
    ci_low: num.describe('95% interval of the difference: difference ± t(0.975, df)·se'),
    ci_high: num,
    p_value: num.describe('Two-sided, Student t on df'),
    min_days_per_arm: z.number().int().describe('Analysed days each arm needs before a verdict'),
    verdict: z
      .enum(VERDICTS)
      .describe(
        'inconclusive: fewer analysed days than min_days_per_arm in an arm; then improved or worsened when the interval excludes 0 (the way `better` says), else no_clear_effect',
      ),
  })
  .meta({ id: 'ExperimentResultsRead' });

export const ExperimentRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    hypothesis: z.string(),
    intervention: z.string().describe('tag:<tag>, category:<id> or metric:<slug><op><value>'),
    outcome: z.string().describe('A metric slug, tag:<tag> or category:<id>'),
    design: z.enum(DESIGNS),
    block_days: z.number().int(),
    blocks: z.number().int(),
    washout_days: z.number().int(),
    start: date,
    end: date.describe('The planned last day'),
    seed: z.number().int().nullable().describe('The randomized schedule’s seed; null for ab and abab'),
    better: z.enum(BETTER),
    lag: z.number().int(),
    status: z.enum(EXPERIMENT_STATUSES).describe('scheduled (before start), running, completed (after end) or stopped'),
    stopped_on: date.nullable().describe('The last day of a stopped experiment'),
    schedule: z.array(ExperimentBlockRead),
    days: z.array(ExperimentDayRead),
    adherence: z
      .object({
        days_known: z.number().int().describe('Planned days whose data tell whether the intervention happened'),
        days_adherent: z.number().int(),
        rate: num.describe('days_adherent / days_known'),
      })
      .meta({ id: 'ExperimentAdherenceRead' }),
    results: ExperimentResultsRead,
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'ExperimentRead' });
export type ExperimentRead = z.infer<typeof ExperimentRead>;

export function presentExperiment(e: ExperimentReport): ExperimentRead {
  const r = e.results;
  return {
    id: e.id,
    user_id: e.userId,
    hypothesis: e.hypothesis,
    intervention: e.intervention,
    outcome: e.outcome,
    design: e.design,
    block_days: e.blockDays,
    blocks: e.blocks,
    washout_days: e.washoutDays,
    start: e.start,
    end: e.end,
    seed: e.seed,
    better: e.better,
    lag: e.lag,
    status: e.status,
    stopped_on: e.stoppedOn,
    schedule: e.schedule.map((b) => ({ index: b.index, arm: b.arm, from: b.from, to: b.to })),
    days: e.days.map((d) => ({
      date: d.date,
      arm: d.arm,
      block: d.block,
      washout: d.washout,
      intervention: d.intervention,
      adherent: d.adherent,
      outcome_date: d.outcomeDate,
      outcome: d.outcome,
      analysed: d.analysed,
    })),
    adherence: { days_known: e.adherence.daysKnown, days_adherent: e.adherence.daysAdherent, rate: e.adherence.rate },
    results: {
      n_a: r.nA,
      n_b: r.nB,
      mean_a: r.meanA,
      mean_b: r.meanB,
      difference: r.difference,
      hedges_g: r.hedgesG,
      hac_se: r.hacSe,
      ols_se: r.olsSe,
      se: r.se,
      hac_lags: r.hacLags,
      runs: r.runs,
      df: r.df,
      ci_low: r.ciLow,
      ci_high: r.ciHigh,
      p_value: r.pValue,
      min_days_per_arm: r.minDaysPerArm,
      verdict: r.verdict,
    },
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}
