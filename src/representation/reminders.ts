import { z } from 'zod';
import { FIRING_ACTIONS, FIRING_STATUSES, type Firing } from '../domain/reminders/firings.ts';
import { REMINDER_CHANNELS, REMINDER_CONDITIONS, REMINDER_TARGETS, type Reminder } from '../domain/reminders/reminder.entity.ts';
import type { Occurrence } from '../domain/reminders/schedule.ts';
import { linksOf } from '../domain/reminders/actions.ts';

export const ReminderRead = z
  .object({
    id: z.uuid(),
    label: z.string(),
    times: z.array(z.string()).describe('Local times of day, HH:MM, in order'),
    rrule: z.string().describe('The RRULE of its days (upper case, without RRULE:)'),
    starts_on: z.iso.date(),
    timezone: z.string(),
    target: z.object({ kind: z.enum(REMINDER_TARGETS), ref: z.string() }).nullable(),
    condition: z.enum(REMINDER_CONDITIONS),
    quiet: z.object({ start: z.string(), end: z.string() }).nullable(),
    channel: z.enum(REMINDER_CHANNELS),
    webhook_id: z.uuid().nullable().describe('The webhook of a webhook or ntfy channel (null once that webhook is deleted)'),
    grace_minutes: z.number().int(),
    enabled: z.boolean(),
    next_due_at: z.string().nullable().describe('When it next falls due by its rule; null once the rule has no more'),
    snoozed_until: z.string().nullable().describe('A snoozed due time comes again then'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ReminderRead' });

export const presentReminder = (r: Reminder): z.output<typeof ReminderRead> => ({
  id: r.id,
  label: r.label,
  times: r.times,
  rrule: r.rrule,
  starts_on: r.startsOn,
  timezone: r.timezone,
  target: r.targetKind ? { kind: r.targetKind, ref: r.targetRef! } : null,
  condition: r.condition,
  quiet: r.quietStart ? { start: r.quietStart, end: r.quietEnd! } : null,
  channel: r.channel,
  webhook_id: r.webhookId ?? null,
  grace_minutes: r.graceMinutes,
  enabled: r.enabled,
  next_due_at: r.nextDueAt?.toISOString() ?? null,
  snoozed_until: r.snoozedUntil?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export const OccurrenceRead = z
  .object({
    due_at: z.string().describe('The instant, in UTC'),
    local_date: z.iso.date(),
    local_time: z.string().describe('The local time it was set for (a time the clocks skip goes out at the first moment after the gap)'),
  })
  .meta({ id: 'ReminderOccurrence' });

export const presentOccurrence = (o: Occurrence): z.output<typeof OccurrenceRead> => ({
  due_at: o.dueAt.toISOString(),
  local_date: o.localDate,
  local_time: o.localTime,
});

export const FiringRead = z
  .object({
    id: z.uuid(),
    reminder_id: z.uuid(),
    due_at: z.string().describe('When it went out, or was to (the due time, or the end of a snooze)'),
    occurrence_at: z.string().describe("The rule's due time it is about"),
    local_date: z.iso.date(),
    local_time: z.string(),
    snoozed: z.boolean().describe('It is a snoozed due time coming again'),
    status: z
      .enum(FIRING_STATUSES)
      .describe(
        'sent; skipped (see reason); missed (the service was not running within the grace); failed (see reason); pending while a Web Push is on its way',
      ),
    reason: z
      .string()
      .nullable()
      .describe(
        'skipped: already_logged, goal_met, goal_out_of_reach, quiet_hours; missed: not_running; failed: webhook_deleted, webhook_disabled, webhook_backlog, no_push_subscriptions, push_failed',
      ),
    decided_at: z.string(),
    event_id: z.uuid().nullable().describe("The reminder.due event sent to the webhook: its deliveries are the webhook's"),
    push_results: z
      .array(z.object({ subscription_id: z.uuid(), ok: z.boolean(), status: z.number().int().nullable(), error: z.string().nullable() }))
      .nullable(),
    action: z.enum(FIRING_ACTIONS).nullable().describe('What was done from the message: done or snoozed'),
    acted_at: z.string().nullable(),
    actions: z
      .object({ page_url: z.string(), done_url: z.string(), snooze_url: z.string() })
      .nullable()
      .describe('The signed links its message carried (sent ones only)'),
  })
  .meta({ id: 'ReminderFiring' });

export const presentFiring = (f: Firing): z.output<typeof FiringRead> => ({
  id: f.id,
  reminder_id: f.reminderId,
  due_at: f.dueAt.toISOString(),
  occurrence_at: f.occurrenceAt.toISOString(),
  local_date: f.localDate,
  local_time: f.localTime,
  snoozed: f.snoozed,
  status: f.status,
  reason: f.reason,
  decided_at: f.decidedAt.toISOString(),
  event_id: f.eventId,
  push_results: f.pushResults,
  action: f.action,
  acted_at: f.actedAt?.toISOString() ?? null,
  actions: linksOf(f),
});
