import { getProfile, updateProfile } from '../../domain/users/users.service.ts';
import { ProfileUpdate } from '../../domain/users/users.schemas.ts';
import { ProfileRead, presentProfile } from '../presenters/users.ts';
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
    errors: [409],
    summary: 'Change email, timezone, capture language or the day weeks start on',
    body: ProfileUpdate,
    responses: { 200: ProfileRead },
    handler: async (r) => ok(presentProfile(await updateProfile(r.actor, r.body))),
  }),
];
