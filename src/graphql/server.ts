import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Actor } from '../core/actor.ts';
import type { GraphQLContext } from './context.ts';
import { formatError } from './errors.ts';
import { costLimit, MAX_TOKENS } from './cost.ts';
import { aliasLimit, depthLimit } from './limits.ts';
import { createLoaders } from './loaders.ts';
import { buildSchema } from './schema.ts';

export type GraphqlGateway = { handler: RequestHandler; stop(): Promise<void> };

/**
 * POST /graphql: Apollo Server 5 over the same services as REST. Batched (array) requests are
 * refused, CSRF prevention is on, and the token, depth, alias and cost limits reject a query
 * before any database work. The caller is authenticated before this runs (src/app.ts).
 */
export async function startGraphql(opts: { logger: Logger; introspection: boolean }): Promise<GraphqlGateway> {
  const server = new ApolloServer<GraphQLContext>({
    schema: buildSchema(),
    introspection: opts.introspection,
    allowBatchedHttpRequests: false,
    csrfPrevention: true,
    validationRules: [depthLimit({ introspection: opts.introspection }), aliasLimit()],
    parseOptions: { maxTokens: MAX_TOKENS },
    formatError: formatError(opts.logger),
    includeStacktraceInErrorResponses: false,
    // No cache hints here: every answer is one user's data, marked no-store below. Apollo's cache
    // control plugin wrapped every field's resolver to compute a policy that was always "no-store"
    // (~3 % of the dashboard's CPU).
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), costLimit()],
    // The process stops the HTTP server, Apollo, the workers and the database in order on SIGTERM
    // (src/process.ts). Apollo's own handlers (on unless NODE_ENV=test) stopped Apollo and then
    // re-raised the signal, killing the process (exit 143) before in-flight requests finished.
    stopOnTerminationSignals: false,
  });
  await server.start();
  const apollo = expressMiddleware(server, {
    context: async ({ req }) => {
      const actor = (req as { actor?: Actor }).actor!;
      return { actor, loaders: createLoaders(actor), client: { ip: req.ip ?? 'unknown' } };
    },
  });
  const handler: RequestHandler = (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    return apollo(req, res, next);
  };
  return { handler, stop: () => server.stop() };
}
