import { GraphQLScalarType, Kind } from 'graphql';
import { JSONObjectResolver, UUIDResolver } from 'graphql-scalars';

/**
 * Instants and dates go out as ISO 8601 strings and come in as the strings the client wrote:
 * the services validate them with the same rules (and the same loc/msg list) as REST, rather
 * than a scalar parser with rules of its own.
 */
function isoScalar(name: string, description: string) {
  const out = (value: unknown) => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string') return value;
    throw new TypeError(`${name} cannot represent ${typeof value}`);
  };
  const input = (value: unknown) => {
    if (typeof value !== 'string') throw new TypeError(`${name} must be a string, e.g. ${description}`);
    return value;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: out,
    parseValue: input,
    parseLiteral: (ast) => input(ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

export const scalarResolvers = {
  DateTime: isoScalar('DateTime', '2026-11-22T08:00:00Z'),
  Date: isoScalar('Date', '2026-11-22'),
  UUID: UUIDResolver,
  JSONObject: JSONObjectResolver,
};
