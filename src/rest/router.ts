import type { Writable } from 'node:stream';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Actor } from '../core/actor.ts';
import { Forbidden, Invalid } from '../core/errors.ts';
import { parse } from '../core/validation.ts';
import { inputSteps } from '../http/body.ts';
import { prefixIssues, type InputSource } from '../http/errors.ts';
import { identify } from '../http/identify.ts';
import { JsonText } from '../representation/json-text.ts';
import type { Route } from './route.ts';
import { conditionally, isConditionalWrite, withETag } from './versions.ts';
import { minVersion, readOnReplica, recordWrite } from '../db/replicas.ts';

const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

type Admitted = Request & { actor?: Actor };

/**
 * Authentication, before any body is read: who is calling, and is it the user the path names.
 * Whether that caller may do the operation (read, write, account) is the service's check, so
 * every transport gets the same answer; `route.access` documents it and the route-table test
 * proves the service enforces it.
 */
function admit(route: Route): RequestHandler {
  return async (req: Admitted, _res, next) => {
    if (route.access === 'public') return next();
    const actor = await identify(req, 'api', { basic: route.basicAuth });
    const pathUser = req.params.user_id;
    if (pathUser !== undefined && pathUser !== actor.userId) throw new Forbidden('This token may not access another user');
    req.actor = actor;
    next();
  };
}

function handle(route: Route): RequestHandler {
  const source: InputSource = route.body || route.consumes ? 'body' : 'query';
  return async (req: Admitted, res: Response, _next: NextFunction) => {
    const params = { ...req.params } as Record<string, string>;
    if (route.params) {
      try {
        Object.assign(params, parse(route.params, params));
      } catch (err) {
        throw err instanceof Invalid ? prefixIssues(err, 'path') : err;
      }
    }
    // A route with a body and a query (PATCH ...?refresh_event_id=): the service's issues are the body's, so the query is checked here.
    if (route.body && route.query) {
      try {
        parse(route.query, { ...req.query });
      } catch (err) {
        throw err instanceof Invalid ? prefixIssues(err, 'query') : err;
      }
    }
    const actor = req.actor!;
    const minimal = route.minimal !== undefined && prefersMinimal(req.get('prefer'));
    const run = () =>
      route
        .handler({
          actor,
          params,
          query: { ...req.query },
          body: req.body ?? {},
          ip: req.ip ?? 'unknown',
          path: req.originalUrl.split('?')[0],
          upload: req,
          contentType: req.get('content-type'),
          minimal,
        })
        .catch((err) => {
          throw err instanceof Invalid ? prefixIssues(err, source) : err;
        });
    // A versioned resource's answers carry its ETag, and its writes honour If-Match.
    const ref = route.version && { type: route.version.type, id: params[route.version.param] };
    const answer = async () =>
      ref
        ? withETag(actor, ref, await conditionally(actor, ref, isConditionalWrite(route.method) ? req.get('if-match') : undefined, run))
        : run();
    // A read may come from a replica that has the caller's own writes; a write marks where it ended (src/db/replicas.ts).
    const userId = req.actor?.userId;
    const reply = route.method === 'get' && userId ? await readOnReplica(userId, minVersion(req), answer) : await answer();
    if (route.method !== 'get' && userId) await recordWrite(userId);
    res.status(reply.status).set(reply.headers ?? {});
    if (minimal) res.set('Preference-Applied', 'return=minimal');
    // A document whose ETag the client already holds (If-None-Match), where the route answers 304: express's freshness check.
    if (reply.status === 200 && 304 in route.responses && req.fresh) return void res.status(304).end();
    if (reply.stream) return sendStream(req, res, reply.stream);
    if (reply.body === undefined) res.end();
    else if (reply.body instanceof JsonText) {
      // Sent as bytes with their length: res.send would also hash megabytes for an ETag no client of a write uses.
      const { bytes } = reply.body;
      res.type('json').set('Content-Length', String(bytes.length)).end(bytes);
    } else res.json(reply.body);
  };
}

/**
 * A file written as it is produced. A failure before the first byte is an ordinary error answer;
 * after it, the status is gone, so the connection is cut: the client sees a truncated download,
 * never a file that looks whole.
 */
async function sendStream(req: Request, res: Response, stream: (out: Writable) => Promise<void>): Promise<void> {
  try {
    await stream(res);
  } catch (err) {
    if (!res.headersSent) {
      // Nothing was sent: the error answer replaces the file's headers.
      for (const name of res.getHeaderNames()) if (name.startsWith('content-')) res.removeHeader(name);
      throw err;
    }
    req.log?.error({ err }, 'stream failed after its headers were sent');
    res.destroy();
  }
}

export function mountRoutes(routes: Route[]): Router {
  const router = Router();
  for (const route of routes) {
    const input = route.consumes ? inputSteps(false) : inputSteps(route.body !== undefined, route.bodyLimit);
    router[route.method](expressPath(route.path), admit(route), ...input, handle(route));
  }
  return router;
}

/** Whether a Prefer header (RFC 7240: preferences separated by commas, parameters by semicolons) asks for return=minimal. */
function prefersMinimal(prefer: string | undefined): boolean {
  return prefer !== undefined && prefer.split(',').some((p) => /^\s*return\s*=\s*"?minimal"?\s*(;|$)/i.test(p));
}
