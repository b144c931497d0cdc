import { z } from 'zod';
import { dateTime, isoDate, uuid } from '../../core/validation.ts';
import { REMINDER_CHANNELS, REMINDER_CONDITIONS, REMINDER_TARGETS } from './reminder.entity.ts';

/** A local time of day, 24-hour HH:MM. */
const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A local time is HH:MM, 00:00 to 23:59');

const Target = z
  .object({
    kind: z
      .enum(REMINDER_TARGETS)
      .describe('What the reminder is about: a goal (by its metric slug), a routine (its id), a metric (slug) or a tag'),
    ref: z.string().trim().min(1).max(64).describe("The goal's or metric's slug, the routine's id, or the tag ('#meds' is the tag meds)"),
  })
  .describe('What the reminder is about, which its condition checks');

const Quiet = z
  .object({
    start: LocalTime.describe('From this local time…'),
    end: LocalTime.describe('…until this one (may wrap past midnight: 22:00 to 07:00)'),
  })
  .describe('A quiet window: a due time inside it is skipped (recorded as skipped, reason quiet_hours)');

const fields = {
  label: z.string().trim().min(1).max(100).describe('What to remind of: the notification says it'),
  times: z
    .array(LocalTime)
    .min(1)
    .max(24)
    .describe('The local times of day it falls due, on each day the rule gives (several: 08:00 and 21:00)'),
  rrule: z
    .string()
    .max(500)
    .describe(
      'Which days, as an RFC 5545 RRULE without times of day: FREQ=DAILY (default), FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR, FREQ=DAILY;INTERVAL=2, FREQ=MONTHLY;BYMONTHDAY=1; COUNT and UNTIL end it',
    ),
  starts_on: isoDate().describe("The rule's first day (DTSTART): an INTERVAL counts from it. Default: today in the timezone"),
  timezone: z.string().min(1).max(64).describe("The IANA timezone its local times are in. Default: the user's timezone when it is created"),
  target: Target.nullable(),
  condition: z
    .enum(REMINDER_CONDITIONS)
    .describe(
      'always; not_logged_today: only if nothing was logged for the target on the local day; not_logged_this_period: only if nothing since the previous due time (for a goal: only while its week or month is not met). A goal is never reminded of once its period is met or can no longer be met',
    ),
  quiet: Quiet.nullable(),
  channel: z
    .enum(REMINDER_CHANNELS)
    .describe(
      'Where it goes: webhook (the event reminder.due to that one webhook), ntfy (a webhook in the ntfy format) or web_push (every browser subscribed)',
    ),
  webhook_id: uuid().nullable().describe('The webhook, for the webhook and ntfy channels'),
  grace_minutes: z
    .number()
    .int()
    .min(0)
    .max(1440)
    .describe('How late it may still go out when the service was not running at the due time; later it is recorded as missed. Default 60'),
  enabled: z.boolean(),
};

export const ReminderCreate = z
  .object({
    ...fields,
    rrule: fields.rrule.default('FREQ=DAILY'),
    starts_on: fields.starts_on.optional(),
    timezone: fields.timezone.optional(),
    target: fields.target.default(null),
    condition: fields.condition.default('always'),
    quiet: fields.quiet.default(null),
    webhook_id: fields.webhook_id.default(null),
    grace_minutes: fields.grace_minutes.default(60),
    enabled: fields.enabled.default(true),
  })
  .meta({ id: 'ReminderCreate' });

export const ReminderUpdate = z
  .object(fields)
  .partial()
  .refine((o) => Object.keys(o).length > 0, 'Give at least one field to change')
  .meta({ id: 'ReminderUpdate' });

export const UpcomingQuery = z.object({
  from: dateTime().optional().describe('Due times after this instant (default: now)'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const HistoryQuery = z.object({
  before: dateTime().optional().describe('Firings due before this instant: the due_at of the last one of the previous page'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const SnoozeInput = z.object({
  minutes: z.coerce.number().int().min(1).max(720).default(15).describe('How long to snooze: 1 to 720 minutes (default 15)'),
});
