import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const PLACE_SOURCES = ['user', 'suggestion', 'detected'] as const;
export const VISIT_SOURCES = ['manual', 'detected', 'suggestion', 'import'] as const;
export type PlaceSource = (typeof PLACE_SOURCES)[number];
export type VisitSource = (typeof VISIT_SOURCES)[number];

export const Place = defineEntity({
  name: 'Place',
  tableName: 'places',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    name: p.text(),
    /** Other names the user calls it ("the office"): the capture parser matches them as it matches the name. */
    aliases: p.array(),
    lat: p.double(),
    lng: p.double(),
    radiusM: p.double(),
    source: p.enum(PLACE_SOURCES),
    tags: p.array().nullable(),
    liked: p.boolean().nullable(),
    notes: p.text().nullable(),
    rating: p.double().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Place = InferEntity<typeof Place>;

export const PlaceVisit = defineEntity({
  name: 'PlaceVisit',
  tableName: 'place_visits',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    placeId: p.uuid(),
    occurredAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    localDate: p.string().columnType('date').nullable(),
    note: p.text().nullable(),
    source: p.enum(VISIT_SOURCES),
    createdAt: p.datetime(),
  },
});
export type PlaceVisit = InferEntity<typeof PlaceVisit>;
