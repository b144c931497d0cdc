import type { Actor } from '../core/actor.ts';
import type { Loaders } from './loaders.ts';

/**
 * What every resolver gets: who is calling, this request's batch loaders (scoped to that user), and
 * the client's address (what sign-in throttles count, for the mutations that take a password).
 */
export type GraphQLContext = { actor: Actor; loaders: Loaders; client: { ip: string } };
