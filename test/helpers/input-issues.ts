import type { Response } from 'supertest';

const camel = (k: string | number) => (typeof k === 'string' ? k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : k);

/**
 * A REST 422's issues as a GraphQL mutation reports the same failure: under its argument
 * (`input`) rather than `body`, field names in camelCase, the same messages and types.
 */
export function asInputIssues(res: Response, argument = 'input') {
  expect(res.status).toBe(422);
  return (res.body.detail as { loc: (string | number)[] }[]).map((d) => ({ ...d, loc: [argument, ...d.loc.slice(1).map(camel)] }));
}
