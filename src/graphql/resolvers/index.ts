import type { Resolvers } from '../__generated__/types.ts';
import { categoryResolvers } from './categories.ts';
import { eventResolvers } from './events.ts';
import { goalResolvers } from './goals.ts';
import { insightResolvers } from './insights.ts';
import { suggestionResolvers } from './suggestions.ts';
import { userResolvers } from './users.ts';

/** Every area's resolvers; each file holds one area's fields, relations and mutations. */
export const areaResolvers: Resolvers[] = [
  userResolvers, categoryResolvers, eventResolvers, suggestionResolvers, goalResolvers, insightResolvers,
];
