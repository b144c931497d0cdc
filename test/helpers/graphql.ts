import type supertest from 'supertest';
import type { HttpServer } from './server.ts';
import type { TestUser } from './users.ts';

type Caller = { auth: Record<string, string> } | null;

/** POST /graphql as a client would: JSON body, the caller's bearer token (none for null). */
export function gql(server: HttpServer, caller: Caller, query: string, variables: Record<string, unknown> = {}): supertest.Test {
  const req = server.api().post('/graphql').set('Content-Type', 'application/json');
  return (caller ? req.set(caller.auth) : req).send({ query, variables });
}

/** The data of a query that must succeed; fails the test with the errors otherwise. */
export async function gqlData<T = Record<string, any>>(
  server: HttpServer,
  caller: Caller,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await gql(server, caller, query, variables);
  if (res.status !== 200 || res.body.errors)
    throw new Error(`GraphQL failed (${res.status}): ${JSON.stringify(res.body.errors ?? res.body)}`);
  return res.body.data as T;
}

/** The first error of a query that must fail: its code, message and validation detail. */
export async function gqlError(server: HttpServer, caller: Caller, query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(server, caller, query, variables);
  const error = res.body.errors?.[0];
  if (!error) throw new Error(`expected a GraphQL error, got ${JSON.stringify(res.body)}`);
  return {
    code: error.extensions?.code as string,
    message: error.message as string,
    locs: ((error.extensions?.detail ?? []) as { loc: (string | number)[] }[]).map((d) => d.loc.join('.')),
    detail: error.extensions?.detail as { loc: (string | number)[]; msg: string; type: string }[] | undefined,
  };
}

/** A read-only personal access token of the user, as `auth` headers: every mutation must be FORBIDDEN with it. */
export async function readOnly(server: HttpServer, user: TestUser): Promise<{ auth: Record<string, string> }> {
  const res = await server.api().post('/auth/tokens').set(user.auth).send({ name: 'read-only', scope: 'read' });
  return { auth: { Authorization: `Bearer ${res.body.token}` } };
}
