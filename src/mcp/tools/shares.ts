import { z } from 'zod';
import { listShares } from '../../domain/shares/shares.service.ts';
import { presentShare } from '../../representation/shares.ts';
import { defineTool } from './tool.ts';

export const shareTools = [
  defineTool({
    name: 'list_shares',
    title: 'Share links',
    description:
      "The user's share links, newest first: what each shows (scope, period), its status (active, expired, revoked, used_up), " +
      'expiry, whether it has a password, its views and when it was last opened. Same JSON as GET /users/{user_id}/shares (tokens are never shown).',
    input: z.object({}),
    run: async ({ actor }) => (await listShares(actor)).map(presentShare),
  }),
];
