import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import {
  getEncryptionKey,
  listReplacedKeys,
  putEncryptionKey,
  restoreReplacedKey,
} from '../../domain/encryption-key/encryption-key.service.ts';
import { EncryptionKeyPut, ReplacedKeyListQuery } from '../../domain/encryption-key/encryption-key.schemas.ts';
import {
  EncryptionKeyRead,
  presentEncryptionKey,
  presentReplacedKey,
  ReplacedEncryptionKeyRead,
} from '../../representation/encryption-key.ts';
import { ok, route, type Route } from '../route.ts';

const tag = 'encryption key';

export const encryptionKeyRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/encryption-key',
    version: { type: 'encryption_key', param: 'user_id' },
    tag,
    access: 'read',
    graphql: 'User.encryptionKey',
    errors: [404],
    summary: 'The wrapped data key and its KDF parameters (404 until one is stored)',
    responses: { 200: EncryptionKeyRead },
    handler: async (r) => ok(presentEncryptionKey(await getEncryptionKey(r.actor))),
  }),
  route({
    method: 'put',
    path: '/users/{user_id}/encryption-key',
    version: { type: 'encryption_key', param: 'user_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.putEncryptionKey',
    summary:
      'Store the wrapped data key; the server never unwraps it. Replacing a stored key needs a signed-in session (403 with a token) ' +
      'and keeps the replaced material (GET .../encryption-key/replaced); sending the stored material again changes nothing',
    body: EncryptionKeyPut,
    responses: { 200: EncryptionKeyRead },
    handler: async (r) => ok(presentEncryptionKey(await putEncryptionKey(r.actor, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/encryption-key/replaced',
    tag,
    access: 'read',
    graphql: 'User.replacedEncryptionKeys',
    summary: 'Key material the user replaced, most recently replaced first: payloads encrypted under it stay readable',
    query: ReplacedKeyListQuery,
    responses: { 200: z.array(ReplacedEncryptionKeyRead) },
    handler: async (r) => ok((await listReplacedKeys(r.actor, r.query)).map(presentReplacedKey)),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/encryption-key/replaced/{replaced_id}/restore',
    tag,
    access: 'account',
    graphql: 'Mutation.restoreEncryptionKey',
    summary: 'Make replaced material the stored key again (a signed-in session only); the key it replaces is kept in its turn',
    params: z.object({ replaced_id: uuid() }),
    responses: { 200: EncryptionKeyRead },
    handler: async (r) => ok(presentEncryptionKey(await restoreReplacedKey(r.actor, r.params.replaced_id))),
  }),
];
