import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const WEBHOOK_FORMATS = ['standard', 'ntfy'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/**
 * Where a user's events are posted. The signing secret is kept to sign with (it cannot be hashed);
 * it is shown to the user once, and after a rotation the previous one also signs for 24 hours.
 */
export const Webhook = defineEntity({
  name: 'Webhook',
  tableName: 'webhooks',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    url: p.text(),
    /** null: every event type. */
    events: p.array().nullable(),
    format: p.enum(WEBHOOK_FORMATS),
    enabled: p.boolean(),
    description: p.text().nullable(),
    secret: p.text(),
    previousSecret: p.text().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    /** Since when every delivery has failed (null after a success); three days of it disables the webhook. */
    failingSince: p.datetime().nullable(),
    disabledReason: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Webhook = InferEntity<typeof Webhook>;
