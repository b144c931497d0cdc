import { z } from 'zod';
import { noCredentials, Pagination } from '../../core/validation.ts';
import { EVENT_TYPES } from '../outbox/event-types.ts';
import { WEBHOOK_FORMATS } from './webhook.entity.ts';

/** Where to post: an http(s) URL without credentials in it (plain http only where WEBHOOK_NETWORKS=any). */
const WebhookUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: 'Input should be an https URL' }))
  .refine(noCredentials, 'A webhook URL may not hold user:password@ (put a token in its path or query instead)');

const Events = z
  .array(z.enum(EVENT_TYPES))
  .min(1, 'List at least one event type, or send null for every type')
  .max(EVENT_TYPES.length)
  .transform((types) => [...new Set(types)])
  .nullable()
  .meta({ description: 'The event types to send; null (the default) sends every type' });

const Description = z.string().trim().max(500).nullable();

export const WebhookCreate = z
  .object({
    url: WebhookUrl,
    events: Events.default(null),
    format: z.enum(WEBHOOK_FORMATS).default('standard').meta({
      description: 'standard: a JSON body (Standard Webhooks); ntfy: a plain-text message with a Title header, for an ntfy topic URL',
    }),
    enabled: z.boolean().default(true),
    description: Description.default(null),
  })
  .strict()
  .meta({ id: 'WebhookCreate' });

/** PATCH: omitted fields stay. Enabling a webhook the service disabled clears its failure. */
export const WebhookUpdate = z
  .object({
    url: WebhookUrl.optional(),
    events: Events.optional(),
    format: z.enum(WEBHOOK_FORMATS).optional(),
    enabled: z.boolean().optional(),
    description: Description.optional(),
  })
  .strict()
  .meta({ id: 'WebhookUpdate' });

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const DeliveryListQuery = z
  .object({ ...Pagination, status: z.enum(DELIVERY_STATUSES).optional() })
  .meta({ id: 'WebhookDeliveryListQuery' });
