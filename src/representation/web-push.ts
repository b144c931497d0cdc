import { z } from 'zod';
import type { PushSubscription } from '../domain/push/push-subscription.entity.ts';
import type { PushOutcome } from '../domain/push/push.service.ts';
import { originOf } from '../domain/push/sender.ts';

export const WebPushKeyRead = z
  .object({
    public_key: z
      .string()
      .describe(
        "The server's VAPID public key (base64url, an uncompressed P-256 point): pass it to pushManager.subscribe() as applicationServerKey",
      ),
  })
  .meta({ id: 'WebPushKeyRead' });

/** A subscription as the user sees it: never its endpoint's path (a capability) nor its keys. */
export const PushSubscriptionRead = z
  .object({
    id: z.uuid(),
    label: z.string().nullable().describe('Which browser or device this is'),
    endpoint_origin: z
      .string()
      .describe("The push service's scheme and host (e.g. https://fcm.googleapis.com); the full endpoint is never shown"),
    created_at: z.string(),
    updated_at: z.string().describe('When it was last registered'),
    last_success_at: z.string().nullable().describe('When a push last reached the push service'),
    last_failure_at: z.string().nullable().describe('When a push last failed'),
    last_error: z.string().nullable().describe('Why the push at last_failure_at failed'),
  })
  .meta({ id: 'PushSubscriptionRead' });

export const PushOutcomeRead = z
  .object({
    subscription_id: z.uuid(),
    ok: z.boolean().describe('The push service took the message (2xx)'),
    status: z.number().int().nullable().describe("The push service's HTTP status; null when none came (timeout, refused address)"),
    error: z.string().nullable().describe('Why it failed; on a 404 or 410 the subscription was removed'),
  })
  .meta({ id: 'PushOutcomeRead' });

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function presentPushSubscription(s: PushSubscription): z.infer<typeof PushSubscriptionRead> {
  return {
    id: s.id,
    label: s.label ?? null,
    endpoint_origin: originOf(s.endpoint),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    last_success_at: iso(s.lastSuccessAt),
    last_failure_at: iso(s.lastFailureAt),
    last_error: s.lastError ?? null,
  };
}

export const presentPushOutcome = (o: PushOutcome): z.infer<typeof PushOutcomeRead> => ({
  subscription_id: o.subscriptionId,
  ok: o.ok,
  status: o.status,
  error: o.error,
});
