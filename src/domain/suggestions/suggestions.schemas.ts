import { CursorParam } from '../../core/paging.ts';
import { z } from 'zod';
import { Pagination } from '../../core/validation.ts';
import { SUGGESTION_STATUSES } from '../inbox/suggestion.entity.ts';

export const SuggestionListQuery = z
  .object({
    status: z.enum(SUGGESTION_STATUSES).default('pending'),
    ...Pagination,
    ...CursorParam,
  })
  .meta({ id: 'SuggestionListQuery' });

/** Accept body: payload fields to change before the suggestion is applied (all optional). */
export const SuggestionAccept = z.record(z.string(), z.unknown()).meta({
  id: 'SuggestionAccept',
  description:
    'Optional. Fields of the suggestion payload to override before it is applied, e.g. {"category_id": "...", "occurred_at": "..."} for an event, {"value": 72.1, "unit": "kg"} for a metric reading, {"items": [...]} for a meal, {"place_id": "...", "ended_at": "..."} for a place visit.',
});
