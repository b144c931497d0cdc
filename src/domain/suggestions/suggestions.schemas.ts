import { z } from 'zod';
import { Pagination } from '../../core/validation.ts';
import { SUGGESTION_KINDS, SUGGESTION_SOURCES, SUGGESTION_STATUSES } from './suggestion.entity.ts';

export const SuggestionRead = z
  .object({
    id: z.uuid(),
    kind: z.enum(SUGGESTION_KINDS),
    source: z.enum(SUGGESTION_SOURCES),
    status: z.enum(SUGGESTION_STATUSES),
    title: z.string(),
    summary: z.string(),
    confidence: z.number().min(0).max(1).nullable(),
    created_at: z.iso.datetime(),
    decided_at: z.iso.datetime().nullable(),
    expires_at: z.iso.datetime().nullable(),
    occurred_at: z.iso.datetime().nullable(),
    window_start: z.iso.datetime().nullable(),
    window_end: z.iso.datetime().nullable(),
    payload: z.record(z.string(), z.unknown()),
    provenance: z.record(z.string(), z.unknown()),
    resulting_event_id: z.uuid().nullable(),
    resulting_place_id: z.uuid().nullable(),
    /** Set when an accepted metric_reading suggestion created a reading. */
    resulting_reading_id: z.uuid().nullable(),
  })
  .meta({ id: 'SuggestionRead' });
export type SuggestionRead = z.infer<typeof SuggestionRead>;

export const SuggestionListResponse = z
  .object({ pending_count: z.number().int(), suggestions: z.array(SuggestionRead) })
  .meta({ id: 'SuggestionListResponse' });

export const SuggestionListQuery = z
  .object({
    status: z.enum(SUGGESTION_STATUSES).default('pending'),
    ...Pagination,
  })
  .meta({ id: 'SuggestionListQuery' });

/** Accept body: payload fields to change before the suggestion is applied (all optional). */
export const SuggestionAccept = z
  .record(z.string(), z.unknown())
  .meta({
    id: 'SuggestionAccept',
    description:
      'Optional. Fields of the suggestion payload to override before it is applied, e.g. {"category_id": "...", "occurred_at": "..."} for an event, {"value": 72.1, "unit": "kg"} for a metric reading, {"items": [...]} for a meal.',
  });
