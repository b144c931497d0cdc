import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

/**
 * What an import did with its records: read = created + present + the sum of skipped. `skipped`
 * is by reason; `unmapped` names the record types skipped as unmapped_type ("wifiScan": 3).
 */
export type ImportCounts = {
  read: number;
  created: number;
  present: number;
  skipped: Record<string, number>;
  unmapped: Record<string, number>;
};

/** One skipped record's reason and where it was, for the first few shown to the user. */
export type ImportReason = { reason: string; detail: string };

/** One uploaded file on its way into the account (the `imports` table; the pipeline is src/imports). */
export const ImportJob = defineEntity({
  name: 'ImportJob',
  tableName: 'imports',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    status: p.enum(IMPORT_STATUSES),
    /** The format the client named; null when it was detected. */
    format: p.text().nullable(),
    detectedFormat: p.text(),
    filename: p.text().nullable(),
    options: p.json<Record<string, unknown>>(),
    bytesTotal: p.bigint('number'),
    bytesRead: p.bigint('number'),
    counts: p.json<ImportCounts>(),
    reasons: p.json<ImportReason[]>(),
    error: p.text().nullable(),
    /** The spooled upload, while the import may still read it; null once removed. */
    filePath: p.text().nullable(),
    attempts: p.smallint(),
    cancelRequested: p.boolean(),
    createdAt: p.datetime(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
});
export type ImportJob = InferEntity<typeof ImportJob>;
