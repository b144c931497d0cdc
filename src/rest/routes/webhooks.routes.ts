import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as deliveries from '../../domain/webhooks/deliveries.service.ts';
import * as webhooks from '../../domain/webhooks/webhooks.service.ts';
import { DeliveryListQuery, WebhookCreate, WebhookUpdate } from '../../domain/webhooks/webhooks.schemas.ts';
import {
  DeliveryPageRead,
  DeliveryRead,
  presentDelivery,
  presentWebhook,
  presentWebhookWithSecret,
  WebhookRead,
  WebhookWithSecretRead,
} from '../../representation/webhooks.ts';
import { accepted, created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'webhooks';
const params = z.object({ webhook_id: uuid() });
const deliveryParams = z.object({ webhook_id: uuid(), delivery_id: uuid() });

export const webhookRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/webhooks',
    tag,
    access: 'account',
    graphql: 'Mutation.createWebhook',
    summary:
      'Post events to a URL, signed as Standard Webhooks say (webhook-id, webhook-timestamp, webhook-signature); the answer shows the signing secret, once. ' +
      'Needs a signed-in session (403 for an access token); 409 past WEBHOOK_MAX_PER_USER webhooks (default 10)',
    body: WebhookCreate,
    errors: [409, 429],
    responses: { 201: WebhookWithSecretRead },
    handler: async (r) => created(presentWebhookWithSecret(await webhooks.createWebhook(r.actor, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/webhooks',
    tag,
    access: 'read',
    graphql: 'User.webhooks',
    summary: 'Every webhook, oldest first (secrets are never shown again)',
    responses: { 200: z.array(WebhookRead) },
    handler: async (r) => ok((await webhooks.listWebhooks(r.actor)).map(presentWebhook)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/webhooks/{webhook_id}',
    tag,
    access: 'read',
    graphql: 'User.webhook',
    summary: 'One webhook, with why it was disabled if the service turned it off',
    params,
    responses: { 200: WebhookRead },
    handler: async (r) => ok(presentWebhook(await webhooks.getWebhook(r.actor, r.params.webhook_id))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/webhooks/{webhook_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.updateWebhook',
    summary:
      'Change a webhook; omitted fields stay; enabling it again clears its failure. A new url needs a signed-in session (403 for an access token)',
    params,
    body: WebhookUpdate,
    responses: { 200: WebhookRead },
    handler: async (r) => ok(presentWebhook(await webhooks.updateWebhook(r.actor, r.params.webhook_id, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/webhooks/{webhook_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteWebhook',
    summary: 'Delete a webhook and its deliveries (nothing more is sent)',
    params,
    responses: { 204: null },
    handler: async (r) => (await webhooks.deleteWebhook(r.actor, r.params.webhook_id), noContent()),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/webhooks/{webhook_id}/rotate-secret',
    tag,
    access: 'write',
    graphql: 'Mutation.rotateWebhookSecret',
    summary: 'A new signing secret, shown once; the previous one also signs for 24 hours',
    params,
    responses: { 200: WebhookWithSecretRead },
    handler: async (r) => ok(presentWebhookWithSecret(await webhooks.rotateWebhookSecret(r.actor, r.params.webhook_id))),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/webhooks/{webhook_id}/test',
    tag,
    access: 'write',
    graphql: 'Mutation.testWebhook',
    summary:
      'Send a ping event to this webhook (even a disabled one); the answer is its delivery, to follow. ' +
      "429 (Retry-After) while the account's deliveries waiting to be sent are at WEBHOOK_MAX_PENDING_PER_USER, or those to the webhook's host at WEBHOOK_MAX_PENDING_PER_HOST",
    params,
    errors: [429],
    responses: { 202: DeliveryRead },
    handler: async (r) => accepted(presentDelivery(await deliveries.pingWebhook(r.actor, r.params.webhook_id))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/webhooks/{webhook_id}/deliveries',
    tag,
    access: 'read',
    graphql: 'User.webhookDeliveries',
    summary: "The webhook's deliveries, newest first, each with its tries (status, duration, response code, error)",
    params,
    query: DeliveryListQuery,
    responses: { 200: DeliveryPageRead },
    handler: async (r) => {
      const page = await deliveries.listDeliveries(r.actor, r.params.webhook_id, r.query);
      return ok({ items: page.items.map(presentDelivery), total: page.total });
    },
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
    tag,
    access: 'write',
    graphql: 'Mutation.redeliverWebhookDelivery',
    summary:
      "Send a delivery's event again, as a new delivery with the same webhook-id. 409 while the delivery, or a redelivery of its event to this webhook, is still pending; " +
      '429 (Retry-After) at the pending limits, as for test',
    params: deliveryParams,
    errors: [409, 429],
    responses: { 202: DeliveryRead },
    handler: async (r) => accepted(presentDelivery(await deliveries.redeliver(r.actor, r.params.webhook_id, r.params.delivery_id))),
  }),
];
