import { z } from 'zod';
import { CHANGE_TYPES } from '../../domain/changes/change-types.ts';
import { listChanges } from '../../domain/changes/changes.service.ts';
import { presentChanges } from '../../representation/changes.ts';
import { readChanged } from '../../representation/resources.ts';
import { defineTool } from './tool.ts';

export const changeTools = [
  defineTool({
    name: 'list_changes',
    title: 'What changed since',
    description:
      'What changed in the user\'s data since a cursor, oldest first: each resource once at its newest version (op "upsert" with its data) or deleted (op "delete"). ' +
      'Call without since to start, then pass next_cursor as since to see only what changed after. Same JSON as GET /users/{user_id}/changes.',
    input: z.object({
      since: z.string().optional().describe('next_cursor of an earlier answer; leave out to start from the beginning of retained history'),
      limit: z
        .number()
        .int()
        .optional()
        .meta({ description: 'How many changes to return (1..1000, default 500)', minimum: 1, maximum: 1000 }),
      types: z.array(z.enum(CHANGE_TYPES)).optional().describe('Only these resource types'),
    }),
    run: async ({ actor }, args) => presentChanges(await listChanges(actor, args, readChanged)),
  }),
];
