import type { Actor } from '../../../core/actor.ts';
import type { Suggestion, SuggestionKind } from '../../inbox/suggestion.entity.ts';
import { acceptEvent } from './event.ts';
import { acceptMeal } from './meal.ts';
import { acceptMetricReading } from './metric-reading.ts';
import { acceptNewPlace } from './new-place.ts';
import { acceptPlaceVisit } from './place-visit.ts';

/** What accepting created (or, for a visit, where); the suggestion records it (resulting_event_id, ...). */
type AcceptResult = { eventId?: string; placeId?: string; readingId?: string; visitId?: string };

/**
 * Applies one kind of suggestion inside the accept transaction. `overrides` is the accept body:
 * payload fields the user changed. Throw Invalid with locs relative to the body.
 */
export type AcceptHandler = (actor: Actor, suggestion: Suggestion, overrides: Record<string, unknown>) => Promise<AcceptResult>;

/** One handler per kind. */
const handlers = new Map<SuggestionKind, AcceptHandler>([
  ['event', acceptEvent],
  ['metric_reading', acceptMetricReading],
  ['meal', acceptMeal],
  ['place_visit', acceptPlaceVisit],
]);

export function acceptHandler(kind: SuggestionKind): AcceptHandler | undefined {
  return handlers.get(kind);
}

function registerAcceptHandler(kind: SuggestionKind, handler: AcceptHandler): void {
  handlers.set(kind, handler);
}

registerAcceptHandler('new_place', acceptNewPlace);
