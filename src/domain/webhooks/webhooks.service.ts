import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse, uuid } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { checkWebhookUrl } from './settings.ts';
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

export async function createWebhook(actor: Actor, input: z.input<typeof WebhookCreate>): Promise<WebhookWithSecret> {
  authorize(actor, actor.userId, 'write');
  const body = parse(WebhookCreate, input);
  await checkWebhookUrl(body.url);
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

export async function updateWebhook(actor: Actor, id: string, input: z.input<typeof WebhookUpdate>): Promise<Webhook> {
  authorize(actor, actor.userId, 'write');
  const webhook = await ownWebhook(actor, id);
  const body = parse(WebhookUpdate, input);
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
