import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening', 'night', 'anytime'] as const;

/** A named checklist the user runs at a time of day; doing it is logged as an event (see completions). */
export const Routine = defineEntity({
  name: 'Routine',
  tableName: 'routines',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    name: p.text(),
    timeOfDay: p.enum(TIMES_OF_DAY),
    items: p.array(),
    color: p.text().nullable(),
    iconKey: p.text().nullable(),
    displayOrder: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Routine = InferEntity<typeof Routine>;
