import { z } from 'zod';
import { listDeliveries } from '../../domain/webhooks/deliveries.service.ts';
import { listWebhooks } from '../../domain/webhooks/webhooks.service.ts';
import { DELIVERY_STATUSES } from '../../domain/webhooks/webhooks.schemas.ts';
import { presentDelivery, presentWebhook } from '../../representation/webhooks.ts';
import { defineTool } from './tool.ts';

export const webhookTools = [
  defineTool({
    name: 'list_webhooks',
    title: 'Webhooks',
    description:
      "The user's webhooks: where their events are posted, which event types, whether each is enabled and, when the service disabled one, why. " +
      'Same JSON as GET /users/{user_id}/webhooks (signing secrets are never shown).',
    input: z.object({}),
    run: async ({ actor }) => (await listWebhooks(actor)).map(presentWebhook),
  }),
  defineTool({
    name: 'list_webhook_deliveries',
    title: "A webhook's deliveries",
    description:
      'The deliveries of one webhook, newest first, each with its tries (time, duration, response code, error): what reached the receiver and what failed. ' +
      'Same JSON as GET /users/{user_id}/webhooks/{webhook_id}/deliveries.',
    input: z.object({
      webhook_id: z.uuid().describe('The webhook, from list_webhooks'),
      status: z.enum(DELIVERY_STATUSES).optional().describe('Only deliveries in this state'),
      limit: z.number().int().optional().meta({ description: 'How many (1..500, default 50)', minimum: 1, maximum: 500 }),
      offset: z.number().int().optional().meta({ description: 'How many to skip (default 0)', minimum: 0 }),
    }),
    run: async ({ actor }, { webhook_id, ...query }) => {
      const page = await listDeliveries(actor, webhook_id, query);
      return { items: page.items.map(presentDelivery), total: page.total };
    },
  }),
];
