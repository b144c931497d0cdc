import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express, Request } from 'express';
import {
  GraphQLError,
  OperationTypeNode,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { authenticate, type OAuthAudience } from '../auth/authenticate.ts';
import type { Config } from '../config.ts';
import type { Actor } from '../core/actor.ts';
import { describeError } from '../core/errors.ts';
import { withContext } from '../db/context.ts';
import type { Database } from '../db/database.ts';
import { publicUrls } from '../http/public-url.ts';
import { startHub } from '../outbound/hub.ts';
import { costError, MAX_TOKENS, operationCost } from './cost.ts';
import { formatError } from './errors.ts';
import { aliasLimit, depthLimit } from './limits.ts';
import { createLoaders } from './loaders.ts';
import type { SubscriptionContext } from './resolvers/subscriptions.ts';
import { buildSchema } from './schema.ts';

/** Open WebSocket connections per user and process: each may carry several subscriptions (the hub limits those). */
const MAX_CONNECTIONS_PER_USER = 10;
/** The largest message a client may send: a subscription document and its variables, never an upload. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * Sockets from one address that have not authenticated yet (upgraded, connection_init not accepted):
 * one more is refused at the upgrade with 429. Each lives at most connectionInitWaitMs (or until its
 * token is checked), so this bounds what a single address can hold open without credentials.
 */
const MAX_UNAUTHENTICATED_PER_ADDRESS = 20;

const settings = {
  /** How often each connection's token is authenticated again: a revoked token's connection ends within this. */
  reauthenticateMs: 5000,
  /** How long a socket may go without connection_init before it is closed (4408): graphql-ws's default. */
  connectionInitWaitMs: 3000,
};

/**
 * Tests shorten the reauthentication interval (revocation is checked within it) and lengthen the
 * wait for connection_init (sockets held unauthenticated on purpose); read when startSubscriptions runs.
 */
export function configureSubscriptions(options: Partial<typeof settings>): void {
  Object.assign(settings, options);
}

/**
 * A browser's upgrade from a page of another site is refused: the page's origin must be this
 * server's own, PUBLIC_URL's origin when set, else the host the request names (Host, as for every
 * URL this server builds), whose scheme a proxy in front may hide. Clients that send no Origin
 * (apps, scripts: not browsers) are let through; they authenticate like any other.
 */
function allowedOrigin(req: Request, origin: string | undefined, publicUrl: string | undefined): boolean {
  if (origin === undefined) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl) return page.origin === new URL(publicUrl).origin;
  return page.host === new URL(publicUrls(req).base).host;
}

