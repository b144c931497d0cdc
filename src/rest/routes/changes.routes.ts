import { listChanges } from '../../domain/changes/changes.service.ts';
import { ChangesQuery } from '../../domain/changes/changes.schemas.ts';
import { ChangesResponse, presentChanges } from '../../representation/changes.ts';
import { readChanged } from '../../representation/resources.ts';
import { ok, route, type Route } from '../route.ts';

export const changeRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/changes',
    tag: 'changes',
    access: 'read',
    graphql: 'User.changes',
    errors: [410],
    summary:
      'What changed since a cursor, oldest first: each resource once, at its newest version, deletions as tombstones (kept CHANGES_RETENTION_DAYS). Without since, from the beginning of retained history; 410 when the cursor is older than that',
    query: ChangesQuery,
    responses: { 200: ChangesResponse },
    handler: async (r) => ok(presentChanges(await listChanges(r.actor, r.query, readChanged))),
  }),
];
