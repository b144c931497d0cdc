import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const REMINDER_TARGETS = ['goal', 'routine', 'metric', 'tag'] as const;
export type ReminderTargetKind = (typeof REMINDER_TARGETS)[number];
export const REMINDER_CONDITIONS = ['always', 'not_logged_today', 'not_logged_this_period'] as const;
/** ntfy is a webhook in the ntfy format: named as a channel of its own because users look for it by name. */
export const REMINDER_CHANNELS = ['webhook', 'ntfy', 'web_push'] as const;

/**
 * A reminder: local times (HH:MM) on the days an RRULE gives, from `startsOn`, in `timezone`.
 * `nextDueAt` is the next due time by the rule (null once the rule has no more); a snooze adds
 * one more due time (`snoozedUntil`) for the occurrence it snoozed (`snoozedDueAt`).
 */
export const Reminder = defineEntity({
  name: 'Reminder',
  tableName: 'reminders',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    label: p.text(),
    times: p.array(),
    rrule: p.text(),
    startsOn: p.string().columnType('date'),
    timezone: p.text(),
    targetKind: p.enum(REMINDER_TARGETS).nullable(),
    /** A goal's or metric's slug, a routine's id, or a tag. */
    targetRef: p.text().nullable(),
    condition: p.enum(REMINDER_CONDITIONS),
    quietStart: p.text().nullable(),
    quietEnd: p.text().nullable(),
    channel: p.enum(REMINDER_CHANNELS),
    webhookId: p.uuid().nullable(),
    graceMinutes: p.integer(),
    enabled: p.boolean(),
    nextDueAt: p.datetime().nullable(),
    snoozedUntil: p.datetime().nullable(),
    snoozedDueAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Reminder = InferEntity<typeof Reminder>;
