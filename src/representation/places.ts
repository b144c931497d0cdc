import { z } from 'zod';
import { PLACE_SOURCES, VISIT_SOURCES } from '../domain/places/place.entity.ts';
import type { LocationBatchResult as Result, SampleRecord } from '../domain/places/locations.service.ts';
import type { PlaceRecord } from '../domain/places/places.service.ts';
import type { VisitRecord } from '../domain/places/visits.service.ts';
import { presentSuggestion, SuggestionRead } from './suggestions.ts';

export const PlaceRead = z
  .object({
    id: z.uuid(),
    name: z.string(),
    aliases: z.array(z.string()).describe('Other names the capture parser knows the place by'),
    lat: z.number(),
    lng: z.number(),
    radius_m: z.number(),
    source: z.enum(PLACE_SOURCES),
    tags: z.array(z.string()).nullable(),
    liked: z.boolean().nullable(),
    notes: z.string().nullable(),
    rating: z.number().nullable(),
    visit_count: z.number().int(),
    last_visit_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'PlaceRead' });
export type PlaceRead = z.infer<typeof PlaceRead>;

export function presentPlace(p: PlaceRecord): PlaceRead {
  return {
    id: p.id,
    name: p.name,
    aliases: p.aliases,
    lat: p.lat,
    lng: p.lng,
    radius_m: p.radiusM,
    source: p.source,
    tags: p.tags,
    liked: p.liked,
    notes: p.notes,
    rating: p.rating,
    visit_count: p.visitCount,
    last_visit_at: p.lastVisitAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export const PlaceVisitRead = z
  .object({
    id: z.uuid(),
    place_id: z.uuid(),
    place_name: z.string(),
    lat: z.number(),
    lng: z.number(),
    occurred_at: z.iso.datetime(),
    ended_at: z.iso.datetime().nullable(),
    local_date: z.iso.date().nullable(),
    note: z.string().nullable(),
    source: z.enum(VISIT_SOURCES),
  })
  .meta({ id: 'PlaceVisitRead' });
export type PlaceVisitRead = z.infer<typeof PlaceVisitRead>;

export function presentVisit(v: VisitRecord): PlaceVisitRead {
  return {
    id: v.id,
    place_id: v.placeId,
    place_name: v.placeName,
    lat: v.lat,
    lng: v.lng,
    occurred_at: v.occurredAt.toISOString(),
    ended_at: v.endedAt?.toISOString() ?? null,
    local_date: v.localDate,
    note: v.note,
    source: v.source,
  };
}

export const LocationSampleRead = z
  .object({
    id: z.string().meta({ description: 'What names the sample: "<unix seconds>,<lat>,<lng>"' }),
    recorded_at: z.iso.datetime(),
    lat: z.number(),
    lng: z.number(),
    accuracy_m: z.number().nullable(),
  })
  .meta({ id: 'LocationSampleRead' });
type LocationSampleRead = z.infer<typeof LocationSampleRead>;

export function presentSample(s: SampleRecord): LocationSampleRead {
  return { id: s.id, recorded_at: s.recordedAt.toISOString(), lat: s.lat, lng: s.lng, accuracy_m: s.accuracyM };
}

export const LocationBatchResult = z
  .object({
    created_count: z.number().int(),
    skipped_count: z.number().int(),
    visits: z.array(PlaceVisitRead).describe('The detected visits that now cover the new samples, newest first'),
    suggestions: z.array(SuggestionRead).describe('New-place suggestions made from the new samples'),
  })
  .meta({ id: 'LocationBatchResult' });
export type LocationBatchResult = z.infer<typeof LocationBatchResult>;

export function presentLocationBatch(r: Result): LocationBatchResult {
  return {
    created_count: r.createdCount,
    skipped_count: r.skippedCount,
    visits: r.visits.map(presentVisit),
    suggestions: r.suggestions.map((s) => presentSuggestion(s)),
  };
}
