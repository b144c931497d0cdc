import { z } from 'zod';
import * as S from '../oauth.schemas.ts';
import { paths } from './shared.ts';

// /openapi.json: these endpoints are described by hand (they are not in the route table).

type Doc = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, description: string): Doc => ({ description, content: { 'application/json': { schema: ref(id) } } });
const html = (description: string): Doc => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
/** The component a registered schema becomes in /openapi.json. */
const idOf = (schema: z.ZodType) => z.globalRegistry.get(schema)!.id!;
const oauthError = (description: string) => json(idOf(S.OAuthErrorBody), description);
const unavailable = { description: 'Database unavailable; retry shortly', content: { 'application/json': { schema: ref('ErrorDetail') } } };
const tooMany = (what: Doc): Doc => ({
  ...what,
  headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
});
const redirect = (description: string): Doc => ({
  description,
  headers: {
    Location: {
      description: 'The redirect URI with code, state and iss (or error, error_description, state, iss)',
      schema: { type: 'string' },
    },
  },
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
          400: oauthError(
            'RFC 6749 error: invalid_request, invalid_client, invalid_grant, invalid_scope, invalid_target, unsupported_grant_type',
          ),
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
