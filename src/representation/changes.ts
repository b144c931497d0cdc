import { z } from 'zod';
import { CHANGE_TYPES } from '../domain/changes/change-types.ts';
import type { ChangesPage } from '../domain/changes/changes.service.ts';

const ChangeRead = z
  .object({
    type: z.enum(CHANGE_TYPES),
    id: z.string().describe("The resource's id (a goal's is its metric's slug, the encryption key's the user's)"),
    op: z.enum(['upsert', 'delete']),
    version: z.number().int().describe('The resource’s version after this change; also its ETag'),
    changed_at: z.iso.datetime(),
    data: z.record(z.string(), z.unknown()).nullable().describe('The resource exactly as its REST read shows it now; null for a delete'),
  })
  .meta({ id: 'ChangeRead' });

export const ChangesResponse = z
  .object({
    changes: z.array(ChangeRead),
    next_cursor: z.string().describe('Pass as since to read on; the same cursor again when nothing changed'),
    has_more: z.boolean(),
  })
  .meta({ id: 'ChangesResponse' });
type ChangesResponse = z.infer<typeof ChangesResponse>;

export function presentChanges(page: ChangesPage<unknown>): ChangesResponse {
  return {
    changes: page.changes.map((c) => ({
      type: c.type,
      id: c.id,
      op: c.op,
      version: c.version,
      changed_at: c.changedAt.toISOString(),
      data: c.resource as Record<string, unknown> | null,
    })),
    next_cursor: page.nextCursor,
    has_more: page.hasMore,
  };
}
