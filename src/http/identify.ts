import type { Request, RequestHandler } from 'express';
import type { Actor } from '../core/actor.ts';
import { Unauthenticated } from '../core/errors.ts';
import { authenticate } from '../auth/authenticate.ts';
import { isAccessToken } from '../auth/access-tokens.service.ts';
import { markInvalidToken } from './errors.ts';
import { publicUrls } from './public-url.ts';

// Who is calling, for every transport: REST's routes, /graphql and /mcp all start here, so a token
// means the same wherever it is shown.

/** The token of the Authorization header: Bearer, or where a route allows it a personal access token as Basic's password. */
function bearerToken(req: Request, basic: boolean): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  if (basic && scheme?.toLowerCase() === 'basic' && token) {
    const decoded = Buffer.from(token, 'base64').toString('utf8');
    const password = decoded.slice(decoded.indexOf(':') + 1);
    // A personal access token only: a session's token or an account password is never taken this way.
    if (decoded.includes(':') && isAccessToken(password)) return password;
    throw new Unauthenticated('The Basic password must be a personal access token (ptk_…)');
  }
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new Unauthenticated('Authorization header must be "Bearer <token>"');
  return token;
}

/**
 * Who is calling (a 401 without a valid bearer token); also the gate of /graphql and /mcp. OAuth
 * tokens must be this server's and for the resource called: the API, or /mcp (RFC 8707), never
 * another server's.
 */
export async function identify(req: Request, resource: 'api' | 'mcp' = 'api', opts: { basic?: boolean } = {}): Promise<Actor> {
  const token = bearerToken(req, opts.basic === true);
  if (!token) throw new Unauthenticated();
  const urls = publicUrls(req);
  try {
    return await authenticate(token, { issuer: urls.issuer, audience: urls.resources[resource] });
  } catch (err) {
    if (err instanceof Unauthenticated) markInvalidToken(err);
    throw err;
  }
}

/** The caller on the request, before anything else is read (/graphql's gate). */
export const requireActor: RequestHandler = async (req: Request & { actor?: Actor }, _res, next) => {
  req.actor = await identify(req);
  next();
};
