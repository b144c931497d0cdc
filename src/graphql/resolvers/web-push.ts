import { asInput } from '../../core/validation.ts';
import {
  deletePushSubscription,
  listPushSubscriptions,
  registerPushSubscription,
  testPushSubscription,
  webPushKey,
} from '../../domain/push/push.service.ts';
import type { PushSubscriptionInput } from '../../domain/push/push.schemas.ts';
import { originOf } from '../../domain/push/sender.ts';
import { withInput } from '../args.ts';
import { versionField } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const webPushResolvers: Resolvers = {
  User: {
    webPushKey: (_user, _args, { actor }) => webPushKey(actor),
    pushSubscriptions: (_user, _args, { actor }) => listPushSubscriptions(actor),
  },
  PushSubscription: {
    version: versionField('push_subscription', (s) => s.id),
    endpointOrigin: (s) => originOf(s.endpoint),
  },
  Mutation: {
    // The input is the browser's PushSubscription.toJSON() as the service takes it (expirationTime, keys.p256dh): no renaming.
    registerPushSubscription: async (_root, { input }, { actor }) =>
      (await withInput('input', () => registerPushSubscription(actor, asInput<PushSubscriptionInput>(input)))).subscription,
    deletePushSubscription: async (_root, { id }, { actor }) => (await deletePushSubscription(actor, id), true),
    testPushSubscription: (_root, { id }, { actor }) => testPushSubscription(actor, id),
  },
};
