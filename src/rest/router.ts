import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Actor } from '../core/actor.ts';
import { Forbidden, Invalid, Unauthenticated } from '../core/errors.ts';
import { parse } from '../core/validation.ts';
import { authenticate } from '../auth/authenticate.ts';
import { prefixIssues, type InputSource } from './errors.ts';
import type { Route } from './route.ts';

export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new Unauthenticated('Authorization header must be "Bearer <token>"');
  return token;
}

/** Authentication and the permission a route declares, checked before any input is looked at. */
async function admit(route: Route, req: Request): Promise<Actor | undefined> {
  if (route.access === 'public') return undefined;
  const token = bearerToken(req);
  if (!token) throw new Unauthenticated();
  const actor = await authenticate(token);
  const pathUser = req.params.user_id;
  if (pathUser !== undefined && pathUser !== actor.userId) throw new Forbidden('This token may not access another user');
  if (route.access === 'write' && actor.scope !== 'write') throw new Forbidden('This token is read-only');
  if (route.access === 'account' && actor.via !== 'session') {
    throw new Forbidden('Sign in with email and password to manage account credentials');
  }
  return actor;
}

function run(route: Route) {
  const source: InputSource = route.body ? 'body' : 'query';
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const actor = await admit(route, req);
      const params = { ...req.params } as Record<string, string>;
      if (route.params) {
        try {
          Object.assign(params, parse(route.params, params));
        } catch (err) {
          throw err instanceof Invalid ? prefixIssues(err, 'path') : err;
        }
      }
      const reply = await route
        .handler({ actor: actor!, params, query: { ...req.query }, body: req.body ?? {}, ip: req.ip ?? 'unknown' })
        .catch((err) => {
          throw err instanceof Invalid ? prefixIssues(err, source) : err;
        });
      res.status(reply.status).set(reply.headers ?? {});
      if (reply.body === undefined) res.end();
      else res.json(reply.body);
    } catch (err) {
      next(err);
    }
  };
}

export function mountRoutes(routes: Route[]): Router {
  const router = Router();
  for (const route of routes) router[route.method](expressPath(route.path), run(route));
  return router;
}
