import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from 'pino';
import { DomainError, Invalid, VersionConflict, describeError } from '../core/errors.ts';

/** snake_case service locs in the GraphQL argument names clients wrote (category_id → categoryId). */
const camel = (s: string | number) => (typeof s === 'string' ? s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : s);

/** graphql-js's parser stops at maxTokens with a syntax error; it is a limit, not a typo. */
const TOO_MANY_TOKENS = /contains more th\w+ \d+ tokens/; // graphql-js writes "more that"

/**
 * A query refused by a limit keeps its own code (QUERY_TOO_DEEP, QUERY_TOO_MANY_ALIASES,
 * QUERY_TOO_LARGE; QUERY_TOO_COSTLY is set by the cost plugin): Apollo gives every validation
 * rule's error GRAPHQL_VALIDATION_FAILED, and a client should tell "shorten it" from "fix a typo".
 */
function withLimitCode(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const own =
    error instanceof GraphQLError && error.originalError instanceof GraphQLError ? error.originalError.extensions.code : undefined;
  const code = typeof own === 'string' ? own : TOO_MANY_TOKENS.test(formatted.message) ? 'QUERY_TOO_LARGE' : undefined;
  return code ? { ...formatted, extensions: { ...formatted.extensions, code } } : formatted;
}

/**
 * The one error table (core/errors.ts) as GraphQL `extensions.code`; a validation failure carries
 * the same loc/msg/type list as a REST 422 in `extensions.detail`. Anything else is masked and logged.
 */
export function formatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof DomainError) {
      const { code } = describeError(original);
      const detail = original instanceof Invalid ? original.issues.map((i) => ({ ...i, loc: i.loc.map(camel) })) : undefined;
      const version = original instanceof VersionConflict ? { currentVersion: original.currentVersion } : {};
      return { ...formatted, message: original.message, extensions: { code, ...(detail ? { detail } : {}), ...version } };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') return withLimitCode(formatted, error); // errors of the query itself
    logger.error({ err: original }, 'graphql resolver failed');
    return {
      message: 'Internal server error',
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}
