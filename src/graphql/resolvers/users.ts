import { authorize } from '../../core/actor.ts';
import { listCategories } from '../../domain/categories/categories.service.ts';
import { listEvents } from '../../domain/events/events.service.ts';
import { getProfile } from '../../domain/users/users.service.ts';
import type { Resolvers } from '../__generated__/types.ts';

/** Thin: each field calls the same service as its REST route, as the caller. */
export const userResolvers: Resolvers = {
  Query: {
    me: (_root, _args, { actor }) => ({ id: actor.userId }),
    user: (_root, { id }, { actor }) => {
      authorize(actor, id, 'read');
      return { id };
    },
  },
  User: {
    profile: (_user, _args, { actor }) => getProfile(actor),
    categories: (_user, _args, { actor }) => listCategories(actor),
    events: (_user, { categoryId, ...args }, { actor }) => listEvents(actor, { ...args, category_id: categoryId ?? undefined }),
  },
  Event: {
    category: (event, _args, { loaders }) => (event.category_id ? loaders.category.load(event.category_id) : null),
  },
};
