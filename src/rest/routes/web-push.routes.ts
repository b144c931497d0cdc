import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as push from '../../domain/push/push.service.ts';
import { PushSubscriptionCreate } from '../../domain/push/push.schemas.ts';
import {
  presentPushOutcome,
  presentPushSubscription,
  PushOutcomeRead,
  PushSubscriptionRead,
  WebPushKeyRead,
} from '../../representation/web-push.ts';
import { createdOrReplayed, noContent, ok, route, type Route } from '../route.ts';

const tag = 'web-push';
const params = z.object({ subscription_id: uuid() });

export const webPushRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/web-push/key',
    tag,
    access: 'read',
    graphql: 'User.webPushKey',
    summary:
      "The server's VAPID public key: a page passes it to pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }) and posts the subscription it gets here. The same key every time",
    responses: { 200: WebPushKeyRead },
    handler: async (r) => ok({ public_key: await push.webPushKey(r.actor) }),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/web-push/subscriptions',
    tag,
    access: 'read',
    graphql: 'User.pushSubscriptions',
    summary:
      "The user's browsers that take push notifications, oldest first, each with its push service's origin and how its last push went; never the endpoint (a capability) or keys",
    responses: { 200: z.array(PushSubscriptionRead) },
    handler: async (r) => ok((await push.listPushSubscriptions(r.actor)).map(presentPushSubscription)),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/web-push/subscriptions',
    tag,
    access: 'write',
    graphql: 'Mutation.registerPushSubscription',
    summary:
      'Register a browser for push notifications: the body is its PushSubscription.toJSON() ({endpoint, expirationTime, keys: {p256dh, auth}}) and an optional label. ' +
      'The endpoint must be https (plain http only where WEB_PUSH_NETWORKS=any). 201 when new; the same endpoint again updates that subscription (keys, label) and answers 200. ' +
      'At most 20 per user (422 at endpoint)',
    body: PushSubscriptionCreate,
    responses: { 200: PushSubscriptionRead, 201: PushSubscriptionRead },
    handler: async (r) => {
      const { subscription, created } = await push.registerPushSubscription(r.actor, r.body);
      return createdOrReplayed(created, presentPushSubscription(subscription));
    },
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/web-push/subscriptions/{subscription_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deletePushSubscription',
    summary: 'Forget a browser: nothing more is pushed to it (unsubscribe it in the browser too)',
    params,
    responses: { 204: null },
    handler: async (r) => (await push.deletePushSubscription(r.actor, r.params.subscription_id), noContent()),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/web-push/subscriptions/{subscription_id}/test',
    tag,
    access: 'write',
    graphql: 'Mutation.testPushSubscription',
    summary:
      "Push a test notification to this browser now and answer how it went (the push service's status, or why there was none); " +
      'a 404 or 410 from the push service means the browser dropped the subscription, and it is removed',
    params,
    responses: { 200: PushOutcomeRead },
    handler: async (r) => ok(presentPushOutcome(await push.testPushSubscription(r.actor, r.params.subscription_id))),
  }),
];
