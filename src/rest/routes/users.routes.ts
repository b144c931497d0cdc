import { getProfile, updateProfile } from '../../domain/users/users.service.ts';
import { ProfileUpdate } from '../../domain/users/users.schemas.ts';
import { ProfileRead, presentProfile } from '../../representation/users.ts';
import { ok, route, type Route } from '../route.ts';

const tag = 'profile';

export const userRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/profile',
    version: { type: 'profile', param: 'user_id' },
    tag,
    access: 'read',
    graphql: 'User.profile',
    summary: 'Email, timezone, capture language and whether TOTP is on',
    responses: { 200: ProfileRead },
    handler: async (r) => ok(presentProfile(await getProfile(r.actor))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/profile',
    version: { type: 'profile', param: 'user_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateProfile',
    summary:
      "Change timezone, capture language or the day weeks start on, or the sign-in email's spelling (letter case: a signed-in session only). Another address is refused with one answer, taken or free (403): the server's operator sets it (npm run user:email)",
    body: ProfileUpdate,
    responses: { 200: ProfileRead },
    handler: async (r) => ok(presentProfile(await updateProfile(r.actor, r.body))),
  }),
];
