import { z } from 'zod';

/** The one scope: read-only access to the user's data. */
export const SCOPE = 'read';

/**
 * POST /oauth/authorize, exactly the spec's form (application/x-www-form-urlencoded): every field
 * a string, `action` defaults to approve, `code_challenge_method` to S256, the others to "".
 */
export const AuthorizeForm = z
  .object({
    action: z.string().default('approve').describe('approve or deny'),
    client_id: z.string().default(''),
    code_challenge: z.string().default('').describe('BASE64URL(SHA-256(code_verifier)), 43 characters'),
    code_challenge_method: z.string().default('S256').describe('Only S256'),
    email: z.string().default(''),
    password: z.string().default(''),
    redirect_uri: z.string().default('').describe("Exactly one of the client's registered redirect URIs"),
    resource: z.string().default('').describe("RFC 8707: this server's base URL (the API, also the default) or <base>/mcp"),
    response_type: z.string().default('').describe('code'),
    scope: z.string().default('').describe('read (the default and only scope)'),
    state: z.string().default(''),
    totp_code: z.string().default('').describe('The authenticator code, when the account has two-factor sign-in on'),
  })
  .meta({ id: 'OAuthAuthorizeForm' });
export type AuthorizeForm = z.infer<typeof AuthorizeForm>;

/** GET /oauth/authorize: the same fields less the credentials and the action. */
export const AuthorizeQuery = AuthorizeForm.omit({ action: true, email: true, password: true, totp_code: true }).meta({
  id: 'OAuthAuthorizeQuery',
});

export const TokenRequest = z
  .object({
    grant_type: z.enum(['authorization_code', 'refresh_token']),
    client_id: z.string(),
    code: z.string().optional(),
    redirect_uri: z.string().optional(),
    code_verifier: z.string().optional(),
    refresh_token: z.string().optional(),
    resource: z.string().optional(),
    scope: z.string().optional(),
  })
  .meta({ id: 'OAuthTokenRequest' });

export const RevokeRequest = z
  .object({
    token: z.string(),
    token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
    client_id: z.string(),
  })
  .meta({ id: 'OAuthRevokeRequest' });

export const TokenResponse = z
  .object({
    access_token: z.string().describe('A JWT (RFC 9068, typ at+jwt) for the requested resource, read scope, valid one hour'),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    refresh_token: z.string().describe('Single use: each refresh returns a new one; reusing an old one revokes the grant'),
    scope: z.literal(SCOPE),
  })
  .meta({ id: 'OAuthTokenResponse' });

export const OAuthErrorBody = z.object({ error: z.string(), error_description: z.string().optional() }).meta({ id: 'OAuthError' });

const RedirectUri = z.string().max(2000);

/** RFC 7591 request: public clients only, so the one auth method is `none`. Unknown members are ignored. */
export const ClientRegistration = z
  .object({
    redirect_uris: z.array(RedirectUri).min(1).max(10).describe('https, or http on a loopback address'),
    client_name: z.string().trim().min(1).max(100).optional(),
    token_endpoint_auth_method: z.literal('none').optional(),
    grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).optional(),
    response_types: z.array(z.literal('code')).optional(),
    scope: z.string().optional(),
  })
  .meta({ id: 'OAuthClientRegistration' });

export const ClientRegistered = z
  .object({
    client_id: z.string(),
    client_id_issued_at: z.number().int(),
    client_name: z.string(),
    redirect_uris: z.array(z.string()),
    token_endpoint_auth_method: z.literal('none'),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
    scope: z.literal(SCOPE),
  })
  .meta({ id: 'OAuthClientRegistered' });

export const AuthorizationServerMetadata = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string(),
    revocation_endpoint: z.string(),
    response_types_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    authorization_response_iss_parameter_supported: z.boolean(),
  })
  .meta({ id: 'OAuthAuthorizationServerMetadata' });

export const ProtectedResourceMetadata = z
  .object({
    resource: z.string(),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.string()),
    resource_name: z.string().optional(),
  })
  .meta({ id: 'OAuthProtectedResourceMetadata' });

export type TokenResponse = z.infer<typeof TokenResponse>;
export type ClientRegistered = z.infer<typeof ClientRegistered>;

/** An agent the user approved and has not revoked: what GET /auth/oauth-grants lists. */
export const OAuthGrantRead = z
  .object({
    id: z.uuid(),
    client_id: z.uuid(),
    client_name: z.string().describe('As the application registered itself: not verified'),
    resource: z.string().describe('What its tokens are for: the API (base URL) or <base>/mcp'),
    scope: z.literal(SCOPE),
    created_at: z.iso.datetime().describe('When the user approved it'),
  })
  .meta({ id: 'OAuthGrantRead' });
export type OAuthGrantRead = z.infer<typeof OAuthGrantRead>;