/** An upgrade answered with an HTTP error instead of a WebSocket. */
function refuseUpgrade(socket: Duplex, status: 403 | 429, headers: Record<string, string> = {}): void {
  const reason = status === 403 ? 'Forbidden' : 'Too Many Requests';
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    'Connection: close',
    'Content-Length: 0',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n`);
}

type ConnectionParams = { authorization?: unknown; token?: unknown };

/** One authenticated connection: its token is checked again every reauthenticateMs. */
type Connection = { socket: WebSocket; token: string; oauth: OAuthAudience; actor: Actor; ip: string };

type Extra = { connection?: Connection };

export type Subscriptions = { stop(): Promise<void> };

/** "Bearer <token>" in connectionParams.authorization, or the bare token in connectionParams.token. */
function tokenOf(params: ConnectionParams | undefined): string | undefined {
  if (typeof params?.authorization === 'string') {
    const [scheme, token, extra] = params.authorization.split(' ');
    return scheme?.toLowerCase() === 'bearer' && token && extra === undefined ? token : undefined;
  }
  return typeof params?.token === 'string' && params.token ? params.token : undefined;
}

/** Refused credentials (401, 403) close with 4403; anything else (the database away) is not the client's fault. */
const refusesCredentials = (err: unknown) => [401, 403].includes(describeError(err).status);

/** A GraphQL error with the code it is reported under (kept when it has its own, like QUERY_TOO_DEEP). */
function coded(error: GraphQLError, code: string): GraphQLError {
  if (typeof error.extensions.code === 'string') return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}

/**
 * GraphQL subscriptions over WebSocket at /graphql (graphql-ws, subprotocol graphql-transport-ws),
 * on the same schema, services and limits as POST /graphql, fed by the process's hub
 * (src/outbound/hub.ts).
 *
 * - The client authenticates in connection_init: `connectionParams.authorization` is
 *   "Bearer <token>" (or `connectionParams.token` the token), any credential REST accepts, OAuth
 *   tokens for this server's API (the audience is built from the upgrade request as for HTTP).
 *   No token or a refused one closes the socket with 4403 Forbidden. Every connection's token is
 *   authenticated again every few seconds: a revoked token (sign-out, a deleted PAT or grant)
 *   closes its connection with 4403.
 * - Only subscriptions: a query or mutation is answered with an error (BAD_REQUEST); they have one
 *   path, POST /graphql, with its body checks and answers.
 * - Each operation passes the same limits as over HTTP before it runs: tokens (QUERY_TOO_LARGE),
 *   depth, aliases, cost (the subscription's selection, per event).
 * - At most MAX_CONNECTIONS_PER_USER connections per user and process (one more is closed with
 *   1013 Try Again Later) and 10 subscriptions (the hub's TOO_MANY_SUBSCRIPTIONS).
 * - The upgrade: a browser page of another origin is refused (403, allowedOrigin), and at most
 *   MAX_UNAUTHENTICATED_PER_ADDRESS sockets per address may wait unauthenticated (one more: 429).
 */
export function startSubscriptions(opts: { http: Server; app: Express; logger: Logger; config: Config; db: Database }): Subscriptions {
  const { http, app, config, db } = opts;
  const log = opts.logger.child({ component: 'subscriptions' });
  const reauthenticateMs = settings.reauthenticateMs;
  const schema = buildSchema();
  const rules = [...specifiedRules, depthLimit({ introspection: config.graphqlIntrospection }), aliasLimit()];
  const format = formatError(log);
  const hub = startHub({ db, logger: opts.logger, pollMs: config.outboundPollMs, listen: config.databaseUrl !== undefined });
  const connections = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let stopped = false;
  /** Sockets not authenticated yet, by address (capped), and how each one gives its place back. */
  const unauthenticated = new Map<string, number>();
  const release = new WeakMap<WebSocket, () => void>();
  const authenticated = (ws: WebSocket) => release.get(ws)?.();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (stopped || path !== '/graphql') {
      socket.destroy();
      return;
    }
    // What express does to each request it handles: PUBLIC_URL, Host and (under TRUST_PROXY)
    // X-Forwarded-Proto are then read from it as for HTTP (publicUrls), and req.ip too.
    Object.setPrototypeOf(req, app.request);
    const request = req as unknown as Request;
    if (!allowedOrigin(request, req.headers.origin, config.publicUrl)) {
      refuseUpgrade(socket, 403);
      return;
    }
    const ip = request.ip ?? 'unknown';
    const waiting = unauthenticated.get(ip) ?? 0;
    if (waiting >= MAX_UNAUTHENTICATED_PER_ADDRESS) {
      refuseUpgrade(socket, 429, { 'Retry-After': String(Math.ceil(settings.connectionInitWaitMs / 1000)) });
      return;
    }
    unauthenticated.set(ip, waiting + 1);
    let released = false;
    const giveBack = () => {
      if (released) return;
      released = true;
      const left = (unauthenticated.get(ip) ?? 1) - 1;
      if (left > 0) unauthenticated.set(ip, left);
      else unauthenticated.delete(ip);
    };
    // However it ends before authenticating (refused, timed out, gone, a failed upgrade), the place is free again.
    socket.once('close', giveBack);
    wss.handleUpgrade(req, socket, head, (ws) => {
      release.set(ws, giveBack);
      wss.emit('connection', ws, req);
    });
  };
  http.on('upgrade', onUpgrade);

  const forget = (c: Connection) => {
    connections.delete(c);
    const mine = byUser.get(c.actor.userId);
    mine?.delete(c);
    if (mine?.size === 0) byUser.delete(c.actor.userId);
  };

  const server = useServer<ConnectionParams, Extra>(
    {
      // Internal errors never go to the client in a close reason, whatever NODE_ENV says.
      isProd: true,
      connectionInitWaitTimeout: settings.connectionInitWaitMs,
      onConnect: async (ctx) => {
        const { socket } = ctx.extra;
        const token = tokenOf(ctx.connectionParams);
        if (!token) return false;
        const req = ctx.extra.request as unknown as Request;
        const urls = publicUrls(req);
        const oauth = { issuer: urls.issuer, audience: urls.resources.api };
        let actor: Actor;
        try {
          actor = await withContext(() => authenticate(token, oauth), db.orm);
        } catch (err) {
          if (refusesCredentials(err)) return false;
          log.error({ err }, 'authenticating a WebSocket connection failed');
          socket.close(1011, 'Internal server error');
          return false; // the socket is closing already: graphql-ws's own 4403 is not sent
        }
        if (socket.readyState !== socket.OPEN) return false; // gone while its token was checked
        const mine = byUser.get(actor.userId) ?? new Set<Connection>();
        if (mine.size >= MAX_CONNECTIONS_PER_USER) {
          socket.close(1013, `At most ${MAX_CONNECTIONS_PER_USER} connections per user`);
          return false;
        }
        authenticated(socket);
        const connection: Connection = { socket, token, oauth, actor, ip: req.ip ?? 'unknown' };
        mine.add(connection);
        byUser.set(actor.userId, mine);
        connections.add(connection);
        ctx.extra.connection = connection;
        return true;
      },
      onClose: (ctx) => {
        if (ctx.extra.connection) forget(ctx.extra.connection);
      },
      onSubscribe: (ctx, _id, payload) => {
        const connection = ctx.extra.connection!;
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: MAX_TOKENS });
        } catch (err) {
          return [coded(err instanceof GraphQLError ? err : new GraphQLError(String(err)), 'GRAPHQL_PARSE_FAILED')];
        }
        const invalid = validate(schema, document, rules);
        if (invalid.length > 0) return invalid.map((e) => coded(e, 'GRAPHQL_VALIDATION_FAILED'));
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) {
          return [new GraphQLError('Name the operation to run (operationName)', { extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })];
        }
        if (operation.operation !== OperationTypeNode.SUBSCRIPTION) {
          return [
            new GraphQLError('Only subscriptions are served over WebSocket: send queries and mutations to POST /graphql', {
              extensions: { code: 'BAD_REQUEST' },
            }),
          ];
        }
        const tooCostly = costError(operationCost(schema, document, operation, payload.variables ?? {}));
        if (tooCostly) return [tooCostly];
        const contextValue: SubscriptionContext = {
          actor: connection.actor,
          loaders: createLoaders(connection.actor),
          client: { ip: connection.ip },
          feed: hub,
        };
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
      },
      // The same error table as POST /graphql (codes, validation detail, internal errors masked and logged).
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => formatted(e)),
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((e) => formatted(e)) } : undefined,
    },
    wss,
  );

  function formatted(error: GraphQLError): GraphQLFormattedError {
    const out = format(error.toJSON(), error);
    if (!out.extensions || !('http' in out.extensions)) return out;
    const { http: _status, ...extensions } = out.extensions;
    return { ...out, extensions };
  }

  /** Authenticates every connection's token again; one no longer accepted closes its connection. */
  async function reauthenticate(): Promise<void> {
    for (const c of [...connections]) {
      if (stopped) return;
      try {
        const actor = await withContext(() => authenticate(c.token, c.oauth), db.orm);
        if (actor.userId === c.actor.userId) c.actor = actor;
        else c.socket.close(4403, 'Forbidden');
      } catch (err) {
        if (refusesCredentials(err)) c.socket.close(4403, 'Forbidden');
        else log.warn({ err }, 'could not authenticate a connection again; trying at the next round');
      }
    }
  }
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      sweeping = reauthenticate().finally(() => {
        sweeping = undefined;
        if (!stopped) schedule();
      });
    }, reauthenticateMs);
  };
  schedule();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      http.off('upgrade', onUpgrade);
      // Every client is told 1001 Going away (their subscriptions end before the hub stops); one
      // that does not answer the close within a second is cut, so the HTTP server can close.
      const grace = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, 1000);
      await server.dispose();
      clearTimeout(grace);
      await sweeping;
      await hub.stop();
    },
  };
}
