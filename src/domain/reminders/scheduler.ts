import { systemActor } from '../../core/actor.ts';
import { RateLimited } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { REMINDER_DUE } from '../outbox/event-types.ts';
import { sendWebPush } from '../push/push.service.ts';
import { deliverTo } from '../webhooks/deliveries.service.ts';
import { Webhook } from '../webhooks/webhook.entity.ts';
import { actionLinks } from './actions.ts';
import { skipReason } from './conditions.ts';
import { firingOf, recordFiring, settleFiring, type Firing, type FiringStatus, type PushResult } from './firings.ts';
import { Reminder } from './reminder.entity.ts';
import { localTimeOf, type Occurrence } from './schedule.ts';
import { nextDueAfter } from './timing.ts';
import { localDateOf } from '../../core/clock.ts';

/** How long a worker holds a Web Push it is sending before another may take it (a crash mid-send). */
const PUSH_LEASE_MS = 120_000;
/** Web Pushes sent at once by one worker. */
const PUSHES_AT_ONCE = 8;

/** The rule's due time at `at`, with the local day and time it was set for (a time in a DST gap keeps its set time). */
function occurrenceAt(r: Reminder, at: Date): Occurrence {
  const o = nextDueAfter(r, new Date(at.getTime() - 1));
  if (o && o.dueAt.getTime() === at.getTime()) return o;
  return { dueAt: at, localDate: localDateOf(at, r.timezone), localTime: localTimeOf(at, r.timezone) };
}

/** The reminder.due event's data (merged into the reminder's read) and a Web Push's text. */
function message(firing: Firing) {
  return {
    firing_id: firing.id,
    due_at: firing.dueAt.toISOString(),
    local_date: firing.localDate,
    local_time: firing.localTime,
    snoozed: firing.snoozed,
    actions: actionLinks(firing.id),
  };
}

/** Sends a reminder.due to the reminder's webhook, in the firing's transaction: sent, or failed saying why. */
async function toWebhook(r: Reminder, firing: Firing): Promise<{ status: FiringStatus; reason: string | null; eventId?: string }> {
  const webhook = r.webhookId ? await em().findOne(Webhook, { id: r.webhookId, userId: r.userId }) : null;
  if (!webhook) return { status: 'failed', reason: 'webhook_deleted' };
  if (!webhook.enabled) return { status: 'failed', reason: 'webhook_disabled' };
  try {
    const delivery = await deliverTo(systemActor(r.userId), webhook.id, REMINDER_DUE, message(firing), { type: 'reminder', id: r.id });
    return { status: 'sent', reason: null, eventId: delivery.eventId };
  } catch (err) {
    if (err instanceof RateLimited) return { status: 'failed', reason: 'webhook_backlog' };
    throw err;
  }
}

/** Due times a round records as missed for one reminder at most (a long downtime), before it moves on to others. */
const MISSED_PER_ROUND = 500;

const isLate = (r: Reminder, dueAt: Date, now: Date) => now.getTime() - dueAt.getTime() > r.graceMinutes * 60_000;

/** The rule's next due time, taken off the reminder (which moves on to the one after). */
function takeNext(r: Reminder): Occurrence {
  const occurrence = occurrenceAt(r, r.nextDueAt!);
  r.nextDueAt = nextDueAfter(r, occurrence.dueAt)?.dueAt ?? null;
  return occurrence;
}

const newFiring = (r: Reminder, occurrence: Occurrence, dueAt: Date, now: Date) => ({
  id: newId(),
  userId: r.userId,
  reminderId: r.id,
  dueAt,
  occurrenceAt: occurrence.dueAt,
  localDate: occurrence.localDate,
  localTime: occurrence.localTime,
  decidedAt: now,
});

/**
 * Takes the earliest due reminder no other worker holds (skip locked), records what becomes of
 * its due time (or its snooze) and moves it on to the next one, in one transaction: the firing's
 * unique key and the row lock make each due time go out once across workers and instances. Due
 * times past their grace (the service was down) are recorded as missed together.
 */
