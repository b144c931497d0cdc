import { createEvent } from '../../events/events.service.ts';
import type { AcceptHandler } from './index.ts';
import { isObject, pick, stillExistingCategory } from './shared.ts';
import { parse } from '../../../core/validation.ts';
import { EventCreate } from '../../events/events.schemas.ts';

const EVENT_FIELDS = [
  'boolean_value',
  'category_id',
  'duration',
  'encrypted_payload',
  'local_date',
  'metadata',
  'notes',
  'occurred_at',
  'saved_meal_id',
  'scalar_value',
  'tags',
] as const;

/** An event suggestion's payload is an EventCreate body; the accept body may change any of its fields. */
export const acceptEvent: AcceptHandler = async (actor, s, overrides) => {
  const base = pick(s.payload, EVENT_FIELDS);
  const over = pick(overrides, EVENT_FIELDS);
  if (!('category_id' in over)) base.category_id = await stillExistingCategory(actor.userId, base.category_id);
  const metadata =
    isObject(over.metadata) || over.metadata === undefined
      ? { ...(isObject(base.metadata) ? base.metadata : {}), ...(over.metadata ?? {}), suggestion_id: s.id }
      : over.metadata;
  const { event } = await createEvent(actor, parse(EventCreate, { ...base, ...over, metadata }), 'suggestion');
  return { eventId: event.id };
};
