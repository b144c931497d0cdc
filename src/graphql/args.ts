import { Invalid } from '../core/errors.ts';
import { asInput } from '../core/validation.ts';

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * GraphQL arguments in the services' input shape (categoryId → category_id), top level only:
 * JSON values (metadata, configs) keep their keys as the client wrote them. An argument the
 * client left out stays out and an explicit null stays null, so PATCH semantics carry over.
 */
export function serviceInput<T = Record<string, unknown>>(args: object | null | undefined): T {
  return asInput<T>(Object.fromEntries(Object.entries(args ?? {}).map(([k, v]) => [snake(k), v])));
}

/** A field's arguments as a service's query input: a null argument means "not given", as an absent query parameter. */
export function serviceArgs<T = Record<string, unknown>>(args: object | null | undefined): T {
  return serviceInput<T>(Object.fromEntries(Object.entries(args ?? {}).filter(([, v]) => v != null)));
}

/**
 * A mutation's service call with its input from the argument `argument`: a validation failure's
 * locs start with that argument's name, as the client wrote the query (["input", "categoryId"]).
 */
export async function withInput<T>(argument: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Invalid) throw new Invalid(err.issues.map((i) => ({ ...i, loc: [argument, ...i.loc] })));
    throw err;
  }
}
