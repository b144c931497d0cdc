import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { buildSchema } from '../../src/graphql/schema.ts';
import type { Route } from '../../src/rest/route.ts';
import { allRoutes } from '../../src/rest/routes/index.ts';
import { gql, readOnly } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { oauthToken } from '../helpers/oauth.ts';

/**
 * The GraphQL side of "permissions are required": every user-scoped REST route names its GraphQL
 * twin, every mutation and User field is the twin of a route, and each twin answers the route's
 * access rule from the service (a read-only token is FORBIDDEN on every mutation, an access token
 * on account ones). New routes and fields are covered without touching this file.
 */
const schema = buildSchema();
const routes = allRoutes({ allowRegistration: true });
const mutations = schema.getMutationType()!.getFields();
const userFields = schema.getType('User') as GraphQLObjectType;
const label = (r: Route) => `${r.method.toUpperCase()} ${r.path}`;
// A file (the account export) is REST-only: GraphQL answers JSON, not a ZIP.
const dataRoutes = routes.filter(
  (r) => (r.path.startsWith('/users/{user_id}') || r.path === '/metric-types') && !r.produces && !r.consumes,
);

let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));
/** A read-only OAuth access token (the agents' flow): held to the same rules as a read-only PAT. */
let oauth: { auth: Record<string, string> };
beforeAll(async () => {
  oauth = { auth: (await oauthToken(server, owner)).auth };
});

test.each(dataRoutes.map((r) => [label(r), r] as const))('%s has a GraphQL twin of the same kind', (_l, r) => {
  expect(r.graphql).toBeDefined();
  const [type, field] = r.graphql!.split('.') as [string, string];
  expect(type).toBe(r.method === 'get' ? 'User' : 'Mutation');
  expect(Object.keys(type === 'User' ? userFields.getFields() : mutations)).toContain(field);
  if (r.graphqlPage) expect(Object.keys(userFields.getFields())).toContain(r.graphqlPage.split('.')[1]);
});

test('every mutation and every User field is the twin of a REST route', () => {
  // A file route may name the field that gives its URL (User.tagChart: the chart's path).
  const twins = new Set(routes.flatMap((r) => [r.graphql, r.graphqlPage]));
  const orphans = [
    ...Object.keys(mutations).map((f) => `Mutation.${f}`),
    ...Object.keys(userFields.getFields())
      .filter((f) => f !== 'id')
      .map((f) => `User.${f}`),
  ].filter((f) => !twins.has(f as Route['graphql']));
  expect(orphans).toEqual([]);
});

/** A value of the argument's type that passes GraphQL's own coercion; the service never sees past authorize(). */
function sample(type: GraphQLInputType): string {
  const t = getNullableType(type);
  if (isListType(t)) return `[${sample(t.ofType)}]`;
  if (isInputObjectType(t)) {
    const required = Object.values(t.getFields()).filter((f) => isNonNullType(f.type));
    return `{ ${required.map((f) => `${f.name}: ${sample(f.type)}`).join(', ')} }`;
  }
  if (isEnumType(t)) return t.getValues()[0].name;
  if (isScalarType(t)) {
    const scalars: Record<string, string> = {
      UUID: `"${randomUUID()}"`,
      Int: '1',
      Float: '1',
      Boolean: 'true',
      JSONObject: '{}',
      DateTime: '"2026-01-01T00:00:00Z"',
      Date: '"2026-01-01"',
    };
    return scalars[t.name] ?? '"x"';
  }
  throw new Error(`no sample for ${String(type)}`);
}

function operation(kind: 'mutation' | 'query', field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter((a: GraphQLArgument) => isNonNullType(a.type)).map((a) => `${a.name}: ${sample(a.type)}`);
  const call = `${field.name}${args.length ? `(${args.join(', ')})` : ''}${isObjectType(getNamedType(field.type)) ? ' { __typename }' : ''}`;
  return kind === 'mutation' ? `mutation { ${call} }` : `{ me { ${call} } }`;
}

const writes = dataRoutes.filter((r) => r.method !== 'get' && r.graphql);
test.each(writes.map((r) => [r.graphql!, r] as const))('%s refuses a read-only token (FORBIDDEN), as its route', async (name, r) => {
  const field = mutations[name.split('.')[1]];
  const res = await gql(server, await readOnly(server, owner), operation('mutation', field));
  expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  const withOAuth = await gql(server, oauth, operation('mutation', field));
  expect(withOAuth.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  if (r.access === 'account') {
    const pat = await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'rw', scope: 'write' });
    const withPat = await gql(server, { auth: { Authorization: `Bearer ${pat.body.token}` } }, operation('mutation', field));
    expect(withPat.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  }
});

const reads = dataRoutes.filter((r) => r.method === 'get' && r.graphql);
test.each(reads.map((r) => [r.graphql!] as const))('%s answers a read-only token, personal or OAuth', async (name) => {
  const field = userFields.getFields()[name.split('.')[1]];
  for (const caller of [await readOnly(server, owner), oauth]) {
    const res = await gql(server, caller, operation('query', field));
    expect(res.status).toBe(200);
    for (const error of res.body.errors ?? []) expect(['NOT_FOUND', 'BAD_USER_INPUT']).toContain(error.extensions.code);
  }
});
