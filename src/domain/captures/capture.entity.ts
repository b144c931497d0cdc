import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const CAPTURE_STATUSES = ['queued', 'processing', 'parsed', 'failed'] as const;

/** Omnibar text waiting for, or done with, background parsing. The row is the source of truth. */
export const LogCapture = defineEntity({
  name: 'LogCapture',
  tableName: 'log_captures',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    clientId: p.uuid().nullable(),
    /** What the client_id's first request asked, to tell a replay from a reused key. */
    requestFingerprint: p.text().nullable(),
    text: p.text(),
    capturedAt: p.datetime(),
    status: p.enum(CAPTURE_STATUSES),
    attempts: p.integer(),
    failureReason: p.text().nullable(),
    parserVersion: p.string().nullable(),
    parsedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type LogCapture = InferEntity<typeof LogCapture>;
