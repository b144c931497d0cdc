import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { Request, RequestHandler } from 'express';
import { getOperationAST, OperationTypeNode, parse } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { hasReplicas, minVersion, readOnReplica, recordWrite } from '../db/replicas.ts';
import type { Logger } from 'pino';
import type { Actor } from '../core/actor.ts';
import type { GraphQLContext } from './context.ts';
import { formatError } from './errors.ts';
import { costLimit, MAX_TOKENS } from './cost.ts';
import { aliasLimit, depthLimit } from './limits.ts';
import { createLoaders } from './loaders.ts';
import { buildSchema } from './schema.ts';

export type GraphqlGateway = { handler: RequestHandler; stop(): Promise<void> };

/** Whether a request's operation is a query (parsed here only to choose the server; Apollo parses it again, as it would anyway). */
function isQuery(req: Request): boolean {
  const body = (req.body ?? {}) as { query?: unknown; operationName?: unknown };
  const text = typeof body.query === 'string' ? body.query : typeof req.query.query === 'string' ? req.query.query : undefined;
  if (!text) return false;
  try {
    const name = typeof body.operationName === 'string' ? body.operationName : undefined;
    return getOperationAST(parse(text, { maxTokens: MAX_TOKENS }), name)?.operation === OperationTypeNode.QUERY;
  } catch {
    return false; // Apollo answers the syntax error
  }
}

/** After a mutation, before its answer: where the caller's write ended on the primary, for the replicas' read-your-writes. */
function writesRecorded(): ApolloServerPlugin<GraphQLContext> {
  return {
    requestDidStart: async () => ({
      willSendResponse: async ({ operation, contextValue }) => {
        if (operation?.operation === OperationTypeNode.MUTATION) await recordWrite(contextValue.actor.userId);
      },
    }),
  };
}

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
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), costLimit(), writesRecorded()],
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
    // A query may be answered by a read replica holding the caller's writes (src/db/replicas.ts); a mutation records where it ended.
    const actor = (req as { actor?: Actor }).actor;
    if (actor && hasReplicas() && isQuery(req)) return readOnReplica(actor.userId, minVersion(req), async () => apollo(req, res, next));
    return apollo(req, res, next);
  };
  return { handler, stop: () => server.stop() };
}
