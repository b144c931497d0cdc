import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { areaResolvers } from './resolvers/index.ts';
import { scalarResolvers } from './scalars.ts';

const SCHEMA_DIR = join(import.meta.dirname, '../../schema');

/** schema/*.graphql (one file per area) with the resolvers of each area. */
export function buildSchema() {
  const typeDefs = readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(join(SCHEMA_DIR, f), 'utf8'));
  return makeExecutableSchema({
    typeDefs,
    resolvers: [scalarResolvers, ...areaResolvers],
  });
}
