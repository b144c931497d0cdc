import { z } from 'zod';
import { EVENT_TYPES, INBOX_CHANGED, PING, REMINDER_DUE } from '../domain/outbox/event-types.ts';
import type { Delivery } from '../domain/webhooks/deliveries.service.ts';
import { WEBHOOK_FORMATS, type Webhook } from '../domain/webhooks/webhook.entity.ts';
import type { WebhookWithSecret } from '../domain/webhooks/webhooks.service.ts';
import { DELIVERY_STATUSES } from '../domain/webhooks/webhooks.schemas.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const WebhookRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    url: z.string(),
    events: z.array(z.enum(EVENT_TYPES)).nullable().meta({ description: 'The event types sent; null: every type' }),
    format: z.enum(WEBHOOK_FORMATS),
    enabled: z.boolean(),
    description: z.string().nullable(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: 'Why the service turned the webhook off (every delivery failed for 3 days); cleared by enabling it' }),
    failing_since: z.iso.datetime().nullable().meta({ description: 'Since when every delivery has failed; null after a success' }),
    previous_secret_expires_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'After a rotation, until when the previous secret also signs' }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'WebhookRead' });
type WebhookRead = z.infer<typeof WebhookRead>;

export const WebhookWithSecretRead = WebhookRead.extend({
  secret: z.string().meta({ description: 'The signing secret (whsec_…), shown only in this answer: keep it for verifying deliveries' }),
}).meta({ id: 'WebhookWithSecretRead' });

export function presentWebhook(w: Webhook): WebhookRead {
  return {
    id: w.id,
    user_id: w.userId,
    url: w.url,
    events: (w.events as WebhookRead['events']) ?? null,
    format: w.format,
    enabled: w.enabled,
    description: w.description ?? null,
    disabled_reason: w.disabledReason ?? null,
    failing_since: iso(w.failingSince),
    previous_secret_expires_at: w.previousSecretExpiresAt && w.previousSecretExpiresAt > new Date() ? iso(w.previousSecretExpiresAt) : null,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

export const presentWebhookWithSecret = (w: WebhookWithSecret) => ({ ...presentWebhook(w.webhook), secret: w.secret });

const DeliveryAttemptRead = z
  .object({
    at: z.iso.datetime(),
    duration_ms: z.number().int(),
    response_code: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookDeliveryAttemptRead' });

export const DeliveryRead = z
  .object({
    id: z.uuid(),
    webhook_id: z.uuid(),
    event_id: z.uuid().meta({ description: "The event's id: the webhook-id header of every try" }),
    event_type: z.enum([...EVENT_TYPES, PING, REMINDER_DUE, INBOX_CHANGED]),
    status: z.enum(DELIVERY_STATUSES).meta({
      description:
        'pending: not delivered yet (being tried, or due again at next_attempt_at); succeeded: a 2xx; failed: given up (an answer not worth ' +
        'retrying, a day of failures, the webhook disabled), or never sent because the pending limits were reached (attempts 0, last_error says)',
    }),
    attempts: z.number().int(),
    next_attempt_at: z.iso.datetime().nullable(),
    last_response_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    last_duration_ms: z.number().int().nullable(),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
    attempt_log: z.array(DeliveryAttemptRead).meta({ description: 'The tries, latest first (the last 50)' }),
  })
  .meta({ id: 'WebhookDeliveryRead' });

export const DeliveryPageRead = z.object({ items: z.array(DeliveryRead), total: z.number().int() }).meta({ id: 'WebhookDeliveryPage' });

export function presentDelivery(d: Delivery): z.infer<typeof DeliveryRead> {
  return {
    id: d.id,
    webhook_id: d.webhookId,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: iso(d.nextAttemptAt),
    last_response_code: d.lastResponseCode,
    last_error: d.lastError,
    last_duration_ms: d.lastDurationMs,
    created_at: d.createdAt.toISOString(),
    completed_at: iso(d.completedAt),
    attempt_log: d.log.map((a) => ({ at: a.at.toISOString(), duration_ms: a.durationMs, response_code: a.responseCode, error: a.error })),
  };
}
