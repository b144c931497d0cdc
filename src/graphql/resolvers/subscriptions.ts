import { GraphQLError } from 'graphql';
import type { OutboundEvent } from '../../domain/outbox/outbox.service.ts';
import { subscribeToEvents, subscribeToInbox, type EventFeed, type InboxChange } from '../../domain/outbox/subscriptions.service.ts';
import type { GraphQLContext } from '../context.ts';
import { fromGraphqlEventType } from '../event-types.ts';
import type { Resolvers } from '../__generated__/types.ts';

/** What the WebSocket transport (src/graphql/subscriptions.ts) adds to the context: the process's hub. */
export type SubscriptionContext = GraphQLContext & { feed: EventFeed };

/**
 * Over POST /graphql a subscription operation is executed as a query: `resolve` runs without an
 * event and `subscribe` never runs. It is answered with this error instead of a null.
 */
const overHttp = () =>
  new GraphQLError('Subscriptions are served over WebSocket at /graphql (the graphql-ws protocol), not over HTTP', {
    extensions: { code: 'BAD_REQUEST' },
  });

function feedOf(context: GraphQLContext): EventFeed {
  const { feed } = context as Partial<SubscriptionContext>;
  if (!feed) throw overHttp();
  return feed;
}

function delivered<T>(value: T | undefined): T {
  if (value === undefined) throw overHttp();
  return value;
}

export const subscriptionResolvers: Resolvers = {
  Subscription: {
    inboxChanged: {
      subscribe: (_root, _args, context) => subscribeToInbox(context.actor, feedOf(context)),
      resolve: (change: InboxChange | undefined) => delivered(change),
    },
    events: {
      subscribe: (_root, { types }, context) =>
        subscribeToEvents(context.actor, feedOf(context), { types: types?.map(fromGraphqlEventType) ?? null }),
      resolve: (event: OutboundEvent | undefined) => delivered(event),
    },
  },
};