async function fireNext(now: Date): Promise<boolean> {
  const [row] = await query<{ id: string; user_id: string }>(
    `select id, user_id from reminders where enabled and (next_due_at <= $1 or snoozed_until <= $1)
      order by least(next_due_at, snoozed_until) limit 1 for update skip locked`,
    [now],
  );
  if (!row) return false;
  const r = await em().findOneOrFail(Reminder, { id: row.id, userId: row.user_id }, { refresh: true });
  const snoozedUntil = r.snoozedUntil ?? null;
  const bySnooze = snoozedUntil !== null && snoozedUntil <= now && (r.nextDueAt == null || snoozedUntil <= r.nextDueAt);
  if (!bySnooze) {
    for (let n = 0; n < MISSED_PER_ROUND && r.nextDueAt && isLate(r, r.nextDueAt, now); n++) {
      const occurrence = takeNext(r);
      await recordFiring({ ...newFiring(r, occurrence, occurrence.dueAt, now), snoozed: false, status: 'missed', reason: 'not_running' });
    }
    if (!r.nextDueAt || r.nextDueAt > now) {
      await em().flush();
      return true;
    }
  }
  const occurrence = bySnooze ? occurrenceAt(r, r.snoozedDueAt!) : takeNext(r);
  const dueAt = bySnooze && snoozedUntil ? snoozedUntil : occurrence.dueAt;
  if (bySnooze) {
    r.snoozedUntil = null;
    r.snoozedDueAt = null;
  }
  await em().flush();
  const late = isLate(r, dueAt, now);
  const skip = late ? null : await skipReason(r, occurrence, bySnooze ? localTimeOf(dueAt, r.timezone) : occurrence.localTime, now);
  const status: FiringStatus = late ? 'missed' : skip ? 'skipped' : 'pending';
  const firing = await recordFiring({
    ...newFiring(r, occurrence, dueAt, now),
    snoozed: bySnooze,
    status,
    reason: late ? 'not_running' : skip,
  });
  // Web Pushes go out after the commit (sendPendingPushes): never a network wait under the row lock.
  if (firing && status === 'pending' && r.channel !== 'web_push') await settleFiring(firing, await toWebhook(r, firing));
  return true;
}

/** Claims pending Web Push firings under a lease; one a crashed worker held is taken again once its lease ends. */
async function claimPushes(now: Date, limit: number): Promise<{ id: string; userId: string }[]> {
  const rows = await query<{ id: string; user_id: string }>(
    `update reminder_firings set claimed_until = $1::timestamptz + make_interval(secs => $2)
      where id in (select id from reminder_firings where status = 'pending' and (claimed_until is null or claimed_until < $1)
                    order by due_at limit $3 for update skip locked)
      returning id, user_id`,
    [now, PUSH_LEASE_MS / 1000, limit],
  );
  return rows.map((r) => ({ id: r.id, userId: r.user_id }));
}

/** Sends one claimed firing to every browser the user subscribed, and records the answers. */
async function sendPush(claim: { id: string; userId: string }, now: Date): Promise<void> {
  const firing = await firingOf(claim.userId, claim.id);
  const r = firing && (await em().findOne(Reminder, { id: firing.reminderId, userId: firing.userId }, { refresh: true }));
  if (!firing || !r) return;
  if (isLate(r, firing.dueAt, now)) {
    await settleFiring(firing, { status: 'missed', reason: 'not_running' });
    return;
  }
  const links = actionLinks(firing.id);
  const results = await sendWebPush(
    r.userId,
    {
      title: r.label,
      body: `Due at ${firing.localTime} on ${firing.localDate}${firing.snoozed ? ' (snoozed)' : ''}`,
      url: links.page_url,
      tag: `reminder-${r.id}`,
      actions: [
        { action: 'done', title: 'Done', url: links.done_url },
        { action: 'snooze', title: 'Snooze 15 min', url: links.snooze_url },
      ],
    },
    { ttlSeconds: Math.max(60, r.graceMinutes * 60), urgency: 'high', topic: `reminder-${r.id.slice(0, 8)}` },
  );
  const pushResults: PushResult[] = results.map((o) => ({ subscription_id: o.subscriptionId, ok: o.ok, status: o.status, error: o.error }));
  const sent = pushResults.some((o) => o.ok);
  await settleFiring(firing, {
    status: sent ? 'sent' : 'failed',
    reason: sent ? null : pushResults.length ? 'push_failed' : 'no_push_subscriptions',
    pushResults,
  });
}

/**
 * One round of the scheduler (the outbound pump runs it; `now` is the round's clock): every due
 * time reached is recorded once (sent, skipped, missed past its grace, failed), then the Web
 * Pushes waiting go out. Returns the due times handled.
 */
export async function runDueReminders(now = new Date(), limit = 200): Promise<number> {
  let handled = 0;
  while (handled < limit && (await em().transactional(() => fireNext(now)))) handled++;
  for (let claims = await claimPushes(now, PUSHES_AT_ONCE); claims.length; claims = await claimPushes(now, PUSHES_AT_ONCE)) {
    await Promise.all(claims.map((claim) => sendPush(claim, now)));
  }
  return handled;
}
