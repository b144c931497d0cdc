import { listDeliveries, pingWebhook, redeliver } from '../../domain/webhooks/deliveries.service.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from '../../domain/webhooks/webhooks.service.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import { fromGraphqlEventType, toGraphqlEventType } from '../event-types.ts';
import type { Resolvers, WebhookCreateInput, WebhookUpdateInput } from '../__generated__/types.ts';

/** A webhook input in the service's shape: event types by their REST names. */
function webhookInput<T>(input: WebhookCreateInput | WebhookUpdateInput): T {
  const { events, ...rest } = input;
  return serviceInput<T>({ ...rest, ...(events !== undefined ? { events: events?.map(fromGraphqlEventType) ?? null } : {}) });
}

export const webhookResolvers: Resolvers = {
  User: {
    webhooks: (_user, _args, { actor }) => listWebhooks(actor),
    webhook: (_user, { id }, { actor }) => getWebhook(actor, id),
    webhookDeliveries: (_user, { webhookId, ...args }, { actor }) => listDeliveries(actor, webhookId, serviceArgs(args)),
  },
  Mutation: {
    createWebhook: (_root, { input }, { actor }) => withInput('input', () => createWebhook(actor, webhookInput(input))),
    updateWebhook: (_root, { id, input }, { actor }) => withInput('input', () => updateWebhook(actor, id, webhookInput(input))),
    deleteWebhook: async (_root, { id }, { actor }) => (await deleteWebhook(actor, id), true),
    rotateWebhookSecret: (_root, { id }, { actor }) => rotateWebhookSecret(actor, id),
    testWebhook: (_root, { id }, { actor }) => pingWebhook(actor, id),
    redeliverWebhookDelivery: (_root, { webhookId, deliveryId }, { actor }) => redeliver(actor, webhookId, deliveryId),
  },
  Webhook: {
    events: (w) => w.events?.map(toGraphqlEventType) ?? null,
  },
  WebhookDelivery: {
    eventType: (d) => toGraphqlEventType(d.eventType),
    attemptLog: (d) => d.log,
  },
  OutboundEvent: {
    type: (e) => toGraphqlEventType(e.type),
    payload: (e) => (e.payload ?? {}) as Record<string, unknown>,
  },
};
