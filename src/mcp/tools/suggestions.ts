import { z } from 'zod';
import { SUGGESTION_STATUSES } from '../../domain/inbox/suggestion.entity.ts';
import { listSuggestions } from '../../domain/suggestions/suggestions.service.ts';
import { presentSuggestionPage } from '../../representation/suggestions.ts';
import { pageArgs } from './args.ts';
import { defineTool } from './tool.ts';

export const suggestionTools = [
  defineTool({
    name: 'list_suggestions',
    title: 'Suggestions inbox',
    description:
      'Suggestions the system made from captures, location stays and patterns (events, metric readings, meals, places to confirm), newest first, ' +
      'with pending_count. Read only: accepting or dismissing is for the user. Same JSON as GET /users/{user_id}/suggestions.',
    input: z.object({
      status: z.enum(SUGGESTION_STATUSES).optional().describe('Which suggestions (default pending)'),
      ...pageArgs,
    }),
    run: async ({ actor }, args) => presentSuggestionPage(await listSuggestions(actor, args)),
  }),
];
