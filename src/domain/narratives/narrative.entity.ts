import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** docs/architecture.md, Enumerations: a narrative covers one week (Monday to Sunday); the only period type so far. */
export const PERIOD_TYPES = ['week'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/**
 * A stored weekly narrative: prose about one week of the user's data, written by a language
 * model here (the weekly job) or elsewhere (POSTed). One per user, period type and period start.
 */
export const Narrative = defineEntity({
  name: 'Narrative',
  tableName: 'narratives',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    periodType: p.enum(PERIOD_TYPES),
    periodStart: p.string().columnType('date'),
    periodEnd: p.string().columnType('date'),
    narrativeText: p.text(),
    /** Who wrote it, when known: the endpoint's host or what the poster said. */
    provider: p.text().nullable(),
    modelUsed: p.text().nullable(),
    inputTokens: p.integer().nullable(),
    outputTokens: p.integer().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Narrative = InferEntity<typeof Narrative>;
