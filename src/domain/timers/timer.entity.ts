import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A running timer. Stopping it turns it into an event (source `timer`) and removes the row. */
export const TrackingTimer = defineEntity({
  name: 'TrackingTimer',
  tableName: 'tracking_timers',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    categoryId: p.uuid().nullable(),
    label: p.text().nullable(),
    startedAt: p.datetime(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type TrackingTimer = InferEntity<typeof TrackingTimer>;
