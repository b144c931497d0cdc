import { z } from 'zod';
import { CHANGE_TYPES } from '../domain/changes/change-types.ts';

const TypeOutcome = z.object({
  created: z.number().int(),
  skipped: z.number().int().describe('Already in this account'),
  refused: z.number().int(),
  reasons: z.array(z.string()).describe('The first refusals'),
});

export const ArchiveImportResult = z
  .object({
    from_user_id: z.string().describe('The account the archive was exported from'),
    types: z.partialRecord(z.enum(CHANGE_TYPES), TypeOutcome),
  })
  .meta({ id: 'ArchiveImportResult' });
