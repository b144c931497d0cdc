import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { defaultFieldResolver, type GraphQLFieldResolver } from 'graphql';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Actor } from '../core/actor.ts';
import type { GraphQLContext } from './context.ts';
import { formatError } from './errors.ts';
import { aliasLimit, depthLimit } from './limits.ts';
import { createLoaders } from './loaders.ts';
import { buildSchema } from './schema.ts';

/**
 * The services present snake_case records (the REST shape); a GraphQL field `occurredAt` reads
 * `occurred_at` when the parent has no camelCase property of that name.
 */
const snakeCaseFields: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  if (source && typeof source === 'object' && !(info.fieldName in source)) {
    const snake = info.fieldName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    return (source as Record<string, unknown>)[snake];
  }
  return defaultFieldResolver(source, args, context, info);
};

export type GraphqlGateway = { handler: RequestHandler; stop(): Promise<void> };

/**
 * POST /graphql: Apollo Server 5 over the same services as REST. Batched (array) requests are
 * refused, CSRF prevention is on, and the depth and alias limits reject a query before any
 * database work. The caller is authenticated before this runs (src/app.ts).
 */
export async function startGraphql(opts: { logger: Logger; introspection: boolean }): Promise<GraphqlGateway> {
  const server = new ApolloServer<GraphQLContext>({
    schema: buildSchema(),
    fieldResolver: snakeCaseFields,
    introspection: opts.introspection,
    allowBatchedHttpRequests: false,
    csrfPrevention: true,
    validationRules: [depthLimit(), aliasLimit()],
    formatError: formatError(opts.logger),
    includeStacktraceInErrorResponses: false,
    plugins: [ApolloServerPluginLandingPageDisabled()],
  });
  await server.start();
  const handler = expressMiddleware(server, {
    context: async ({ req }) => {
      const actor = (req as { actor?: Actor }).actor!;
      return { actor, loaders: createLoaders(actor) };
    },
  });
  return { handler, stop: () => server.stop() };
}
