import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { areaResolvers } from './resolvers/index.ts';
import { scalarResolvers } from './scalars.ts';

const SCHEMA_DIR = join(import.meta.dirname, '../../schema');

let built: ReturnType<typeof makeExecutableSchema> | undefined;

/**
 * schema/*.graphql (one file per area) with the resolvers of each area, built once per process:
 * POST /graphql and the subscriptions share it (it holds no state of a request or a server).
 */
export function buildSchema() {
  return (built ??= makeSchema());
}

function makeSchema() {
  const typeDefs = readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(join(SCHEMA_DIR, f), 'utf8'));
  return makeExecutableSchema({
    typeDefs,
    resolvers: [scalarResolvers, ...areaResolvers],
  });
}
