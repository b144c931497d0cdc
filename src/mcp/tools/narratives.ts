import { z } from 'zod';
import { getNarrativeDigest } from '../../domain/narratives/digest.ts';
import { listNarratives } from '../../domain/narratives/narratives.service.ts';
import { presentNarrative, presentNarrativeDigest } from '../../representation/narratives.ts';
import { pageArgs } from './args.ts';
import { defineTool } from './tool.ts';

export const narrativeTools = [
  defineTool({
    name: 'list_narratives',
    title: 'Weekly narratives',
    description:
      "Stored weekly narratives (Monday to Sunday in the user's timezone), most recent week first, with who wrote them (provider, model_used). " +
      'Same JSON as GET /users/{user_id}/narratives.',
    input: z.object({ ...pageArgs }),
    run: async ({ actor }, args) => (await listNarratives(actor, args)).map(presentNarrative),
  }),
  defineTool({
    name: 'get_narrative_digest',
    title: 'Facts of a week',
    description:
      "The compact, factual digest of one week that narratives are written from: daily values, goals met, episodes and the strongest insight links, the API's own numbers. " +
      'Same JSON as GET /users/{user_id}/narratives/digest.',
    input: z.object({
      week: z.string().optional().describe("The week's Monday (YYYY-MM-DD); default: the last whole week in the user's timezone"),
    }),
    run: async ({ actor }, args) => presentNarrativeDigest(await getNarrativeDigest(actor, args)),
  }),
];
