import { getEncryptionKey, putEncryptionKey } from '../../domain/encryption-key/encryption-key.service.ts';
import { EncryptionKeyPut } from '../../domain/encryption-key/encryption-key.schemas.ts';
import { EncryptionKeyRead, presentEncryptionKey } from '../presenters/encryption-key.ts';
import { ok, type Route } from '../route.ts';

const tag = 'encryption key';

export const encryptionKeyRoutes: Route[] = [
  {
    method: 'get',
    path: '/users/{user_id}/encryption-key',
    tag,
    access: 'read',
    graphql: 'User.encryptionKey',
    errors: [404],
    summary: 'The wrapped data key and its KDF parameters (404 until one is stored)',
    responses: { 200: EncryptionKeyRead },
    handler: async (r) => ok(presentEncryptionKey(await getEncryptionKey(r.actor))),
  },
  {
    method: 'put',
    path: '/users/{user_id}/encryption-key',
    tag,
    access: 'write',
    graphql: 'Mutation.putEncryptionKey',
    summary: 'Store or replace the wrapped data key; the server never unwraps it',
    body: EncryptionKeyPut,
    responses: { 200: EncryptionKeyRead },
    handler: async (r) => ok(presentEncryptionKey(await putEncryptionKey(r.actor, r.body))),
  },
];
