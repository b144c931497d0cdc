import { deleteAccount, eraseData } from '../../domain/erasure/erasure.service.ts';
import { ErasureConfirm, ErasureResult } from '../../domain/erasure/erasure.schemas.ts';
import { presentErasure } from '../../representation/erasure.ts';
import { noContent, ok, route, type Route } from '../route.ts';

const tag = 'erasure';

export const erasureRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/erase-data',
    tag,
    access: 'account',
    graphql: 'Mutation.eraseData',
    errors: [429],
    summary:
      'Erase everything logged and configured, in one transaction, and keep the account (sign-in, profile, sessions, tokens); the account starts again with the defaults of a new one and every changes cursor must resync (410). Needs the password, and the TOTP code when it is on',
    body: ErasureConfirm,
    responses: { 200: ErasureResult },
    handler: async (r) => ok(presentErasure(await eraseData(r.actor, r.body, { ip: r.ip }))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}',
    tag,
    access: 'account',
    graphql: 'Mutation.deleteAccount',
    errors: [429],
    summary:
      'Delete the account and everything of it, in one transaction: data, sessions, tokens and OAuth grants, queued jobs. Needs the password, and the TOTP code when it is on',
    body: ErasureConfirm,
    responses: { 204: null },
    handler: async (r) => (await deleteAccount(r.actor, r.body, { ip: r.ip }), noContent()),
  }),
];
