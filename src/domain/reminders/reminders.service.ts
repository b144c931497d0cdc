import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { isValidTimezone, localDateOf } from '../../core/clock.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse, uuid } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { Tag } from '../events/events.schemas.ts';
import { MetricGoal } from '../goals/goal.entity.ts';
import { metricType } from '../metric-types/catalogue.ts';
import { Routine } from '../routines/routine.entity.ts';
import { loadUser } from '../users/users.service.ts';
import { Webhook } from '../webhooks/webhook.entity.ts';
import { Reminder, type ReminderTargetKind } from './reminder.entity.ts';
import { HistoryQuery, ReminderCreate, ReminderUpdate, UpcomingQuery } from './reminders.schemas.ts';
import { firingsOf, type Firing } from './firings.ts';
import { dueTimesAfter, normalizeRule, type Occurrence } from './schedule.ts';
import { nextDueAfter, scheduleOf } from './timing.ts';

/** How many reminders one account may keep. */
const MAX_REMINDERS = 200;

type Fields = z.output<typeof ReminderCreate>;

/** The target as stored: a known metric, a set goal, one of the user's routines, a tag as events carry it. */
async function checkTarget(actor: Actor, target: Fields['target']): Promise<{ kind: ReminderTargetKind; ref: string } | null> {
  if (!target) return null;
  const { kind, ref } = target;
  const at = (msg: string) => Invalid.at(['target', 'ref'], msg);
  if (kind === 'metric' && !metricType(ref)) throw at(`Unknown metric type "${ref}"`);
  if (kind === 'goal') {
    const type = metricType(ref);
    if (!type?.goalable) throw at(`"${ref}" is not a metric with a goal`);
    if (!(await em().findOne(MetricGoal, { userId: actor.userId, metricTypeId: type.id }))) throw at(`No goal is set for "${ref}"`);
  }
  if (kind === 'routine' && !(uuid().safeParse(ref).success && (await em().findOne(Routine, { id: ref, userId: actor.userId })))) {
    throw at('Not one of your routines');
  }
  if (kind === 'tag') {
    const tag = Tag.safeParse(ref);
    if (!tag.success) throw at('Not a valid tag');
    return { kind, ref: tag.data };
  }
  return { kind, ref };
}

/** The rules between fields: a condition needs a target; a webhook channel needs one of the user's webhooks (ntfy: in that format). */
async function checkChannel(actor: Actor, data: Pick<Fields, 'channel' | 'webhook_id' | 'condition' | 'target'>): Promise<void> {
  if (data.condition !== 'always' && !data.target) throw Invalid.at(['condition'], `${data.condition} needs a target to check`);
  if (data.channel === 'web_push') {
    if (data.webhook_id) throw Invalid.at(['webhook_id'], 'The web_push channel takes no webhook');
    return;
  }
  if (!data.webhook_id) throw Invalid.at(['webhook_id'], `The ${data.channel} channel needs one of your webhooks`);
  const webhook = await em().findOne(Webhook, { id: data.webhook_id, userId: actor.userId });
  if (!webhook) throw Invalid.at(['webhook_id'], 'Not one of your webhooks');
  if (data.channel === 'ntfy' && webhook.format !== 'ntfy')
    throw Invalid.at(['webhook_id'], 'The ntfy channel needs a webhook in the ntfy format');
}

/** The rule, timezone and first day checked together: the schedule must have a due time to come. */
function checkSchedule(r: Pick<Reminder, 'rrule' | 'startsOn' | 'times' | 'timezone'>, now: Date): Occurrence {
  if (!isValidTimezone(r.timezone)) throw Invalid.at(['timezone'], `Unknown timezone "${r.timezone}"`);
  const next = nextDueAfter(r, now);
  if (!next) throw Invalid.at(['rrule'], 'The rule has no due time to come (its COUNT or UNTIL has passed)');
  return next;
}

const sortedTimes = (times: string[]) => [...new Set(times)].sort();

