import { z } from 'zod';
import { listPushSubscriptions } from '../../domain/push/push.service.ts';
import { presentPushSubscription } from '../../representation/web-push.ts';
import { defineTool } from './tool.ts';

export const webPushTools = [
  defineTool({
    name: 'list_push_subscriptions',
    title: 'Push subscriptions',
    description:
      "The user's browsers that take push notifications (Web Push): a label, the push service's origin, when each was registered, " +
      'and when a push last reached it or failed (with why). Same JSON as GET /users/{user_id}/web-push/subscriptions (endpoints and keys are never shown).',
    input: z.object({}),
    run: async ({ actor }) => (await listPushSubscriptions(actor)).map(presentPushSubscription),
  }),
];
