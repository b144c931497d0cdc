import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { signingKey } from '../../auth/signing-key.ts';
import { Conflict, Gone, NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { Reminder } from './reminder.entity.ts';
import { firingById, type Firing } from './firings.ts';
import { SnoozeInput } from './reminders.schemas.ts';
import { settings } from './settings.ts';

/** How long after its due time a message's links still work. */
const LINK_DAYS = 7;

const mac = (firingId: string) => createHmac('sha256', signingKey()).update(`reminder-action:${firingId}`).digest().subarray(0, 16);

/** The token of a firing's links: its id and a MAC of it under the server's key (no row to look up, nothing to store). */
function actionToken(firingId: string): string {
  return Buffer.concat([Buffer.from(firingId.replaceAll('-', ''), 'hex'), mac(firingId)]).toString('base64url');
}

/** The links a reminder's message carries: a page with both buttons, and the two actions (POST). */
export function actionLinks(firingId: string): { page_url: string; done_url: string; snooze_url: string } {
  const page = `${settings.publicUrl}/r/${actionToken(firingId)}`;
  return { page_url: page, done_url: `${page}/done`, snooze_url: `${page}/snooze` };
}

/** The links a firing's message carried: only a sent one had a message. */
export const linksOf = (firing: Pick<Firing, 'id' | 'status'>) => (firing.status === 'sent' ? actionLinks(firing.id) : null);

/** A token as actionToken makes them (32 bytes, base64url). */
export const ACTION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The firing and reminder a link names: 404 when it names none (or is forged), 410 once it is too old. */
export async function openAction(token: string, now = new Date()): Promise<{ firing: Firing; reminder: Reminder }> {
  const bytes = ACTION_TOKEN.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  if (bytes.length !== 32) throw new NotFound('Reminder link');
  const hex = bytes.subarray(0, 16).toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!timingSafeEqual(bytes.subarray(16), mac(id))) throw new NotFound('Reminder link');
  const firing = await firingById(id);
  const reminder = firing && (await em().findOne(Reminder, { id: firing.reminderId, userId: firing.userId }, { refresh: true }));
  if (!firing || !reminder) throw new NotFound('Reminder link');
  if (now.getTime() - firing.dueAt.getTime() > LINK_DAYS * 86_400_000) throw new Gone('This reminder link has expired');
  return { firing, reminder };
}

async function act(firing: Firing, action: 'done' | 'snoozed', now: Date): Promise<Firing> {
  await query(`update reminder_firings set action = $3, acted_at = $4 where user_id = $1 and id = $2`, [
    firing.userId,
    firing.id,
    action,
    now,
  ]);
  return { ...firing, action, actedAt: now };
}

/**
 * "Done" from a message: recorded on the firing, and a snooze of the same due time waiting is
 * dropped. Logging what was done is the app's (the reminder does not know the value); done twice is done.
 */
export async function markDone(token: string, now = new Date()): Promise<Firing> {
  return em().transactional(async () => {
    const { firing, reminder } = await openAction(token, now);
    if (reminder.snoozedDueAt?.getTime() === firing.occurrenceAt.getTime()) {
      reminder.snoozedUntil = null;
      reminder.snoozedDueAt = null;
      await em().flush();
    }
    return firing.action === 'done' ? firing : act(firing, 'done', now);
  });
}

/**
 * "Snooze" from a message: the same due time comes again in `minutes` (15 by default), checked
 * again then (logged meanwhile: skipped). One snooze waits per reminder: a newer one replaces it.
 * 409 once it was marked done.
 */
export async function snooze(
  token: string,
  input: z.input<typeof SnoozeInput>,
  now = new Date(),
): Promise<{ firing: Firing; until: Date; reminder: Reminder }> {
  const { minutes } = parse(SnoozeInput, input);
  return em().transactional(async () => {
    const { firing, reminder } = await openAction(token, now);
    if (firing.action === 'done') throw new Conflict('This reminder was already marked done');
    // From the due time at the earliest (a message opened before its time), in whole seconds: a second
    // snooze in the same instant must not collide with the first's due time.
    const from = Math.max(now.getTime(), firing.dueAt.getTime());
    const until = new Date(Math.ceil((from + minutes * 60_000) / 1000) * 1000);
    reminder.snoozedUntil = until;
    reminder.snoozedDueAt = firing.occurrenceAt;
    await em().flush();
    return { firing: await act(firing, 'snoozed', now), until, reminder };
  });
}
