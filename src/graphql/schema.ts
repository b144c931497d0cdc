import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLScalarType } from 'graphql';
import { DateTimeResolver, JSONObjectResolver, LocalDateResolver, UUIDResolver } from 'graphql-scalars';
import { goalResolvers } from './resolvers/goals.ts';
import { insightResolvers } from './resolvers/insights.ts';
import { suggestionResolvers } from './resolvers/suggestions.ts';
import { userResolvers } from './resolvers/users.ts';

/** YYYY-MM-DD kept as a string both ways (graphql-scalars' Date would turn it into a JS Date at midnight UTC). */
const DateScalar = new GraphQLScalarType({ ...LocalDateResolver.toConfig(), name: 'Date' });

const SCHEMA_DIR = join(import.meta.dirname, '../../schema');

/** schema/*.graphql (one file per area) with the resolvers of each area. */
export function buildSchema() {
  const typeDefs = readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(join(SCHEMA_DIR, f), 'utf8'));
  return makeExecutableSchema({
    typeDefs,
    resolvers: [{ DateTime: DateTimeResolver, Date: DateScalar, UUID: UUIDResolver, JSONObject: JSONObjectResolver }, userResolvers, suggestionResolvers, goalResolvers, insightResolvers],
  });
}
