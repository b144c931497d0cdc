import { EVENT_TYPES, PING, REMINDER_DUE, type EventType as DomainEventType } from '../domain/outbox/event-types.ts';
import type { EventType } from './__generated__/types.ts';

/** GraphQL enum values cannot hold a dot: suggestion.created is suggestion_created there. */
export const toGraphqlEventType = (type: string) => type.replace('.', '_') as EventType;

const BY_ENUM = new Map<string, string>([...EVENT_TYPES, PING, REMINDER_DUE].map((t) => [toGraphqlEventType(t), t]));

/** The service's name of a GraphQL event type (the schema's enum lists only known ones). */
export const fromGraphqlEventType = (value: EventType) => BY_ENUM.get(value) as DomainEventType;