export async function createReminder(actor: Actor, input: z.input<typeof ReminderCreate>): Promise<Reminder> {
  authorize(actor, actor.userId, 'write');
  const data = parse(ReminderCreate, input);
  const rrule = normalizeRule(data.rrule);
  const target = await checkTarget(actor, data.target);
  await checkChannel(actor, data);
  const now = new Date();
  const timezone = data.timezone ?? (await loadUser(actor.userId)).timezone;
  if (!isValidTimezone(timezone)) throw Invalid.at(['timezone'], `Unknown timezone "${timezone}"`);
  const schedule = { rrule, times: sortedTimes(data.times), timezone, startsOn: data.starts_on ?? localDateOf(now, timezone) };
  const next = checkSchedule(schedule, now);
  const [{ n }] = await query<{ n: number }>(`select count(*)::int as n from reminders where user_id = $1`, [actor.userId]);
  if (n >= MAX_REMINDERS) throw Invalid.at([], `An account keeps at most ${MAX_REMINDERS} reminders`);
  const reminder = em().create(Reminder, {
    id: newId(),
    userId: actor.userId,
    label: data.label,
    ...schedule,
    targetKind: target?.kind ?? null,
    targetRef: target?.ref ?? null,
    condition: data.condition,
    quietStart: data.quiet?.start ?? null,
    quietEnd: data.quiet?.end ?? null,
    channel: data.channel,
    webhookId: data.webhook_id,
    graceMinutes: data.grace_minutes,
    enabled: data.enabled,
    nextDueAt: next.dueAt,
    snoozedUntil: null,
    snoozedDueAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return reminder;
}

/** The user's reminders, oldest first; with a target, only those about it. */
export async function listReminders(actor: Actor, target?: { kind: ReminderTargetKind; refs: string[] }): Promise<Reminder[]> {
  authorize(actor, actor.userId, 'read');
  const where = target ? { userId: actor.userId, targetKind: target.kind, targetRef: { $in: target.refs } } : { userId: actor.userId };
  return em().find(Reminder, where, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

export async function remindersByIds(actor: Actor, ids: string[]): Promise<Map<string, Reminder>> {
  authorize(actor, actor.userId, 'read');
  const valid = ids.filter((id) => uuid().safeParse(id).success);
  const rows = valid.length ? await em().find(Reminder, { userId: actor.userId, id: { $in: valid } }) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

export async function getReminder(actor: Actor, id: string): Promise<Reminder> {
  const reminder = (await remindersByIds(actor, [id])).get(id);
  if (!reminder) throw new NotFound('Reminder');
  return reminder;
}

/**
 * Changes a reminder. A new schedule (times, rule, first day, timezone) or switching it back on
 * counts from now: what fell due while it was off is not sent late. A snooze waiting ends with it.
 */
export async function updateReminder(actor: Actor, id: string, input: z.input<typeof ReminderUpdate>): Promise<Reminder> {
  authorize(actor, actor.userId, 'write');
  // Whose it is first: another user's id is a 404 whatever the body says.
  const r = await getReminder(actor, id);
  const data = parse(ReminderUpdate, input);
  const target = data.target !== undefined ? await checkTarget(actor, data.target) : undefined;
  await checkChannel(actor, {
    channel: data.channel ?? r.channel,
    webhook_id: data.webhook_id !== undefined ? data.webhook_id : (r.webhookId ?? null),
    condition: data.condition ?? r.condition,
    target: target !== undefined ? target : r.targetKind ? { kind: r.targetKind, ref: r.targetRef! } : null,
  });
  const now = new Date();
  const rescheduled = data.times !== undefined || data.rrule !== undefined || data.starts_on !== undefined || data.timezone !== undefined;
  const schedule = {
    rrule: data.rrule !== undefined ? normalizeRule(data.rrule) : r.rrule,
    times: data.times !== undefined ? sortedTimes(data.times) : r.times,
    startsOn: data.starts_on ?? r.startsOn,
    timezone: data.timezone ?? r.timezone,
  };
  if (rescheduled || (data.enabled === true && !r.enabled)) {
    r.nextDueAt = checkSchedule(schedule, now).dueAt;
    r.snoozedUntil = null;
    r.snoozedDueAt = null;
  }
  Object.assign(r, schedule);
  if (data.label !== undefined) r.label = data.label;
  if (target !== undefined) {
    r.targetKind = target?.kind ?? null;
    r.targetRef = target?.ref ?? null;
  }
  if (data.condition !== undefined) r.condition = data.condition;
  if (data.quiet !== undefined) {
    r.quietStart = data.quiet?.start ?? null;
    r.quietEnd = data.quiet?.end ?? null;
  }
  if (data.channel !== undefined) r.channel = data.channel;
  if (data.webhook_id !== undefined) r.webhookId = data.webhook_id;
  if (data.grace_minutes !== undefined) r.graceMinutes = data.grace_minutes;
  if (data.enabled !== undefined) r.enabled = data.enabled;
  r.updatedAt = now;
  await em().flush();
  return r;
}

export async function deleteReminder(actor: Actor, id: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const r = await getReminder(actor, id);
  await em().remove(r).flush();
}

/** The next due times from an instant (default now), as the scheduler will find them: DST gaps and repeats included. */
export async function upcomingDueTimes(actor: Actor, id: string, input: z.input<typeof UpcomingQuery>): Promise<Occurrence[]> {
  const r = await getReminder(actor, id);
  const q = parse(UpcomingQuery, input);
  return dueTimesAfter(scheduleOf(r), q.from ? new Date(q.from) : new Date(), q.limit);
}

/** What became of each due time: sent, skipped (and why), missed, failed, and what was done with it; latest first. */
export async function reminderHistory(actor: Actor, id: string, input: z.input<typeof HistoryQuery>): Promise<Firing[]> {
  const r = await getReminder(actor, id);
  const q = parse(HistoryQuery, input);
  return firingsOf(r.userId, r.id, q.before ? new Date(q.before) : null, q.limit);
}

/** Per target, the reminders about it: what a goal's or a routine's `reminders` field loads in one batch. */
const byTarget =
  (kind: ReminderTargetKind) =>
  async (actor: Actor, refs: string[]): Promise<Map<string, Reminder[]>> =>
    Map.groupBy(await listReminders(actor, { kind, refs }), (r) => r.targetRef!);
export const remindersOfGoals = byTarget('goal');
export const remindersOfRoutines = byTarget('routine');
