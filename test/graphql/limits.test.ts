import { MAX_COST } from '../../src/graphql/cost.ts';
import { gql } from '../helpers/graphql.ts';
import { withServer, type TestServer } from '../helpers/server.ts';
import { statementsOf } from '../helpers/statements.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * Query limits: each refused with a 400 and a clear message before any resolver runs. "No database
 * work" is measured: a refused query sends exactly the statements of authenticating the caller,
 * which `{ __typename }` (no resolver touches the database) also sends.
 */
let server: TestServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

type Answer = { status: number; body: any; text: string };
async function answerAndStatements(send: () => PromiseLike<Answer>): Promise<{ res: Answer; statements: number }> {
  let res: Answer | undefined;
  const statements = await statementsOf(server, async () => void (res = await send()));
  return { res: res!, statements };
}

let authOnly: number;
beforeAll(async () => {
  ({ statements: authOnly } = await answerAndStatements(() => gql(server, owner, '{ __typename }')));
  expect(authOnly).toBeGreaterThan(0);
});

async function refused(query: string, message: RegExp, variables: Record<string, unknown> = {}) {
  const { res, statements } = await answerAndStatements(() => gql(server, owner, query, variables));
  expect(res.status).toBe(400);
  expect(res.body.data).toBeUndefined();
  expect(res.body.errors[0].message).toMatch(message);
  expect(statements).toBe(authOnly);
  return res.body.errors[0];
}

test('a query deeper than 10 levels', async () => {
  let nested = 'id';
  for (let i = 0; i < 11; i++) nested = `__type(name: "User") { name fields { name type { ${nested} } } }`;
  await refused(`{ ${nested} }`, /levels deep; at most 10/);
});

test('more than 30 aliases', async () => {
  const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: me { id }`).join(' ');
  await refused(`{ ${aliases} }`, /more than 30 aliases/);
});

test('a query costing more than the limit, lists multiplied by their limit (variables included)', async () => {
  const pages = Array.from({ length: 20 }, (_, i) => `p${i}: events(limit: $n) { id notes category { id name color } }`).join(' ');
  const error = await refused(`query($n: Int) { me { ${pages} } }`, /costs \d+, more than the 50000 allowed/, { n: 500 });
  expect(error.extensions.code).toBe('QUERY_TOO_COSTLY');
  expect(error.extensions.cost).toBeGreaterThan(MAX_COST);
  // The same query with small pages is fine.
  const small = await gql(server, owner, `query($n: Int) { me { ${pages} } }`, { n: 20 });
  expect(small.body.errors).toBeUndefined();
});

test('a query text of more than 2,000 tokens', async () => {
  const fields = Array.from({ length: 2100 }, () => 'id').join(' ');
  await refused(`{ me { ${fields} } }`, /more th\w+ 2000 tokens/);
});

test('a batched (array) body', async () => {
  const { res, statements } = await answerAndStatements(() =>
    server
      .api()
      .post('/graphql')
      .set(owner.auth)
      .set('Content-Type', 'application/json')
      .send([{ query: '{ me { id } }' }, { query: '{ me { id } }' }]),
  );
  expect(res.status).toBe(400);
  expect(res.text).toMatch(/batch/i);
  expect(statements).toBe(authOnly);
});
