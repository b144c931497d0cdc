import {
  findEncryptionKey,
  listReplacedKeys,
  putEncryptionKey,
  restoreReplacedKey,
} from '../../domain/encryption-key/encryption-key.service.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const encryptionKeyResolvers: Resolvers = {
  User: {
    encryptionKey: (_user, _args, { actor }) => findEncryptionKey(actor),
    replacedEncryptionKeys: (_user, args, { actor }) => listReplacedKeys(actor, serviceArgs(args)),
  },
  Mutation: {
    putEncryptionKey: (_root, { input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'encryption_key', id: actor.userId }, expectedVersion, () =>
        withInput('input', () => putEncryptionKey(actor, serviceInput(input))),
      ),
    restoreEncryptionKey: (_root, { id }, { actor }) => restoreReplacedKey(actor, id),
  },
};
