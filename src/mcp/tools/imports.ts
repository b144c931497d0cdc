import { z } from 'zod';
import { getImport, listImports } from '../../imports/imports.service.ts';
import { presentImport } from '../../representation/imports.ts';
import { defineTool } from './tool.ts';

export const importTools = [
  defineTool({
    name: 'list_imports',
    title: 'Imports',
    description:
      "The user's imports of files from other apps (location histories ...), newest first: status, the detected format, progress and counts " +
      '(records read = created + already present + skipped by reason). Same JSON as GET /users/{user_id}/imports.',
    input: z.object({
      limit: z.number().int().optional().meta({ description: 'How many (1..500, default 50)', minimum: 1, maximum: 500 }),
      offset: z.number().int().optional().meta({ description: 'How many to skip (default 0)', minimum: 0 }),
    }),
    run: async ({ actor }, query) => (await listImports(actor, query)).map(presentImport),
  }),
  defineTool({
    name: 'get_import',
    title: 'One import',
    description:
      'One import with its counts and the first skipped records (why, and where in the file). Same JSON as GET /users/{user_id}/imports/{import_id}.',
    input: z.object({ import_id: z.uuid().describe('The import, from list_imports') }),
    run: async ({ actor }, { import_id }) => presentImport(await getImport(actor, import_id)),
  }),
];
