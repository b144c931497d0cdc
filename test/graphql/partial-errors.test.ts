import { gql, readOnly } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * Errors stay at the field that failed: a dashboard's other panels still arrive. And the HTTP
 * status follows the GraphQL-over-HTTP spec, as the README says: a request the server cannot run
 * (parse, validation, a limit) is 400; one it ran answers 200, its errors in `errors`.
 */
let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

beforeAll(async () => {
  const res = await server.api().put(`/users/${owner.id}/goals/steps`).set(owner.auth).send({ target: 8000, direction: 'at_least' });
  expect(res.status).toBe(200);
});

test('a mistyped metric in one panel is null with its error at that path; the goals beside it arrive', async () => {
  const res = await gql(server, owner, '{ me { goals { slug } insightGraph(metric: "sleep_durration") { center { key } } } }');
  expect(res.status).toBe(200);
  expect(res.body.data.me.goals).toEqual(expect.arrayContaining([{ slug: 'steps' }]));
  expect(res.body.data.me.insightGraph).toBeNull();
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors[0]).toMatchObject({ path: ['me', 'insightGraph'], extensions: { code: 'BAD_USER_INPUT' } });
});

test('a bad range in days leaves events and the profile standing', async () => {
  const res = await gql(
    server,
    owner,
    '{ me { profile { email } days(from: "2026-02-01", to: "2026-01-01") { date } events(limit: 5) { id } } }',
  );
  expect(res.status).toBe(200);
  expect(res.body.data.me).toEqual({ profile: { email: owner.email }, days: null, events: [] });
  expect(res.body.errors[0]).toMatchObject({ path: ['me', 'days'], extensions: { code: 'BAD_USER_INPUT' } });
});

test('a forbidden mutation answers 200 with FORBIDDEN in errors (GraphQL over HTTP), as the README says', async () => {
  const res = await gql(server, await readOnly(server, owner), 'mutation { createEvent(input: { tags: ["x"] }) { id } }');
  expect(res.status).toBe(200);
  expect(res.body.data).toBeNull();
  expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
});
