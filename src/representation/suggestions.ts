import { z } from 'zod';
import { SUGGESTION_KINDS, SUGGESTION_SOURCES, SUGGESTION_STATUSES, type Suggestion } from '../domain/inbox/suggestion.entity.ts';
import { suggestionStatus, type SuggestionPage } from '../domain/suggestions/suggestions.service.ts';

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
    /** Set when an accepted place_visit suggestion created a visit (resulting_place_id is its place). */
    resulting_visit_id: z.uuid().nullable(),
  })
  .meta({ id: 'SuggestionRead' });
export type SuggestionRead = z.infer<typeof SuggestionRead>;

export const SuggestionListResponse = z
  .object({
    pending_count: z.number().int(),
    suggestions: z.array(SuggestionRead),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null when this is the last' }),
  })
  .meta({ id: 'SuggestionListResponse' });
type SuggestionListResponse = z.infer<typeof SuggestionListResponse>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function presentSuggestion(s: Suggestion): SuggestionRead {
  return {
    id: s.id,
    kind: s.kind,
    source: s.source,
    status: suggestionStatus(s),
    title: s.title,
    summary: s.summary,
    confidence: s.confidence == null ? null : Number(s.confidence),
    created_at: s.createdAt.toISOString(),
    decided_at: iso(s.decidedAt),
    expires_at: iso(s.expiresAt),
    occurred_at: iso(s.occurredAt),
    window_start: iso(s.windowStart),
    window_end: iso(s.windowEnd),
    payload: s.payload,
    provenance: s.provenance,
    resulting_event_id: s.resultingEventId ?? null,
    resulting_place_id: s.resultingPlaceId ?? null,
    resulting_reading_id: s.resultingReadingId ?? null,
    resulting_visit_id: s.resultingVisitId ?? null,
  };
}

export function presentSuggestionPage(page: SuggestionPage): SuggestionListResponse {
  return { pending_count: page.pendingCount, suggestions: page.items.map(presentSuggestion), next_cursor: page.nextCursor };
}
