import { randomUUID } from 'node:crypto';
import { METRIC_TYPES } from '../../src/domain/metric-types/catalogue.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expect422, expectError, UUID } from '../helpers/expect.ts';
import { definitionOf } from './support.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other: other } = f));

const defs = (user: TestUser, q = '') => server.api().get(`/users/${user.id}/metric-definitions${q}`).set(user.auth);
const patch = (user: TestUser, id: string, body: unknown) =>
  server
    .api()
    .patch(`/users/${user.id}/metric-definitions/${id}`)
    .set(user.auth)
    .send(body as object);

describe('GET /users/{user_id}/metric-definitions', () => {
  test('one per metric type, provisioned on first use, in catalogue order, with defaults', async () => {
    const res = await defs(u, '?limit=500');
    expect(res.status).toBe(200);
    expect(res.body.map((d: { metric_type_slug: string }) => d.metric_type_slug)).toEqual(METRIC_TYPES.map((t) => t.slug));
    const steps = res.body[0];
    expect(Object.keys(steps).sort()).toEqual([
      'automations',
      'display_name',
      'enabled',
      'id',
      'manual_fallback',
      'metric_type_slug',
      'resolution_operator',
      'sources',
    ]);
    expect(steps).toEqual({
      id: expect.stringMatching(UUID),
      metric_type_slug: 'steps',
      display_name: null,
      enabled: true,
      manual_fallback: true,
      resolution_operator: 'priority',
      automations: [],
      sources: [],
    });
    // Provisioned once: the ids are stable.
    const again = await defs(u, '?limit=500');
    expect(again.body.map((d: { id: string }) => d.id)).toEqual(res.body.map((d: { id: string }) => d.id));
  });

  test('limit and offset', async () => {
    const all = (await defs(u, '?limit=500')).body;
    expect((await defs(u)).body).toHaveLength(Math.min(50, METRIC_TYPES.length));
    const page = await defs(u, '?limit=3&offset=2');
    expect(page.body.map((d: { id: string }) => d.id)).toEqual(all.slice(2, 5).map((d: { id: string }) => d.id));
  });

  test.each([
    ['limit', '?limit=0'],
    ['limit', '?limit=501'],
    ['limit', '?limit=abc'],
    ['offset', '?offset=-1'],
  ])('422 at query.%s (%s)', async (field, q) => {
    expect422(await defs(u, q), ['query', field]);
  });

  test('401 and 403', async () => {
    expectError(await server.api().get(`/users/${u.id}/metric-definitions`), 401);
    expectError(await server.api().get(`/users/${u.id}/metric-definitions`).set(other.auth), 403);
  });
});

describe('GET and PATCH /users/{user_id}/metric-definitions/{definition_id}', () => {
  test('rule 3: omitted fields stay, sources replace the whole ranked list, position = rank', async () => {
    const def = await definitionOf(server, u, 'weight');
    let res = await patch(u, def.id, { display_name: 'Body weight', resolution_operator: 'latest' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: def.id,
      metric_type_slug: 'weight',
      display_name: 'Body weight',
      enabled: true,
      manual_fallback: true,
      resolution_operator: 'latest',
      sources: [],
      automations: [],
    });

    res = await patch(u, def.id, {
      sources: [{ source: 'scale' }, { source: 'watch', condition: { type: 'prefer_if_present' } }, { source: 'phone', condition: null }],
    });
    expect(res.body.sources).toEqual([
      { source: 'scale', rank: 1, condition: null },
      { source: 'watch', rank: 2, condition: { type: 'prefer_if_present' } },
      { source: 'phone', rank: 3, condition: null },
    ]);
    expect(res.body.display_name).toBe('Body weight');
    expect(res.body.resolution_operator).toBe('latest');

    res = await patch(u, def.id, { sources: [{ source: 'phone' }, { source: 'scale' }], enabled: false, manual_fallback: false });
    expect(res.body.sources).toEqual([
      { source: 'phone', rank: 1, condition: null },
      { source: 'scale', rank: 2, condition: null },
    ]);
    expect(res.body).toMatchObject({ enabled: false, manual_fallback: false, display_name: 'Body weight' });

    res = await patch(u, def.id, { display_name: null, sources: null });
    expect(res.body).toMatchObject({ display_name: null, sources: [], enabled: false });

    res = await patch(u, def.id, {});
    expect(res.body).toMatchObject({
      display_name: null,
      sources: [],
      enabled: false,
      manual_fallback: false,
      resolution_operator: 'latest',
    });

    const got = await server.api().get(`/users/${u.id}/metric-definitions/${def.id}`).set(u.auth);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  test('unknown condition keys are not stored', async () => {
    const def = await definitionOf(server, u, 'steps');
    const res = await patch(u, def.id, {
      sources: [{ source: 'watch', condition: { type: 'prefer_if_present', colour: 'red' } }],
      junk: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.sources).toEqual([{ source: 'watch', rank: 1, condition: { type: 'prefer_if_present' } }]);
    expect(res.body).not.toHaveProperty('junk');
  });

  test.each([
    [['body', 'display_name'], { display_name: '' }],
    [['body', 'display_name'], { display_name: 'x'.repeat(101) }],
    [['body', 'enabled'], { enabled: null }],
    [['body', 'manual_fallback'], { manual_fallback: 'yes' }],
    [['body', 'resolution_operator'], { resolution_operator: 'median' }],
    [['body', 'resolution_operator'], { resolution_operator: null }],
    [['body', 'sources'], { sources: 'watch' }],
    [['body', 'sources', 0, 'source'], { sources: [{}] }],
    [['body', 'sources', 0, 'source'], { sources: [{ source: ' ' }] }],
    [['body', 'sources', 1, 'source'], { sources: [{ source: 'watch' }, { source: 'watch' }] }],
    [['body', 'sources', 0, 'condition'], { sources: [{ source: 'watch', condition: 'prefer' }] }],
    [['body', 'sources', 0, 'condition', 'type'], { sources: [{ source: 'watch', condition: { type: 'always' } }] }],
  ])('422 at %j for %j', async (loc, body) => {
    const def = await definitionOf(server, u, 'distance');
    expect422(await patch(u, def.id, body), loc as (string | number)[]);
  });

  test("404 for another user's definition or an unknown id, 422 for a malformed id", async () => {
    const theirs = await definitionOf(server, other, 'steps');
    expectError(await patch(u, theirs.id, { enabled: false }), 404);
    expectError(await server.api().get(`/users/${u.id}/metric-definitions/${theirs.id}`).set(u.auth), 404);
    expectError(await patch(u, randomUUID(), { enabled: false }), 404);
    expect422(await patch(u, 'nope', { enabled: false }), ['path', 'definition_id']);
    const still = await server.api().get(`/users/${other.id}/metric-definitions/${theirs.id}`).set(other.auth);
    expect(still.body.enabled).toBe(true);
  });

  test('401 and 403', async () => {
    const def = await definitionOf(server, u, 'steps');
    expectError(await server.api().patch(`/users/${u.id}/metric-definitions/${def.id}`).send({ enabled: false }), 401);
    expectError(await server.api().patch(`/users/${u.id}/metric-definitions/${def.id}`).set(other.auth).send({ enabled: false }), 403);
    expectError(await server.api().get(`/users/${u.id}/metric-definitions/${def.id}`).set(other.auth), 403);
  });
});
