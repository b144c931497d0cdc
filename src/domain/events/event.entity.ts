import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const EVENT_SOURCES = ['user', 'suggestion', 'timer', 'automation', 'import'] as const;

export const Event = defineEntity({
  name: 'Event',
  tableName: 'events',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    clientId: p.uuid().nullable(),
    /** What the client_id's first request asked, to tell a replay from a reused key. */
    requestFingerprint: p.text().nullable(),
    categoryId: p.uuid().nullable(),
    occurredAt: p.datetime(),
    localDate: p.string().columnType('date'),
    duration: p.string().nullable(),
    durationSeconds: p.double().nullable(),
    booleanValue: p.boolean().nullable(),
    scalarValue: p.double().nullable(),
    notes: p.text().nullable(),
    tags: p.array().nullable(),
    metadata: p.json<Record<string, unknown>>(),
    encryptedPayload: p.text().nullable(),
    savedMealId: p.uuid().nullable(),
    source: p.enum(EVENT_SOURCES),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Event = InferEntity<typeof Event>;
