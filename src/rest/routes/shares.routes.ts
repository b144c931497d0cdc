import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as shares from '../../domain/shares/shares.service.ts';
import { ShareCreate } from '../../domain/shares/shares.schemas.ts';
import { presentCreatedShare, presentShare, ShareCreated, ShareRead } from '../../representation/shares.ts';
import { created, ok, route, type Route } from '../route.ts';

const tag = 'shares';
const params = z.object({ share_id: uuid() });

export const shareRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/shares',
    tag,
    access: 'account',
    graphql: 'Mutation.createShare',
    summary:
      'Share a scoped, read-only report with someone without an account (a clinician, a coach): the answer holds the token and the report URL /s/{token}, shown this once; expires_at is required (at most 90 days), a password and a view limit optional; captures, notes, locations and experiments are off unless the scope includes them',
    body: ShareCreate,
    responses: { 201: ShareCreated },
    handler: async (r) => created(presentCreatedShare(await shares.createShare(r.actor, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/shares',
    tag,
    access: 'read',
    graphql: 'User.shares',
    summary: 'Every share, newest first, with its status, views and last view; never its token',
    responses: { 200: z.array(ShareRead) },
    handler: async (r) => ok((await shares.listShares(r.actor)).map(presentShare)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/shares/{share_id}',
    tag,
    access: 'read',
    graphql: 'User.share',
    summary: 'One share: its scope, period, status, views and last view; never its token',
    params,
    responses: { 200: ShareRead },
    handler: async (r) => ok(presentShare(await shares.getShare(r.actor, r.params.share_id))),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/shares/{share_id}/revoke',
    tag,
    access: 'account',
    graphql: 'Mutation.revokeShare',
    summary: 'End a share at once: its link answers 410 from now on; it stays listed with its views (revoking twice changes nothing)',
    params,
    responses: { 200: ShareRead },
    handler: async (r) => ok(presentShare(await shares.revokeShare(r.actor, r.params.share_id))),
  }),
];
