import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { RateLimited } from '../core/errors.ts';
import { CARRIED, CONSENT_STYLE_HASH, renderConsentPage, renderErrorPage } from '../auth/oauth/consent-page.ts';
import { AuthorizeError, OAuthError, type OAuthErrorCode } from '../auth/oauth/oauth.errors.ts';
import {
  checkAuthorization, decideAuthorization, describeResource, exchangeToken, redirectBack, registerClient, revokeToken,
  type Authorization, type Decision,
} from '../auth/oauth/oauth.service.ts';
import * as S from '../auth/oauth/oauth.schemas.ts';
import { publicUrls, type PublicUrls } from './public-url.ts';

/**
 * The OAuth 2.1 authorization server's HTTP side and the discovery documents. These are not JSON
 * API routes (HTML page, form bodies, RFC 6749 error JSON rather than `{detail}`), so they are
 * mounted here rather than in the route table; OAUTH_OPENAPI documents them in /openapi.json.
 */
const FORM_LIMIT = '32kb';

const paths = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
};

export function authorizationServerMetadata(urls: PublicUrls): z.infer<typeof S.AuthorizationServerMetadata> {
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

export function protectedResourceMetadata(urls: PublicUrls, resource: 'api' | 'mcp'): z.infer<typeof S.ProtectedResourceMetadata> {
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

const noStore = (res: Response) => res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });

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

const form = [express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 50 })];
const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' ? req.body : {});

// ---------------------------------------------------------------------------------------------
// The page

/**
 * The page's headers: never cached or framed, no script, its one stylesheet, and a form that may
 * post here and follow the redirect to the application (Chromium applies form-action to it).
 */
function pageHeaders(res: Response, formTarget?: string) {
  noStore(res).set({
    'Content-Security-Policy': [
      `default-src 'none'`,
      `style-src ${CONSENT_STYLE_HASH}`,
      `img-src 'none'`,
      `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`,
      `frame-ancestors 'none'`,
      `base-uri 'none'`,
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Content-Type': 'text/html; charset=utf-8',
  });
}

function showError(res: Response, status: number, message: string) {
  pageHeaders(res);
  res.status(status).send(renderErrorPage(message));
}

type PageState = { email: string; password: string; showTotp: boolean; error?: string; notice?: string };

function showPage(res: Response, urls: PublicUrls, request: Authorization, raw: Record<string, unknown>, status: number, state: PageState) {
  const redirectOrigin = new URL(request.redirectUri).origin;
  pageHeaders(res, redirectOrigin);
  const carried = Object.fromEntries(CARRIED.map((k) => [k, typeof raw[k] === 'string' ? raw[k] : ''])) as Record<(typeof CARRIED)[number], string>;
  res.status(status).send(
    renderConsentPage({
      clientName: request.client.clientName,
      redirectOrigin,
      resourceDescription: describeResource(urls, request.resource),
      carried,
      formAction: `${urls.base}${paths.authorize}`,
      ...state,
    }),
  );
}

/** A problem with the request: back to the client when it can be trusted with it, else on the page. */
function refuse(res: Response, urls: PublicUrls, err: AuthorizeError) {
  if (!err.redirect) return showError(res, 400, err.message);
  noStore(res).redirect(302, redirectBack(urls, err.redirect, { error: err.error, error_description: err.message }));
}

const RETRY_MESSAGES: Record<Extract<Decision, { retry: unknown }>['retry'], string> = {
  missing_credentials: 'Enter your email and password.',
  wrong_credentials: 'Incorrect email or password.',
  totp_required: '',
  wrong_code: 'Incorrect authentication code. Enter the current code from your authenticator app.',
};

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m <= 1 ? 'a minute' : `${m} minutes`;
}

async function getAuthorize(req: Request, res: Response) {
  const urls = publicUrls(req);
  const raw = { ...req.query } as Record<string, unknown>;
  let request: Authorization;
  try {
    request = await checkAuthorization(urls, raw);
  } catch (err) {
    if (err instanceof AuthorizeError) return refuse(res, urls, err);
    throw err;
  }
  showPage(res, urls, request, raw, 200, { email: '', password: '', showTotp: false });
}

