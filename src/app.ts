import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { safeError } from './logger.ts';
import { RequestContext } from '@mikro-orm/core';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { errorHandler, sendError } from './http/errors.ts';
import { createMetrics } from './http/metrics.ts';
import { trackForeground } from './http/foreground.ts';
import { serverTiming } from './http/server-timing.ts';
import { buildOpenApi } from './rest/openapi.ts';
import { requireActor } from './http/identify.ts';
import { mountRoutes } from './rest/router.ts';
import type { Route } from './rest/route.ts';
import { INGEST_BODY_LIMIT, inputSteps } from './http/body.ts';
import type { GraphqlGateway } from './graphql/server.ts';
import type { JobRuntime } from './jobs/boss.ts';
import { allRoutes } from './rest/routes/index.ts';
import { mcpRouter } from './mcp/server.ts';
import { OAUTH_OPENAPI } from './auth/oauth/http/openapi.ts';
import { oauthRouter } from './auth/oauth/http/router.ts';
import { setPublicUrl } from './http/public-url.ts';
import { explorerRouter } from './http/explorer.ts';
import { sharePagesRouter } from './http/share-pages.ts';
import { SHARE_PAGES_OPENAPI } from './http/share-pages.openapi.ts';
import { reminderLinksRouter } from './http/reminder-links.ts';
import { REMINDER_LINKS_OPENAPI } from './http/reminder-links.openapi.ts';
import { spoolDirOf } from './imports/settings.ts';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The document /openapi.json serves: the route table's, the OAuth endpoints' and a share link's pages'. The routes do not
 * depend on the configuration (ALLOW_REGISTRATION changes an answer, not the table), so
 * `npm run lint:openapi` builds the same document without a server.
 */
export function openApiDocument(routes = allRoutes({ allowRegistration: false })): ReturnType<typeof buildOpenApi> {
  return buildOpenApi(routes, {
    paths: { ...OAUTH_OPENAPI.paths, ...SHARE_PAGES_OPENAPI.paths, ...REMINDER_LINKS_OPENAPI.paths },
    requestSchemas: [...OAUTH_OPENAPI.requestSchemas, ...SHARE_PAGES_OPENAPI.requestSchemas, ...REMINDER_LINKS_OPENAPI.requestSchemas],
    tags: { ...OAUTH_OPENAPI.tags, ...SHARE_PAGES_OPENAPI.tags },
  });
}

function docsRouter(): express.Router {
  const swaggerDir = createRequire(import.meta.url)
    .resolve('swagger-ui-dist/package.json')
    .replace(/package\.json$/, '');
  const router = express.Router();
  router.get('/docs/swagger-initializer.js', (_req, res) => {
    res
      .type('application/javascript')
      .send(`window.onload = () => { window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true }); };`);
  });
  router.get('/docs', (req, res, next) => (req.path.endsWith('/') ? next() : res.redirect(301, '/docs/')));
  router.use('/docs', express.static(swaggerDir, { index: 'index.html' }));
  return router;
}

/** The REST API: its route table and the router serving it. */
export type RestApi = { routes: Route[]; router: Router };

/**
 * Needs no database, so server.ts builds it while the database opens (an embedded one boots on its
 * own thread meanwhile): express compiling a router for each of the ~300 routes is ~0.1 s of a start.
 */
export function restApi(config: Config): RestApi {
  const routes = allRoutes({
    allowRegistration: config.allowRegistration,
    importMaxBytes: config.importMaxBytes,
    importSpoolDir: spoolDirOf(config),
  });
  return { routes, router: mountRoutes(routes) };
}

export function buildApp(deps: {
  config: Config;
  db: Database;
  jobs?: JobRuntime;
  logger: Logger;
  graphql: GraphqlGateway;
  rest: RestApi;
}): Express {
  const { config, db, jobs, logger, graphql, rest } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('json spaces', 0);
  setPublicUrl(app, config.publicUrl);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // One short line per request: no headers, so no tokens or cookies in the log; a share link's or reminder link's token is its path.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.replace(/^\/([sr])\/[^/?#]+/, '/$1/[redacted]'),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: safeError,
      },
      // Whose request it was (set once the token is known): never the token itself.
      customProps: (req) => ({ userId: (req as { actor?: { userId: string } }).actor?.userId }),
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
  // Self-hosters often serve plain http on a LAN address: upgrading subresources to https would break /docs.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  const metrics = createMetrics({ token: config.metricsToken, db, jobs });
  app.use(metrics.observe);
  app.use(trackForeground);
  app.use(serverTiming);
  app.get('/metrics', metrics.expose);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await Promise.race([db.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
      res.json({ status: 'ok', database: 'reachable' });
    } catch {
      sendError(res, 503, 'Database unavailable');
    }
  });

  // Built on its first request (the route table's schemas as JSON Schema: ~0.1 s of a start).
  let openapi: ReturnType<typeof openApiDocument> | undefined;
  app.get('/openapi.json', (_req, res) => {
    res.json((openapi ??= openApiDocument(rest.routes)));
  });
  app.use(docsRouter());

  // Bodies are parsed per route, after authentication (src/rest/router.ts).
  app.use((_req, _res, next) => RequestContext.create(db.orm.em, next));
  // OAuth for agents: discovery documents, the sign-in page, token endpoints (not JSON API routes).
  app.use(oauthRouter());
  // Share links: a visitor's report, CSV and FHIR by token (not JSON API routes either).
  app.use(sharePagesRouter());
  // A reminder's Done and Snooze links, by signed token.
  app.use(reminderLinksRouter());
  app.use(rest.router);
  // GraphQL: the same authentication first, then the body (src/http/body.ts), then Apollo.
  // Apollo's express integration insists on req.body, which a GET (query in the URL) has none of.
  const emptyBody: RequestHandler = (req, _res, next) => ((req.body ??= {}), next());
  // ingestReadings takes as many readings as the REST ingest route, so the same body limit; the token limit bounds the query text.
  app.post('/graphql', requireActor, ...inputSteps(true, INGEST_BODY_LIMIT), emptyBody, graphql.handler);
  // A browser opening /graphql gets the GraphiQL explorer (no token needed for the page); API clients go on.
  app.use(explorerRouter());
  app.get('/graphql', requireActor, ...inputSteps(false), emptyBody, graphql.handler);
  // MCP for agents: the same authentication and read use cases, inside the same RequestContext.
  app.use(mcpRouter());

  app.use((req, res) => sendError(res, 404, `No route for ${req.method} ${req.path}`));
  app.use(errorHandler);
  return app;
}
