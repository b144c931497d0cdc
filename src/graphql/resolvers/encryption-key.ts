import { findEncryptionKey, putEncryptionKey } from '../../domain/encryption-key/encryption-key.service.ts';
import { serviceInput, withInput } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const encryptionKeyResolvers: Resolvers = {
  User: {
    encryptionKey: (_user, _args, { actor }) => findEncryptionKey(actor),
  },
  Mutation: {
    putEncryptionKey: (_root, { input }, { actor }) => withInput('input', () => putEncryptionKey(actor, serviceInput(input))),
  },
};
