import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BETTER } from './analysis.ts';
import { DESIGNS } from './schedule.ts';

/**
 * An n-of-1 experiment: a hypothesis, an intervention switched on (B) and off (A) in blocks of
 * days on a schedule, and a day summary column as its outcome. Only the plan is stored: the
 * schedule follows from it (and the seed), the adherence and results from the data at query time.
 */
export const Experiment = defineEntity({
  name: 'Experiment',
  tableName: 'experiments',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    hypothesis: p.text(),
    /** Canonical: tag:<tag>, category:<id> or metric:<slug><op><value>. */
    intervention: p.text(),
    /** Canonical: a metric slug, tag:<tag> or category:<id>. */
    outcome: p.text(),
    design: p.enum(DESIGNS),
    blockDays: p.smallint(),
    blocks: p.smallint(),
    washoutDays: p.smallint(),
    startDate: p.string().columnType('date'),
    /** The randomized schedule's seed; null for ab and abab. */
    seed: p.integer().nullable(),
    better: p.enum(BETTER),
    lag: p.smallint(),
    stoppedOn: p.string().columnType('date').nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Experiment = InferEntity<typeof Experiment>;