async function postAuthorize(req: Request, res: Response) {
  const urls = publicUrls(req);
  const raw = body(req);
  const parsed = S.AuthorizeForm.safeParse(raw);
  if (!parsed.success) return showError(res, 400, 'Every field of the form must be given exactly once.');
  const f = parsed.data;
  let request: Authorization;
  let decision: Decision;
  try {
    request = await checkAuthorization(urls, f);
  } catch (err) {
    if (err instanceof AuthorizeError) return refuse(res, urls, err);
    throw err;
  }
  // The form carries the request's fields as given (defaults included), so a re-render keeps them.
  const carried = { ...f } as Record<string, unknown>;
  const wantsTotp = f.totp_code !== '';
  try {
    decision = await decideAuthorization(urls, request, f, { ip: req.ip ?? 'unknown' });
  } catch (err) {
    if (err instanceof AuthorizeError) return refuse(res, urls, err);
    if (err instanceof RateLimited) {
      res.set('Retry-After', String(err.retryAfterSeconds));
      return showPage(res, urls, request, carried, 429, {
        email: f.email, password: '', showTotp: wantsTotp,
        error: `Too many sign-in attempts. Try again in ${minutes(err.retryAfterSeconds)}.`,
      });
    }
    throw err;
  }
  if ('redirectTo' in decision) return noStore(res).redirect(302, decision.redirectTo);
  if (decision.retry === 'totp_required') {
    return showPage(res, urls, request, carried, 200, {
      email: decision.email, password: f.password, showTotp: true,
      notice: 'Two-factor sign-in is on for this account: enter the code from your authenticator app.',
    });
  }
  showPage(res, urls, request, carried, 400, {
    email: decision.email,
    // The password is kept only when it was right and the code was not.
    password: decision.retry === 'wrong_code' ? f.password : '',
    showTotp: wantsTotp || decision.retry === 'wrong_code',
    error: RETRY_MESSAGES[decision.retry],
  });
}

function pageRoute(handler: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return async (req, res, next) => {
    try {
      await handler(req, res);
    } catch (err) {
      next(err);
    }
  };
}

// ---------------------------------------------------------------------------------------------

export function oauthRouter(): Router {
  const router = Router();
  router.use(['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/oauth/token', '/oauth/register', '/oauth/revoke'], cors);

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
      const client = await registerClient(req.body ?? {}, { ip: req.ip ?? 'unknown' });
      noStore(res).status(201).json(client);
    }),
    badBody('invalid_client_metadata'),
  );

  router.get(paths.authorize, pageRoute(getAuthorize));
  router.post(paths.authorize, ...form, pageRoute(postAuthorize), (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (typeof e?.type === 'string' && e.status && e.status < 500) return showError(res, 400, 'The form could not be read.');
    next(err);
  });

  router.post(
    paths.token,
    ...form,
    oauthJson(async (req, res) => {
      const tokens = await exchangeToken(publicUrls(req), body(req), { ip: req.ip ?? 'unknown' });
      noStore(res).json(tokens);
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


// ---------------------------------------------------------------------------------------------
// /openapi.json: these endpoints are described by hand (they are not in the route table).

type Doc = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, description: string): Doc => ({ description, content: { 'application/json': { schema: ref(id) } } });
const html = (description: string): Doc => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const oauthError = (description: string) => json('OAuthError', description);
const unavailable = { description: 'Database unavailable; retry shortly', content: { 'application/json': { schema: ref('ErrorDetail') } } };
const tooMany = (what: Doc): Doc => ({ ...what, headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } });
const redirect = (description: string): Doc => ({
  description,
  headers: { Location: { description: 'The redirect URI with code, state and iss (or error, error_description, state, iss)', schema: { type: 'string' } } },
});
const op = (method: string, path: string, summary: string, rest: Doc): Doc => ({
  summary,
  tags: ['oauth'],
  operationId: `${method}_${path.replace(/[^a-zA-Z0-9]+/g, '_')}`,
  'x-access': 'public',
  security: [],
  ...rest,
});
const formBody = (id: string) => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema: ref(id) } } });

