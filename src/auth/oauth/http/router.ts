import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { RateLimited } from '../../../core/errors.ts';
import { OAuthError, type OAuthErrorCode } from '../oauth.errors.ts';
import { registerClient } from '../clients.service.ts';
import { exchangeToken, revokeToken } from '../tokens.service.ts';
import * as S from '../oauth.schemas.ts';
import { formUnreadable, getAuthorize, pageRoute, postAuthorize } from './consent.ts';
import { body, form, noStore, paths } from './shared.ts';
import { presentClient, presentTokens } from './present.ts';
import { publicUrls, type PublicUrls } from '../../../http/public-url.ts';

/**
 * The OAuth 2.1 authorization server's HTTP side and the discovery documents. These are not JSON
 * API routes (HTML page, form bodies, RFC 6749 error JSON rather than `{detail}`), so they are
 * mounted here rather than in the route table; OAUTH_OPENAPI (openapi.ts) documents them in
 * /openapi.json. The consent page's handlers are in consent.ts; the JSON endpoints are here.
 */

function authorizationServerMetadata(urls: PublicUrls): z.infer<typeof S.AuthorizationServerMetadata> {
  return {
    issuer: urls.issuer,
    authorization_endpoint: `${urls.base}${paths.authorize}`,
    token_endpoint: `${urls.base}${paths.token}`,
    registration_endpoint: `${urls.base}${paths.register}`,
    revocation_endpoint: `${urls.base}${paths.revoke}`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [S.SCOPE],
    authorization_response_iss_parameter_supported: true,
  };
}

function protectedResourceMetadata(urls: PublicUrls, resource: 'api' | 'mcp'): z.infer<typeof S.ProtectedResourceMetadata> {
  return {
    resource: urls.resources[resource],
    authorization_servers: [urls.issuer],
    scopes_supported: [S.SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: resource === 'mcp' ? 'Lifetrack MCP server' : 'Lifetrack API',
  };
}

/** Discovery, registration, token and revocation are called by agents, some from a browser: any origin may (no cookies here). */
const cors: RequestHandler = (req, res, next) => {
  res.set('Access-Control-Allow-Origin', '*');
  if (req.method === 'OPTIONS') {
    res.set({
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, Authorization, MCP-Protocol-Version',
      'Access-Control-Max-Age': '600',
    });
    res.status(204).end();
    return;
  }
  next();
};

function sendOAuthError(res: Response, err: OAuthError) {
  noStore(res).status(err.status).json(err.body());
}

function sendRateLimited(res: Response, err: RateLimited) {
  noStore(res)
    .status(429)
    .set('Retry-After', String(err.retryAfterSeconds))
    .json({ error: 'invalid_request', error_description: err.message });
}

/** OAuth endpoints answer OAuth errors; the rest (a database outage) goes to the app's handler. */
function oauthJson(handler: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return async (req, res, next) => {
    try {
      await handler(req, res);
    } catch (err) {
      if (err instanceof OAuthError) return sendOAuthError(res, err);
      if (err instanceof RateLimited) return sendRateLimited(res, err);
      next(err);
    }
  };
}

/** A form or JSON body the parser could not read is the client's fault, answered in OAuth's shape. */
function badBody(error: OAuthErrorCode) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (typeof e?.type === 'string' && e.status && e.status < 500) {
      return sendOAuthError(res, new OAuthError(error, e.status === 413 ? 'Request body is too large' : 'Malformed request body'));
    }
    next(err);
  };
}

// ---------------------------------------------------------------------------------------------

export function oauthRouter(): Router {
  const router = Router();
  router.use(
    [
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
      '/oauth/token',
      '/oauth/register',
      '/oauth/revoke',
    ],
    cors,
  );

  router.get('/.well-known/oauth-authorization-server', (req, res) => {
    res.json(authorizationServerMetadata(publicUrls(req)));
  });
  router.get('/.well-known/oauth-protected-resource', (req, res) => {
    res.json(protectedResourceMetadata(publicUrls(req), 'api'));
  });
  router.get('/.well-known/oauth-protected-resource/mcp', (req, res) => {
    res.json(protectedResourceMetadata(publicUrls(req), 'mcp'));
  });

  router.post(
    paths.register,
    express.json({ limit: '16kb', strict: true }),
    oauthJson(async (req, res) => {
      const client = await registerClient(body(req), { ip: req.ip ?? 'unknown' });
      noStore(res).status(201).json(presentClient(client));
    }),
    badBody('invalid_client_metadata'),
  );

  router.get(paths.authorize, pageRoute(getAuthorize));
  router.post(paths.authorize, ...form, pageRoute(postAuthorize), formUnreadable);

  router.post(
    paths.token,
    ...form,
    oauthJson(async (req, res) => {
      const tokens = await exchangeToken(publicUrls(req), body(req), { ip: req.ip ?? 'unknown' });
      noStore(res).json(presentTokens(tokens));
    }),
    badBody('invalid_request'),
  );

  router.post(
    paths.revoke,
    ...form,
    oauthJson(async (req, res) => {
      await revokeToken(publicUrls(req), body(req));
      noStore(res).status(200).end();
    }),
    badBody('invalid_request'),
  );
  return router;
}
