import { pagedReply } from '../paging.ts';
import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import { getNarrativeDigest } from '../../domain/narratives/digest.ts';
import * as narratives from '../../domain/narratives/narratives.service.ts';
import { NarrativeCreate, NarrativeDigestQuery, NarrativeListQuery } from '../../domain/narratives/narratives.schemas.ts';
import { NarrativeDigestRead, NarrativeRead, presentNarrative, presentNarrativeDigest } from '../../representation/narratives.ts';
import { createdOrReplayed, ok, route, type Route } from '../route.ts';

const tag = 'narratives';
const params = z.object({ narrative_id: uuid() });

export const narrativeRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/narratives',
    tag,
    access: 'read',
    graphql: 'User.narratives',
    summary: 'Stored weekly narratives, most recent week first',
    query: NarrativeListQuery,
    responses: { 200: z.array(NarrativeRead) },
    paged: true,
    graphqlPage: 'User.narrativesPage',
    handler: async (r) => pagedReply(r, await narratives.pageNarratives(r.actor, r.query), presentNarrative),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/narratives',
    tag,
    access: 'write',
    graphql: 'Mutation.saveNarrative',
    summary: "Store a week's narrative written elsewhere: 201 when new, 200 when it replaced that week's text and provenance (same id)",
    body: NarrativeCreate,
    responses: { 201: NarrativeRead, 200: NarrativeRead },
    handler: async (r) => {
      const { narrative, created } = await narratives.saveNarrative(r.actor, r.body);
      return createdOrReplayed(created, presentNarrative(narrative));
    },
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/narratives/digest',
    tag,
    access: 'read',
    graphql: 'User.narrativeDigest',
    summary: "A week's facts as compact text (daily values, goals met, episodes, strongest graph links), to write its narrative from",
    query: NarrativeDigestQuery,
    responses: { 200: NarrativeDigestRead },
    handler: async (r) => ok(presentNarrativeDigest(await getNarrativeDigest(r.actor, r.query))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/narratives/{narrative_id}',
    version: { type: 'narrative', param: 'narrative_id' },
    tag,
    access: 'read',
    graphql: 'User.narrative',
    summary: 'One stored narrative',
    params,
    responses: { 200: NarrativeRead },
    handler: async (r) => ok(presentNarrative(await narratives.getNarrative(r.actor, r.params.narrative_id))),
  }),
];
