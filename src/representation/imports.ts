import { z } from 'zod';
import { IMPORT_STATUSES, type ImportJob } from '../imports/import.entity.ts';
import { FORMAT_NAMES, type FormatName } from '../imports/formats/index.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const Count = z.number().int().min(0);

export const ImportRead = z
  .object({
    id: z.uuid(),
    status: z.enum(IMPORT_STATUSES),
    format: z.enum(FORMAT_NAMES).nullable().meta({ description: 'The format the upload named; null when it was detected' }),
    detected_format: z.enum(FORMAT_NAMES).meta({ description: 'The format the file is read as' }),
    filename: z.string().nullable(),
    progress: z.object({
      bytes_read: Count,
      bytes_total: Count,
    }),
    counts: z
      .object({
        read: Count.meta({ description: 'Records read: created + present + the sum of skipped' }),
        created: Count.meta({ description: 'New in the account' }),
        present: Count.meta({ description: 'Already in the account (an earlier import of the same data, or a repeat within the file)' }),
        skipped: z.record(z.string(), Count).meta({
          description:
            'Records not imported, by reason: no_time, bad_coordinate, out_of_range, unmapped_type, too_large, malformed, invalid (refused by the rules of its resource), conflict (imported before with other contents)',
        }),
        unmapped: z.record(z.string(), Count).meta({ description: 'The unmapped_type records by their type name' }),
      })
      .meta({ id: 'ImportCounts' }),
    reasons: z
      .array(z.object({ reason: z.string(), detail: z.string() }))
      .meta({ description: 'The first 20 skipped records: why, and where in the file' }),
    error: z.string().nullable().meta({ description: 'Why a failed import stopped ("Cancelled" when it was cancelled)' }),
    created_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ImportRead' });
type ImportRead = z.infer<typeof ImportRead>;

export function presentImport(j: ImportJob): ImportRead {
  return {
    id: j.id,
    status: j.status,
    // Written only from FORMAT_NAMES (the upload's schema, detection).
    format: (j.format ?? null) as FormatName | null,
    detected_format: j.detectedFormat as FormatName,
    filename: j.filename ?? null,
    progress: { bytes_read: Number(j.bytesRead), bytes_total: Number(j.bytesTotal) },
    counts: j.counts,
    reasons: j.reasons,
    error: j.error ?? null,
    created_at: j.createdAt.toISOString(),
    started_at: iso(j.startedAt),
    finished_at: iso(j.finishedAt),
  };
}
