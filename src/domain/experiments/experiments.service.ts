import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { localDateOf } from '../../core/clock.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { Category } from '../categories/category.entity.ts';
import { loadUser } from '../users/users.service.ts';
import { canonical, columnOf, parseIntervention, parseOutcome, type Factor } from './conditions.ts';
import { Experiment } from './experiment.entity.ts';
import { blocksRule, DEFAULT_BLOCKS, ExperimentCreate, ExperimentUpdate, MAX_SEED } from './experiments.schemas.ts';
import { reportOf, type ExperimentReport } from './report.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ownExperiment(actor: Actor, experimentId: string): Promise<Experiment> {
  const experiment = UUID.test(experimentId) ? await em().findOne(Experiment, { id: experimentId, userId: actor.userId }) : null;
  if (!experiment) throw new NotFound('Experiment');
  return experiment;
}

/** A category named by id or by name (any case), as the user's category id; the user's own only. */
async function resolveCategory(actor: Actor, f: Factor, loc: string): Promise<Factor> {
  if (f.kind !== 'category') return f;
  const categories = await em().find(Category, { userId: actor.userId });
  if (UUID.test(f.ref)) {
    if (categories.some((c) => c.id === f.ref.toLowerCase())) return { kind: 'category', ref: f.ref.toLowerCase() };
    throw Invalid.at([loc], 'No category of yours has this id', 'not_found');
  }
  // Names are unique per user, whatever their case.
  const named = categories.find((c) => c.name.toLowerCase() === f.ref.toLowerCase());
  if (named) return { kind: 'category', ref: named.id };
  throw Invalid.at([loc], 'No category of yours has this name', 'not_found');
}

export async function createExperiment(actor: Actor, input: z.input<typeof ExperimentCreate>): Promise<ExperimentReport> {
  authorize(actor, actor.userId, 'write');
  const data = parse(ExperimentCreate, input);
  const parsedIntervention = parseIntervention(data.intervention);
  const parsedOutcome = parseOutcome(data.outcome);
  if (typeof parsedIntervention === 'string' || typeof parsedOutcome === 'string') {
    throw new Invalid([
      ...(typeof parsedIntervention === 'string' ? [{ loc: ['intervention'], msg: parsedIntervention, type: 'value_error' }] : []),
      ...(typeof parsedOutcome === 'string' ? [{ loc: ['outcome'], msg: parsedOutcome, type: 'value_error' }] : []),
    ]);
  }
  const intervention =
    parsedIntervention.kind === 'metric' ? parsedIntervention : await resolveCategory(actor, parsedIntervention, 'intervention');
  const outcome = parsedOutcome.kind === 'metric' ? parsedOutcome : await resolveCategory(actor, parsedOutcome, 'outcome');
  if (columnOf(intervention) === columnOf(outcome))
    throw Invalid.at(['outcome'], 'The outcome must be another column than the intervention');

  const now = new Date();
  const experiment = em().create(Experiment, {
    id: newId(),
    userId: actor.userId,
    hypothesis: data.hypothesis,
    intervention: canonical(intervention),
    outcome: canonical(outcome),
    design: data.design,
    blockDays: data.block_days,
    blocks: data.blocks ?? DEFAULT_BLOCKS[data.design],
    washoutDays: data.washout_days,
    startDate: data.start,
    seed: data.design === 'randomized' ? (data.seed ?? randomInt(MAX_SEED + 1)) : null,
    better: data.better,
    lag: data.lag,
    stoppedOn: null,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return reportOf(experiment);
}

/** Every experiment of the user (a short list), newest first, each with its results now. */
export async function listExperiments(actor: Actor): Promise<ExperimentReport[]> {
  authorize(actor, actor.userId, 'read');
  const experiments = await em().find(Experiment, { userId: actor.userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const reports: ExperimentReport[] = [];
  for (const e of experiments) reports.push(await reportOf(e));
  return reports;
}

export async function getExperiment(actor: Actor, experimentId: string): Promise<ExperimentReport> {
  authorize(actor, actor.userId, 'read');
  return reportOf(await ownExperiment(actor, experimentId));
}

/** Batch read (the changes feed, the archive): the user's experiments among `ids`, by id. */
export async function experimentsByIds(actor: Actor, ids: string[]): Promise<Map<string, ExperimentReport>> {
  authorize(actor, actor.userId, 'read');
  const wanted = ids.filter((id) => UUID.test(id));
  const rows = wanted.length ? await em().find(Experiment, { userId: actor.userId, id: { $in: wanted } }) : [];
  const out = new Map<string, ExperimentReport>();
  for (const e of rows) out.set(e.id, await reportOf(e));
  return out;
}

/**
 * Changes the hypothesis' wording, extends the schedule (more blocks; what was planned stays) or
 * stops it on the user's local today. The intervention, outcome, design, start, seed, washout, lag
 * and direction are the experiment: changing them afterwards would be another experiment.
 */
export async function updateExperiment(
  actor: Actor,
  experimentId: string,
  input: z.input<typeof ExperimentUpdate>,
): Promise<ExperimentReport> {
  authorize(actor, actor.userId, 'write');
  const data = parse(ExperimentUpdate, input);
  const experiment = await ownExperiment(actor, experimentId);
  if (data.blocks !== undefined && data.blocks !== experiment.blocks) {
    if (experiment.stoppedOn !== null) throw Invalid.at(['blocks'], 'A stopped experiment cannot be extended');
    if (data.blocks < experiment.blocks)
      throw Invalid.at(['blocks'], `An experiment is extended, not shortened: at least ${experiment.blocks} blocks (stop it instead)`);
    const rule = blocksRule(experiment.design, data.blocks, experiment.blockDays);
    if (rule) throw Invalid.at(['blocks'], rule);
    experiment.blocks = data.blocks;
  }
  if (data.hypothesis !== undefined) experiment.hypothesis = data.hypothesis;
  if (data.status === 'stopped' && experiment.stoppedOn === null) {
    experiment.stoppedOn = localDateOf(new Date(), (await loadUser(actor.userId)).timezone);
  }
  experiment.updatedAt = new Date();
  await em().flush();
  return reportOf(experiment);
}

/** Deleting an experiment deletes its plan; the events and readings it read stay. */
export async function deleteExperiment(actor: Actor, experimentId: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  if (!UUID.test(experimentId)) throw new NotFound('Experiment');
  const deleted = await em().nativeDelete(Experiment, { id: experimentId, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Experiment');
}
