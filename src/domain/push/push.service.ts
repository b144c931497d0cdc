import type { Logger } from 'pino';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse, uuid } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { PushSubscription } from './push-subscription.entity.ts';
import { MAX_SUBSCRIPTIONS_PER_USER, PushSubscriptionCreate, type PushSubscriptionInput } from './push.schemas.ts';
import { fitPayload, originOf, push, type PushNotification, type PushOptions, type PushOutcome, type PushTarget } from './sender.ts';
import { checkEndpoint } from './settings.ts';
import { vapidKeys } from './vapid.ts';

export type { PushNotification, PushOutcome } from './sender.ts';

/** Pushes to one user's subscriptions in flight at once. */
const PARALLEL = 4;

/** The server's VAPID public key (base64url): what a page passes to pushManager.subscribe() as its applicationServerKey. */
export async function webPushKey(actor: Actor): Promise<string> {
  authorize(actor, actor.userId, 'read');
  return (await vapidKeys()).publicKey;
}

/** The user's subscriptions, oldest first. */
export async function listPushSubscriptions(actor: Actor): Promise<PushSubscription[]> {
  authorize(actor, actor.userId, 'read');
  return em().find(PushSubscription, { userId: actor.userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

export async function pushSubscriptionsByIds(actor: Actor, ids: string[]): Promise<Map<string, PushSubscription>> {
  authorize(actor, actor.userId, 'read');
  const rows = ids.length ? await em().find(PushSubscription, { userId: actor.userId, id: { $in: ids } }) : [];
  return new Map(rows.map((s) => [s.id, s]));
}

/** The caller's subscription; a malformed id is as not found (the REST route refuses it earlier, with a 422). */
async function ownSubscription(actor: Actor, id: string): Promise<PushSubscription> {
  const found = uuid().safeParse(id).success ? await em().findOne(PushSubscription, { id, userId: actor.userId }) : null;
  if (!found) throw new NotFound('Push subscription');
  return found;
}

export type RegisteredSubscription = { subscription: PushSubscription; created: boolean };

/**
 * Saves a browser's subscription. The same endpoint again (a page that subscribes on every visit, or
 * a browser that changed its keys) updates that one (`created: false`) and keeps its history; a
 * label left out stays. A user has at most MAX_SUBSCRIPTIONS_PER_USER: one more is a 422 at endpoint.
 * One user's registrations run one at a time (an advisory lock), so the count holds.
 */
export async function registerPushSubscription(actor: Actor, input: PushSubscriptionInput): Promise<RegisteredSubscription> {
  authorize(actor, actor.userId, 'write');
  const body = parse(PushSubscriptionCreate, input);
  await checkEndpoint(body.endpoint, ['endpoint']);
  return em().transactional(async () => {
    await query(`select pg_advisory_xact_lock(hashtextextended('push_subscriptions:' || $1, 0))`, [actor.userId]);
    const now = new Date();
    const existing = await em().findOne(PushSubscription, { userId: actor.userId, endpoint: body.endpoint });
    if (existing) {
      existing.p256dh = body.keys.p256dh;
      existing.auth = body.keys.auth;
      if (body.label !== undefined) existing.label = body.label;
      existing.updatedAt = now;
      await em().flush();
      return { subscription: existing, created: false };
    }
    const [{ n }] = await query<{ n: number }>(`select count(*)::int as n from push_subscriptions where user_id = $1`, [actor.userId]);
    if (n >= MAX_SUBSCRIPTIONS_PER_USER) {
      throw Invalid.at(
        ['endpoint'],
        `A user has at most ${MAX_SUBSCRIPTIONS_PER_USER} push subscriptions; delete one to add another`,
        'too_many_subscriptions',
      );
    }
    const subscription = em().create(PushSubscription, {
      id: newId(),
      userId: actor.userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      label: body.label ?? null,
      createdAt: now,
      updatedAt: now,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
    });
    await em().flush();
    return { subscription, created: true };
  });
}

/** Forgets a subscription: nothing more is pushed to that browser. */
export async function deletePushSubscription(actor: Actor, id: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const subscription = await ownSubscription(actor, id);
  await em().remove(subscription).flush();
}

const TEST_NOTIFICATION: PushNotification = {
  title: 'lifetrack',
  body: 'Test notification: push notifications reach this browser.',
  tag: 'lifetrack-test',
};

/** Sends a test notification to one subscription now and says how it went (recorded as any push is; a 404 or 410 removes it). */
export async function testPushSubscription(actor: Actor, id: string): Promise<PushOutcome> {
  authorize(actor, actor.userId, 'write');
  const subscription = await ownSubscription(actor, id);
  const [outcome] = await pushAll(actor.userId, [subscription], TEST_NOTIFICATION, { ttlSeconds: 60, urgency: 'normal' });
  return outcome;
}

/**
 * Sends a notification to every subscription of a user, a few at once, and says how each went: the
 * background's entry point (reminders), acting as the system, so no actor. A push service's failure
 * never throws: each outcome is recorded on its subscription (last_success_at, or last_failure_at
 * and last_error), and a subscription its push service answers 404 or 410 for (expired, or
 * unsubscribed) is deleted. Each push is cut at WEB_PUSH_TIMEOUT_MS. The JSON payload is at most
 * MAX_PAYLOAD_BYTES (the body trimmed). Call it in a unit of work (withContext), outside any
 * transaction: it waits on the network. Only endpoints' origins are logged.
 * @public
 */
export async function sendWebPush(
  userId: string,
  notification: PushNotification,
  opts: PushOptions & { logger?: Pick<Logger, 'info' | 'warn'> } = {},
): Promise<PushOutcome[]> {
  const subscriptions = await em().find(PushSubscription, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return pushAll(userId, subscriptions, notification, opts);
}

async function pushAll(
  userId: string,
  targets: PushTarget[],
  notification: PushNotification,
  opts: PushOptions & { logger?: Pick<Logger, 'info' | 'warn'> },
): Promise<PushOutcome[]> {
  if (targets.length === 0) return [];
  const keys = await vapidKeys();
  const payload = JSON.stringify(fitPayload(notification));
  const outcomes: PushOutcome[] = new Array<PushOutcome>(targets.length);
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      outcomes[i] = await push(targets[i], payload, keys, opts);
      const o = outcomes[i];
      const line = { subscriptionId: o.subscriptionId, origin: originOf(targets[i].endpoint), status: o.status };
      if (o.ok) opts.logger?.info(line, 'web push sent');
      else opts.logger?.warn({ ...line, error: o.error }, 'web push failed');
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, targets.length) }, worker));
  await record(userId, outcomes);
  return outcomes;
}

/** Each outcome on its subscription, in two statements: the gone ones deleted, the others' last success or failure set. */
async function record(userId: string, outcomes: PushOutcome[]): Promise<void> {
  const gone = outcomes.filter((o) => o.status === 404 || o.status === 410).map((o) => o.subscriptionId);
  const kept = outcomes.filter((o) => !gone.includes(o.subscriptionId));
  if (gone.length) await query(`delete from push_subscriptions where user_id = $1 and id = any($2::uuid[])`, [userId, gone]);
  if (kept.length === 0) return;
  await query(
    `update push_subscriptions s
        set last_success_at = case when o.ok then now() else s.last_success_at end,
            last_failure_at = case when o.ok then s.last_failure_at else now() end,
            last_error = case when o.ok then s.last_error else o.error end
       from unnest($2::uuid[], $3::boolean[], $4::text[]) as o(id, ok, error)
      where s.user_id = $1 and s.id = o.id`,
    [userId, kept.map((o) => o.subscriptionId), kept.map((o) => o.ok), kept.map((o) => o.error)],
  );
}
