import { z } from 'zod';
import { SnoozeInput } from '../domain/reminders/reminders.schemas.ts';
import { FiringRead } from '../representation/reminders.ts';

// /openapi.json: a reminder's links are described by hand (they are not in the route table).

type Doc = Record<string, unknown>;

const ReminderSnoozeForm = SnoozeInput.meta({ id: 'ReminderSnoozeForm' });
const FiringSnoozed = FiringRead.extend({ snoozed_until: z.string().describe('When the due time comes again') }).meta({
  id: 'ReminderFiringSnoozed',
});

const token = {
  name: 'token',
  in: 'path',
  required: true,
  description: "The link's token, from the reminder's message",
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
};
const html = (description: string): Doc => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const either = (description: string, schema: string): Doc => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});
const error = (description: string, schema = 'ErrorDetail'): Doc => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});
const refusals = {
  404: error('No due time has this link (or it was forged)'),
  410: error('The link is more than 7 days past its due time'),
};
const op = (method: string, path: string, summary: string, rest: Doc): Doc => ({
  summary,
  tags: ['reminders'],
  operationId: `${method}_${path.replace(/[^a-zA-Z0-9]+/g, '_')}`,
  'x-access': 'public',
  security: [],
  parameters: [token],
  ...rest,
});

export const REMINDER_LINKS_OPENAPI = {
  requestSchemas: [ReminderSnoozeForm, FiringSnoozed] as z.ZodType[],
  paths: {
    '/r/{token}': {
      get: op(
        'get',
        '/r/{token}',
        "A reminder's page, from its message: what is due, with Done and Snooze buttons (a GET changes nothing)",
        {
          responses: { 200: html('The page'), ...refusals },
        },
      ),
    },
    '/r/{token}/done': {
      post: op('post', '/r/{token}/done', 'Mark this due time done (a snooze of it waiting is dropped); done twice is done', {
        responses: { 200: either('Marked done: a page, or the firing as JSON to Accept: application/json', 'ReminderFiring'), ...refusals },
      }),
    },
    '/r/{token}/snooze': {
      post: op(
        'post',
        '/r/{token}/snooze',
        'Snooze this due time: it comes again in `minutes` (1 to 720, default 15), checked again then',
        {
          requestBody: {
            required: false,
            content: {
              'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/ReminderSnoozeForm' } },
              'application/json': { schema: { $ref: '#/components/schemas/ReminderSnoozeForm' } },
            },
          },
          responses: {
            200: either('Snoozed: a page, or the firing with snoozed_until as JSON', 'ReminderFiringSnoozed'),
            400: error('The body is not valid JSON'),
            409: error('It was already marked done'),
            413: error('The body is over 1 KB'),
            422: error('minutes out of range', 'HTTPValidationError'),
            ...refusals,
          },
        },
      ),
    },
  },
};
