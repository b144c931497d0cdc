import { pagedReply } from '../paging.ts';
import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as captures from '../../domain/captures/captures.service.ts';
import { LogCaptureCreate, LogCaptureListQuery } from '../../domain/captures/captures.schemas.ts';
import { LogCaptureRead, presentCapture, presentCaptures } from '../../representation/captures.ts';
import { createdOrReplayed, ok, route, type Route } from '../route.ts';

const tag = 'log-captures';
const params = z.object({ capture_id: uuid() });

export const captureRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/log-captures',
    tag,
    access: 'write',
    graphql: 'Mutation.createLogCapture',
    errors: [409],
    summary: 'Submit omnibar text for background parsing (201, status queued); re-sending a client_id returns the first capture with 200',
    body: LogCaptureCreate,
    responses: { 201: LogCaptureRead, 200: LogCaptureRead },
    handler: async (r) => {
      const { capture, created } = await captures.submitCapture(r.actor, r.body);
      return createdOrReplayed(created, await presentCapture(r.actor, capture));
    },
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/log-captures',
    tag,
    access: 'read',
    graphql: 'User.logCaptures',
    summary: 'Captures, newest first, each with its status and the suggestions it produced',
    query: LogCaptureListQuery,
    responses: { 200: z.array(LogCaptureRead) },
    paged: true,
    graphqlPage: 'User.logCapturesPage',
    handler: async (r) => {
      const page = await captures.pageCaptures(r.actor, r.query);
      return pagedReply(r, { items: await presentCaptures(r.actor, page.items), nextCursor: page.nextCursor }, (c) => c);
    },
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/log-captures/{capture_id}',
    version: { type: 'log_capture', param: 'capture_id' },
    tag,
    access: 'read',
    graphql: 'User.logCapture',
    summary: 'One capture: its status (queued, processing, parsed, failed) and the suggestions it produced',
    params,
    responses: { 200: LogCaptureRead },
    handler: async (r) => ok(await presentCapture(r.actor, await captures.getCapture(r.actor, r.params.capture_id))),
  }),
];
