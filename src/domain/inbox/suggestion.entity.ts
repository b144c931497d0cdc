import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const SUGGESTION_KINDS = ['event', 'metric_reading', 'meal', 'place_visit', 'new_place'] as const;
export const SUGGESTION_SOURCES = ['log_capture', 'automation', 'location', 'calendar'] as const;
export const SUGGESTION_STATUSES = ['pending', 'accepted', 'dismissed', 'expired'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const Suggestion = defineEntity({
  name: 'Suggestion',
  tableName: 'suggestions',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    kind: p.enum(SUGGESTION_KINDS),
    source: p.enum(SUGGESTION_SOURCES),
    status: p.enum(SUGGESTION_STATUSES),
    title: p.text(),
    summary: p.text(),
    confidence: p.double().nullable(),
    occurredAt: p.datetime().nullable(),
    windowStart: p.datetime().nullable(),
    windowEnd: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    decidedAt: p.datetime().nullable(),
    payload: p.json<Record<string, unknown>>(),
    provenance: p.json<Record<string, unknown>>(),
    logCaptureId: p.uuid().nullable(),
    captureOrdinal: p.integer().nullable(),
    resultingEventId: p.uuid().nullable(),
    resultingPlaceId: p.uuid().nullable(),
    resultingReadingId: p.uuid().nullable(),
    /** The visit accepting a place_visit suggestion created (resultingPlaceId is its place). */
    resultingVisitId: p.uuid().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Suggestion = InferEntity<typeof Suggestion>;
