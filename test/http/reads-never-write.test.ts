import { randomUUID } from 'node:crypto';
import { snapshot } from '../helpers/snapshot.ts';
import type { allRoutes as AllRoutes } from '../../src/rest/routes/index.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { oauthToken } from '../helpers/oauth.ts';

/**
 * A GET never writes: read-only credentials (read PATs, OAuth tokens) must not cause inserts or
 * updates of the user's data. Credential bookkeeping (last_used_at) and throttling are exempt.
 */
let server: IsolatedServer;
let owner: TestUser;
withIsolatedServer((f) => ({ server, owner } = f));

test('a new user has every definition and default source stored at sign-up, before any read', async () => {
  const [counts] = await server.sql<{ definitions: number; sources: number }>(
    `select (select count(*)::int from metric_definitions where user_id = $1) as definitions,
            (select count(*)::int from event_sources where user_id = $1 and is_default) as sources`,
    [owner.id],
  );
  expect(counts.definitions).toBeGreaterThanOrEqual(26);
  expect(counts.sources).toBe(6);
});

test('every GET route, called with a read-only token (personal or OAuth), leaves the data exactly as it was', async () => {
  const readToken = (await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'ro', scope: 'read' })).body.token;
  const auth = { Authorization: `Bearer ${readToken}` };
  const oauth = (await oauthToken(server, owner)).auth;
  // The route table as the server's process builds it (its handlers and schemas do not cross; method, path and access do).
  const gets = (await server.call<typeof AllRoutes>('rest/routes/index.ts', 'allRoutes', { allowRegistration: true })).filter(
    (r) => r.method === 'get' && r.access !== 'public',
  );
  const before = await snapshot(server);
  for (const r of gets) {
    const path = r.path.replace('{user_id}', owner.id).replace(/\{\w+\}/g, () => randomUUID());
    for (const credential of [auth, oauth]) {
      const res = await server.api().get(path).set(credential);
      expect(res.status).toBeLessThan(500);
    }
  }
  const definitions = await server.api().get(`/users/${owner.id}/metric-definitions`).set(auth);
  expect(definitions.body.length).toBeGreaterThanOrEqual(26);
  const sources = await server.api().get(`/users/${owner.id}/event-sources`).set(auth);
  expect(sources.body).toHaveLength(6);
  expect(await snapshot(server)).toEqual(before);
});
