import { authorize } from '../../core/actor.ts';
import { getProfile, updateProfile } from '../../domain/users/users.service.ts';
import { serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
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
  },
  Mutation: {
    updateProfile: (_root, { input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'profile', id: actor.userId }, expectedVersion, () =>
        withInput('input', () => updateProfile(actor, serviceInput(input))),
      ),
  },
};
