import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { MAX_COST } from '../../src/graphql/cost.ts';
import { gql } from '../helpers/graphql.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { statementsOf } from '../helpers/statements.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * Query limits: each refused with a 400 and a clear message before any resolver runs. "No database
 * work" is measured: a refused query sends exactly the statements of authenticating the caller,
 * which `{ __typename }` (no resolver touches the database) also sends.
 */
let server: IsolatedServer;
let owner: TestUser;
// No job workers: background rounds (the outbound pump, periodic jobs) would add statements to a measurement.
withIsolatedServer(
  (f) => ({ server, owner } = f),
  {},
  () => ({ workers: 0 }),
);

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
  // places → visits → place → visits ...: a real cycle of the schema, 11 levels.
  let nested = 'id';
  for (let i = 0; i < 4; i++) nested = `visits { place { ${nested} } }`;
  const error = await refused(`{ me { places { ${nested} } } }`, /11 levels deep; at most 10/);
  expect(error.extensions.code).toBe('QUERY_TOO_DEEP');
});

test('more than 30 aliases', async () => {
  const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: me { id }`).join(' ');
  const error = await refused(`{ ${aliases} }`, /more than 30 aliases/);
  expect(error.extensions.code).toBe('QUERY_TOO_MANY_ALIASES');
});

test('the standard introspection query tools send (15 levels) is answered: introspection is let through the depth limit', async () => {
  const res = await gql(server, owner, getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
  expect(res.body.errors).toBeUndefined();
  expect(res.status).toBe(200);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.__schema.types.map((t: { name: string }) => t.name)).toEqual(
    expect.arrayContaining(['User', 'Event', 'DaySummary']),
  );
  // The schema it describes is the one served.
  expect(printSchema(buildClientSchema(res.body.data))).toMatch(/type User \{/);
});

test('introspection is still costed: twenty copies of every type with every field and argument are refused', async () => {
  const copy = (i: number) => `s${i}: __schema { types { name fields { name args { name type { name kind } } type { name kind } } } }`;
  const one = await gql(server, owner, `{ ${copy(0)} }`);
  expect(one.body.errors).toBeUndefined();
  const error = await refused(`{ ${Array.from({ length: 20 }, (_, i) => copy(i)).join(' ')} }`, /costs \d+, more than the 50000 allowed/);
  expect(error.extensions.code).toBe('QUERY_TOO_COSTLY');
});

test('a date range is costed by its days: a year of full day summaries is refused before any work, a month is not', async () => {
  const days = (from: string, to: string) =>
    `{ me { days(from: "${from}", to: "${to}") { date eventCount metrics { slug value sources { source value } metricType { slug label unit } } factors { key count } goals { slug target } } } }`;
  const error = await refused(days('2025-01-01', '2025-12-31'), /costs \d+, more than the 50000 allowed/);
  expect(error.extensions.cost).toBeGreaterThan(MAX_COST);
  const month = await gql(server, owner, days('2025-01-01', '2025-01-31'));
  expect(month.status).toBe(200);
  expect(month.body.errors).toBeUndefined();
  expect(month.body.data.me.days).toHaveLength(31);
});

test('a list without a limit argument given is costed by its default (50), one given by its value', async () => {
  const pages = (limit: string) =>
    Array.from({ length: 30 }, (_, i) => `p${i}: events${limit} { id notes category { id name color iconKey } }`).join(' ');
  // 30 × 50 × 6 = 9,000 with the default; 30 × 500 × 6 = 90,000 asked for.
  expect((await gql(server, owner, `{ me { ${pages('')} } }`)).body.errors).toBeUndefined();
  await refused(`{ me { ${pages('(limit: 500)')} } }`, /costs \d+, more than the 50000 allowed/);
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

/** `{ ...F0 }` with F0 spreading F1 twice, F1 spreading F2 twice ...: `n` fragments that expand to 2^(n-1) selections. */
function doublingFragments(n: number, leaf: string): string {
  const defs = Array.from({ length: n }, (_, i) =>
    i === n - 1 ? `fragment F${i} on Query { ${leaf} }` : `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`,
  );
  return `{ ...F0 }\n${defs.join('\n')}`;
}

test('fragments that double at every step are weighed without being expanded: 60 of them are refused at once, not walked 2^59 times', async () => {
  // Each fragment is weighed once (for the context it is spread in), so the limits see what the
  // expansion would cost without making it: 2^59 × (me + its id).
  const error = await refused(doublingFragments(60, 'me { id }'), /costs \d+/);
  expect(error.extensions.code).toBe('QUERY_TOO_COSTLY');
  expect(error.extensions.cost).toBe(2 ** 59 * 2);
  // A few doublings are an ordinary query: the same field merged, answered once.
  const small = await gql(server, owner, doublingFragments(4, 'me { id }'));
  expect(small.body).toEqual({ data: { me: { id: owner.id } } });
}, 20_000);

test('a fragment chain deeper than 10 levels through its fields is refused as deep, each fragment measured once', async () => {
  const defs = Array.from({ length: 40 }, (_, i) =>
    i === 39 ? `fragment P${i} on Place { id }` : `fragment P${i} on Place { ...P${i + 1} visits { place { ...P${i + 1} } } }`,
  );
  const error = await refused(`{ me { places { ...P0 } } }\n${defs.join('\n')}`, /levels deep; at most 10/);
  expect(error.extensions.code).toBe('QUERY_TOO_DEEP');
}, 20_000);

test('a query text of more than 2,000 tokens', async () => {
  const fields = Array.from({ length: 2100 }, () => 'id').join(' ');
  const error = await refused(`{ me { ${fields} } }`, /more th\w+ 2000 tokens/);
  expect(error.extensions.code).toBe('QUERY_TOO_LARGE');
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
