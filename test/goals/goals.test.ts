import { METRIC_TYPES } from '../../src/domain/metric-types/catalogue.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expect422, expectError } from '../helpers/expect.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other: other } = f));

const put = (user: TestUser, slug: string, body: unknown) =>
  server
    .api()
    .put(`/users/${user.id}/goals/${slug}`)
    .set(user.auth)
    .send(body as object);
const list = async (user: TestUser) => {
  const res = await server.api().get(`/users/${user.id}/goals`).set(user.auth);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>[];
};

test('every goalable metric is listed, target null when unset', async () => {
  const goals = await list(u);
  expect(goals.map((g) => g.slug)).toEqual(METRIC_TYPES.filter((t) => t.goalable).map((t) => t.slug));
  expect(goals.find((g) => g.slug === 'steps')).toEqual({
    slug: 'steps',
    label: 'Steps',
    unit: 'count',
    category: 'activity',
    direction: 'at_least',
    value_field: 'steps',
    target: null,
    active: false,
    is_set: false,
    period: 'day',
    times_per_period: null,
    period_value: null,
    streak: null,
    longest_streak: null,
    strength: null,
  });
  expect(goals.find((g) => g.slug === 'caffeine')).toMatchObject({ direction: 'at_most', value_field: 'caffeine_mg', unit: 'mg' });
  expect(goals.find((g) => g.slug === 'protein')).toMatchObject({ value_field: null });
});

test('PUT creates and then replaces the goal; DELETE removes it', async () => {
  let res = await put(u, 'steps', { target: 10000, direction: 'at_least' });
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual([
    'active',
    'category',
    'direction',
    'is_set',
    'label',
    'longest_streak',
    'period',
    'period_value',
    'slug',
    'streak',
    'strength',
    'target',
    'times_per_period',
    'unit',
    'value_field',
  ]);
  expect(res.body).toEqual({
    slug: 'steps',
    label: 'Steps',
    unit: 'count',
    category: 'activity',
    direction: 'at_least',
    value_field: 'steps',
    target: 10000,
    active: true,
    is_set: true,
    // The spec's body is a daily goal; without readings it has no streak and no strength yet.
    period: 'day',
    times_per_period: null,
    period_value: 0,
    streak: 0,
    longest_streak: 0,
    strength: 0,
  });
  res = await put(u, 'steps', { target: 8000.5, direction: 'at_most', active: false });
  expect(res.body).toMatchObject({ target: 8000.5, direction: 'at_most', active: false, is_set: true });
  expect((await list(u)).find((g) => g.slug === 'steps')).toEqual(res.body);
  // A replace without `active` makes it active again: the body is the whole goal.
  res = await put(u, 'steps', { target: 9000, direction: 'at_least' });
  expect(res.body).toMatchObject({ target: 9000, active: true });

  expect((await server.api().delete(`/users/${u.id}/goals/steps`).set(u.auth)).status).toBe(204);
  expect((await list(u)).find((g) => g.slug === 'steps')).toMatchObject({ target: null, is_set: false, active: false });
  expectError(await server.api().delete(`/users/${u.id}/goals/steps`).set(u.auth), 404);
});

test.each([
  [['body', 'target'], { direction: 'at_least' }],
  [['body', 'target'], { target: 0, direction: 'at_least' }],
  [['body', 'target'], { target: -5, direction: 'at_least' }],
  [['body', 'target'], { target: '10', direction: 'at_least' }],
  [['body', 'target'], { target: null, direction: 'at_least' }],
  [['body', 'direction'], { target: 5 }],
  [['body', 'direction'], { target: 5, direction: 'exactly' }],
  [['body', 'active'], { target: 5, direction: 'at_least', active: 'yes' }],
])('422 at %j', async (loc, body) => {
  expect422(await put(u, 'water', body), loc);
  expect((await list(u)).find((g) => g.slug === 'water')).toMatchObject({ is_set: false });
});

test('unknown or non-goalable slug: 404', async () => {
  expectError(await put(u, 'happiness', { target: 5, direction: 'at_least' }), 404);
  expectError(await put(u, 'heart_rate', { target: 5, direction: 'at_least' }), 404);
  expectError(await server.api().delete(`/users/${u.id}/goals/happiness`).set(u.auth), 404);
});

test('401 and 403', async () => {
  expectError(await server.api().get(`/users/${u.id}/goals`), 401);
  expectError(await server.api().get(`/users/${u.id}/goals`).set(other.auth), 403);
  expect((await put(other, 'steps', { target: 5, direction: 'at_least' })).status).toBe(200);
  expectError(await server.api().put(`/users/${u.id}/goals/steps`).set(other.auth).send({ target: 5, direction: 'at_least' }), 403);
  expectError(await server.api().put(`/users/${u.id}/goals/steps`).send({ target: 5, direction: 'at_least' }), 401);
  expectError(await server.api().delete(`/users/${u.id}/goals/steps`).set(other.auth), 403);
  // The other user's own goal did not touch this user's.
  expect((await list(u)).find((g) => g.slug === 'steps')).toMatchObject({ is_set: false });
});