export const OAUTH_OPENAPI = {
  tags: { oauth: 'OAuth 2.1 for agents (read-only): discovery, client registration, the sign-in page, tokens' },
  /** Request schemas are converted as inputs (their defaults make fields optional). */
  requestSchemas: [S.AuthorizeForm, S.AuthorizeQuery, S.TokenRequest, S.RevokeRequest, S.ClientRegistration] as z.ZodType[],
  paths: {
    '/.well-known/oauth-authorization-server': {
      get: op('get', '/.well-known/oauth-authorization-server', 'Authorization server metadata (RFC 8414)', {
        responses: { 200: json('OAuthAuthorizationServerMetadata', 'The metadata'), 503: unavailable },
      }),
    },
    '/.well-known/oauth-protected-resource': {
      get: op('get', '/.well-known/oauth-protected-resource', 'Protected resource metadata of the API (RFC 9728)', {
        responses: { 200: json('OAuthProtectedResourceMetadata', 'The metadata'), 503: unavailable },
      }),
    },
    '/.well-known/oauth-protected-resource/mcp': {
      get: op('get', '/.well-known/oauth-protected-resource/mcp', 'Protected resource metadata of the MCP endpoint (RFC 9728)', {
        responses: { 200: json('OAuthProtectedResourceMetadata', 'The metadata'), 503: unavailable },
      }),
    },
    [paths.register]: {
      post: op('post', paths.register, 'Register a public client (RFC 7591): redirect URIs https or loopback http', {
        requestBody: { required: true, content: { 'application/json': { schema: ref('OAuthClientRegistration') } } },
        responses: {
          201: json('OAuthClientRegistered', 'Registered; the client_id to use'),
          400: oauthError('invalid_redirect_uri or invalid_client_metadata'),
          429: tooMany(oauthError('Too many registrations from this address')),
          503: unavailable,
        },
      }),
    },
    [paths.authorize]: {
      get: op('get', paths.authorize, 'The sign-in and consent page for an authorization request (code + PKCE S256)', {
        parameters: Object.entries(S.AuthorizeQuery.shape).map(([name, field]) => ({
          name,
          in: 'query',
          required: false,
          schema: { type: 'string', ...(field.description ? { description: field.description } : {}) },
        })),
        responses: {
          200: html('The page: email, password, Approve / Deny'),
          302: redirect('A request error that can go back to the client (error=..., state)'),
          400: html('A request that cannot go back to the client (unknown client, unregistered redirect URI): shown on the page'),
          503: unavailable,
        },
      }),
      post: op('post', paths.authorize, "The page's form: approve (with the credentials) or deny", {
        requestBody: formBody('OAuthAuthorizeForm'),
        responses: {
          200: html('Two-factor sign-in is on: the page again, asking for the code'),
          302: redirect('To the redirect URI with code and state, or error=access_denied'),
          400: html('Wrong or missing credentials (the page again, with the error), or a request that cannot go back to the client'),
          429: tooMany(html('Too many sign-in attempts: the page again, with the error')),
          503: unavailable,
        },
      }),
    },
    [paths.token]: {
      post: op('post', paths.token, 'Exchange a code (with its PKCE code_verifier) or a refresh token for tokens', {
        requestBody: formBody('OAuthTokenRequest'),
        responses: {
          200: json('OAuthTokenResponse', 'An access token (JWT, 1 hour, read) and a new refresh token'),
          400: oauthError('RFC 6749 error: invalid_request, invalid_client, invalid_grant, invalid_scope, invalid_target, unsupported_grant_type'),
          429: tooMany(oauthError('Too many failed token requests from this address')),
          503: unavailable,
        },
      }),
    },
    [paths.revoke]: {
      post: op('post', paths.revoke, 'Revoke a refresh or access token, and with it its whole grant (RFC 7009)', {
        requestBody: formBody('OAuthRevokeRequest'),
        responses: {
          200: { description: 'Revoked, or nothing to revoke (the answer is the same)' },
          400: oauthError('invalid_request or invalid_client'),
          503: unavailable,
        },
      }),
    },
  } as Record<string, Record<string, Doc>>,
};
