import type { Actor } from '../core/actor.ts';
import type { Loaders } from './loaders.ts';

/** What every resolver gets: who is calling, and this request's batch loaders (scoped to that user). */
export type GraphQLContext = { actor: Actor; loaders: Loaders };
