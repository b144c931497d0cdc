import { localDateOf } from '../../core/clock.ts';
import { readOnce } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { loadDailyMatrix, type DailyMatrix } from '../days/summary.service.ts';
import { addDays } from '../insights/window.ts';
import { loadUser } from '../users/users.service.ts';
import { analyse, type Adherence, type Better, type DailyData, type ExperimentDay, type Results } from './analysis.ts';
import { columnOf, holds, parseIntervention, parseOutcome } from './conditions.ts';
import type { Experiment } from './experiment.entity.ts';
import { buildPlan, plannedEnd, type Design, type PlanBlock } from './schedule.ts';

export const EXPERIMENT_STATUSES = ['scheduled', 'running', 'completed', 'stopped'] as const;
type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/** An experiment as every transport shows it: the stored plan, its schedule and what the data say, computed now. */
export type ExperimentReport = {
  id: string;
  userId: string;
  hypothesis: string;
  intervention: string;
  outcome: string;
  design: Design;
  blockDays: number;
  blocks: number;
  washoutDays: number;
  start: string;
  /** The planned last day. */
  end: string;
  seed: number | null;
  better: Better;
  lag: number;
  status: ExperimentStatus;
  stoppedOn: string | null;
  schedule: PlanBlock[];
  days: ExperimentDay[];
  adherence: Adherence;
  results: Results;
  createdAt: Date;
  updatedAt: Date;
};

/** The user's first day with an event: where a factor's days start to count (0 without such an event, as in the day summary). */
const firstEventDay = (userId: string) =>
  readOnce(`first-event:${userId}`, async () => {
    const [row] = await query<{ d: string | null }>(`select min(local_date)::text as d from events where user_id = $1`, [userId]);
    return row?.d ?? null;
  });

/** A column's value by date; a factor without any event in the range is 0 on recorded days, as the day summary reads it. */
async function columnReader(
  userId: string,
  matrix: DailyMatrix,
  key: string,
  isFactor: boolean,
  today: string,
): Promise<(date: string) => number | null> {
  const index = new Map(matrix.dates.map((d, i) => [d, i]));
  const column = matrix.columns.find((c) => c.key === key);
  if (column) return (date) => column.values[index.get(date) ?? -1] ?? null;
  if (!isFactor) return () => null;
  const first = await firstEventDay(userId);
  return (date) => (first !== null && date >= first && date <= today ? 0 : null);
}

function statusOf(e: Experiment, end: string, today: string): ExperimentStatus {
  if (e.stoppedOn !== null) return 'stopped';
  if (today < e.startDate) return 'scheduled';
  return today > end ? 'completed' : 'running';
}

/** The report of one experiment: its plan, then the day summary from its first day to its last day plus the lag. */
export async function reportOf(e: Experiment): Promise<ExperimentReport> {
  const today = localDateOf(new Date(), (await loadUser(e.userId)).timezone);
  const end = plannedEnd(e.startDate, e.blocks, e.blockDays);
  const plan = buildPlan({
    design: e.design,
    blocks: e.blocks,
    blockDays: e.blockDays,
    washoutDays: e.washoutDays,
    start: e.startDate,
    seed: e.seed ?? null,
    stoppedOn: e.stoppedOn ?? null,
  });
  const intervention = parseIntervention(e.intervention);
  const outcome = parseOutcome(e.outcome);
  if (typeof intervention === 'string' || typeof outcome === 'string') throw new Error(`Experiment ${e.id} holds an unreadable key`);

  let data: DailyData = { intervention: () => null, outcome: () => null };
  const last = plan.days.at(-1)?.date;
  if (last !== undefined) {
    const matrix = await loadDailyMatrix(e.userId, e.startDate, addDays(last, e.lag));
    const exposure = await columnReader(e.userId, matrix, columnOf(intervention), intervention.kind !== 'metric', today);
    const measured = await columnReader(e.userId, matrix, columnOf(outcome), outcome.kind !== 'metric', today);
    data = {
      intervention: (date) => {
        const v = exposure(date);
        if (v === null) return null;
        return intervention.kind === 'metric' ? holds(intervention.op, v, intervention.value) : v > 0;
      },
      outcome: measured,
    };
  }
  const { days, adherence, results } = analyse(plan, { lag: e.lag, better: e.better }, data);
  return {
    id: e.id,
    userId: e.userId,
    hypothesis: e.hypothesis,
    intervention: e.intervention,
    outcome: e.outcome,
    design: e.design,
    blockDays: e.blockDays,
    blocks: e.blocks,
    washoutDays: e.washoutDays,
    start: e.startDate,
    end,
    seed: e.seed ?? null,
    better: e.better,
    lag: e.lag,
    status: statusOf(e, end, today),
    stoppedOn: e.stoppedOn ?? null,
    schedule: plan.blocks,
    days,
    adherence,
    results,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}
