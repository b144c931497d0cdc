import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Conflict, Forbidden, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse, uuid } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { checkWebhookUrl, settings } from './settings.ts';
import { Webhook } from './webhook.entity.ts';
import { WebhookCreate, WebhookUpdate } from './webhooks.schemas.ts';

/** How long a rotated-out secret still signs (receivers switch over in that time). */
const PREVIOUS_SECRET_MS = 24 * 3600_000;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A webhook with the secret it was just given: the only time the secret is shown. */
export type WebhookWithSecret = { webhook: Webhook; secret: string };

/** The caller's webhook; a malformed id is as not found (the REST route refuses it earlier, with a 422). */
export async function ownWebhook(actor: Actor, id: string): Promise<Webhook> {
  const webhook = uuid().safeParse(id).success ? await em().findOne(Webhook, { id, userId: actor.userId }) : null;
  if (!webhook) throw new NotFound('Webhook');
  return webhook;
}

/**
 * One account's webhook writes run one at a time (a transaction-level advisory lock on the user):
 * the webhook count and the pending deliveries are counted and added to without a race.
 */
export async function lockUserWebhooks(userId: string): Promise<void> {
  await query(`select pg_advisory_xact_lock(hashtextextended('webhooks:' || $1, 0))`, [userId]);
}

/**
 * Where a webhook posts is chosen from a signed-in session only (`account`, as credentials are):
 * a leaked write token must not set up a standing copy of every event to come. The refusal of a
 * write access token says so in those words.
 */
function authorizeTarget(actor: Actor, opts: { spend?: boolean } = {}): void {
  try {
    authorize(actor, actor.userId, 'account', opts);
  } catch (err) {
    if (!(err instanceof Forbidden) || err.reason || actor.scope !== 'write' || actor.via === 'session') throw err;
    throw new Forbidden('Creating a webhook or changing its URL needs a signed-in session (email and password): an access token may not');
  }
}

/**
 * A new webhook: a standing order to post every future event (notes included) to a URL, so it needs
 * a signed-in session, as credentials do (a leaked write token must not set up a copy of everything
 * to come), and an account has at most WEBHOOK_MAX_PER_USER of them (409 past it).
 */
export async function createWebhook(actor: Actor, input: z.input<typeof WebhookCreate>): Promise<WebhookWithSecret> {
  authorizeTarget(actor);
  const body = parse(WebhookCreate, input);
  await checkWebhookUrl(body.url);
  return em().transactional(async () => {
    await lockUserWebhooks(actor.userId);
    const [{ n }] = await query<{ n: number }>(`select count(*)::int as n from webhooks where user_id = $1`, [actor.userId]);
    const max = settings.limits.maxPerUser;
    if (n >= max) throw new Conflict(`An account has at most ${max} webhooks (WEBHOOK_MAX_PER_USER); delete one to add another`);
    return insertWebhook(actor, body);
  });
}

async function insertWebhook(actor: Actor, body: z.output<typeof WebhookCreate>): Promise<WebhookWithSecret> {
  const now = new Date();
  const secret = newSecret();
  const webhook = em().create(Webhook, {
    id: newId(),
    userId: actor.userId,
    url: body.url,
    events: body.events,
    format: body.format,
    enabled: body.enabled,
    description: body.description,
    secret,
    previousSecret: null,
    previousSecretExpiresAt: null,
    failingSince: null,
    disabledReason: null,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return { webhook, secret };
}

export async function listWebhooks(actor: Actor): Promise<Webhook[]> {
  authorize(actor, actor.userId, 'read');
  return em().find(Webhook, { userId: actor.userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

export async function getWebhook(actor: Actor, id: string): Promise<Webhook> {
  authorize(actor, actor.userId, 'read');
  return ownWebhook(actor, id);
}

/** A change of URL sends what is to come somewhere else: like a create, it needs a signed-in session. */
export async function updateWebhook(actor: Actor, id: string, input: z.input<typeof WebhookUpdate>): Promise<Webhook> {
  authorize(actor, actor.userId, 'write');
  const webhook = await ownWebhook(actor, id);
  const body = parse(WebhookUpdate, input);
  if (body.url !== undefined) authorizeTarget(actor, { spend: false });
  if (body.url !== undefined) await checkWebhookUrl(body.url);
  if (body.url !== undefined) webhook.url = body.url;
  if (body.events !== undefined) webhook.events = body.events;
  if (body.format !== undefined) webhook.format = body.format;
  if (body.description !== undefined) webhook.description = body.description;
  if (body.enabled !== undefined) {
    // Turned on again (after the service disabled it, or by hand): its failure history starts over.
    if (body.enabled && !webhook.enabled) {
      webhook.failingSince = null;
      webhook.disabledReason = null;
    }
    webhook.enabled = body.enabled;
  }
  webhook.updatedAt = new Date();
  await em().flush();
  return webhook;
}

export async function deleteWebhook(actor: Actor, id: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const webhook = await ownWebhook(actor, id);
  await em().remove(webhook).flush();
}

/** A new secret; the old one keeps signing beside it for 24 hours, so receivers can switch over. */
export async function rotateWebhookSecret(actor: Actor, id: string): Promise<WebhookWithSecret> {
  authorize(actor, actor.userId, 'write');
  const webhook = await ownWebhook(actor, id);
  const now = new Date();
  const secret = newSecret();
  webhook.previousSecret = webhook.secret;
  webhook.previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_MS);
  webhook.secret = secret;
  webhook.updatedAt = now;
  await em().flush();
  return { webhook, secret };
}
