import {
  presentAccessToken,
  presentCreatedAccessToken,
  presentLogin,
  presentSession,
  presentSignedIn,
  presentTotpSetup,
  presentTotpState,
} from '../../representation/auth.ts';
import { z } from 'zod';
import * as S from '../../auth/auth.schemas.ts';
import { createAccessToken, deleteAccessToken, listAccessTokens, revokeAllAccessTokens } from '../../auth/access-tokens.service.ts';
import { login, register, verifyTotpLogin } from '../../auth/login.service.ts';
import { changePassword } from '../../auth/password.service.ts';
import { listOAuthGrants, revokeOAuthGrant } from '../../auth/oauth/grants.service.ts';
import { OAuthGrantRead } from '../../auth/oauth/oauth.schemas.ts';
import { listSessions, logout, revokeOtherSessions, revokeSession } from '../../auth/sessions.service.ts';
import { disableTotp, enableTotp, setupTotp } from '../../auth/totp.service.ts';
import { uuid } from '../../core/validation.ts';
import { getProfile } from '../../domain/users/users.service.ts';
import { UserCreate } from '../../domain/users/users.schemas.ts';
import { ProfileRead, presentProfile } from '../../representation/users.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'auth';

export function authRoutes(opts: { allowRegistration: boolean }): Route[] {
  return [
    route({
      method: 'post',
      path: '/auth/login',
      tag,
      access: 'public',
      errors: [401, 429],
      summary: 'Sign in with email and password; returns an api_token, or a pending_token when TOTP is on',
      body: S.LoginRequest,
      responses: { 200: S.LoginResponse },
      handler: async (r) => ok(presentLogin(await login(r.body, { ip: r.ip }))),
    }),
    route({
      method: 'post',
      path: '/auth/totp/verify',
      tag,
      access: 'public',
      errors: [401, 429],
      summary: 'Finish a TOTP sign-in with the pending_token and the current code',
      body: S.TotpVerifyRequest,
      responses: { 200: S.TokenResponse },
      handler: async (r) => ok(presentSignedIn(await verifyTotpLogin(r.body, { ip: r.ip }))),
    }),
    route({
      method: 'post',
      path: '/auth/register',
      tag,
      access: 'public',
      errors: [403, 429],
      summary:
        'Create an account (only when the server sets ALLOW_REGISTRATION=true). Answered alike whether or not the address is free, so it tells nobody who has an account: the account exists if signing in with the address and this password works',
      body: UserCreate,
      responses: { 201: ProfileRead },
      handler: async (r) => created(presentProfile(await register(r.body, opts.allowRegistration, { ip: r.ip }))),
    }),
    route({
      method: 'post',
      path: '/auth/logout',
      tag,
      access: 'account',
      summary: 'Revoke the session this api_token belongs to',
      responses: { 204: null },
      handler: async (r) => (await logout(r.actor), noContent()),
    }),
    route({
      method: 'get',
      path: '/auth/sessions',
      tag,
      access: 'account',
      summary: 'List the signed-in sessions (not revoked or expired), newest first; `current` marks this one',
      query: S.SessionListQuery,
      responses: { 200: z.array(S.SessionRead) },
      handler: async (r) => ok((await listSessions(r.actor, r.query)).map(presentSession)),
    }),
    route({
      method: 'delete',
      path: '/auth/sessions/{session_id}',
      tag,
      access: 'account',
      summary: 'Revoke a session; its api_token stops working at once (this one too, like logout)',
      params: z.object({ session_id: uuid() }),
      responses: { 204: null },
      handler: async (r) => (await revokeSession(r.actor, r.params.session_id), noContent()),
    }),
    route({
      method: 'post',
      path: '/auth/sessions/revoke-others',
      tag,
      access: 'account',
      summary: 'Sign out everywhere else: revoke every session but this one',
      responses: { 200: S.SessionsRevoked },
      handler: async (r) => ok(await revokeOtherSessions(r.actor)),
    }),
    route({
      method: 'post',
      path: '/auth/password',
      tag,
      access: 'account',
      errors: [429],
      summary:
        'Change the password (needs the current one); every other session and OAuth grant is signed out. Personal access tokens ' +
        'stay unless revoke_access_tokens is true (or POST /auth/tokens/revoke-all ends them)',
      body: S.PasswordChange,
      responses: { 204: null },
      handler: async (r) => (await changePassword(r.actor, r.body, { ip: r.ip }), noContent()),
    }),
    route({
      method: 'get',
      path: '/auth/me',
      tag,
      access: 'read',
      summary: 'The account the token belongs to',
      responses: { 200: ProfileRead },
      handler: async (r) => ok(presentProfile(await getProfile(r.actor))),
    }),
    route({
      method: 'post',
      path: '/auth/totp/setup',
      tag,
      access: 'account',
      errors: [409, 429],
      summary: 'Start TOTP enrolment: a new secret and otpauth URI, in force after /auth/totp/enable',
      responses: { 200: S.TotpSetupResponse },
      handler: async (r) => ok(presentTotpSetup(await setupTotp(r.actor))),
    }),
    route({
      method: 'post',
      path: '/auth/totp/enable',
      tag,
      access: 'account',
      errors: [409, 429],
      summary: 'Turn TOTP on with a first code from the authenticator app',
      body: S.TotpCodeRequest,
      responses: { 200: S.TotpStatus },
      handler: async (r) => ok(presentTotpState(await enableTotp(r.actor, r.body))),
    }),
    route({
      method: 'post',
      path: '/auth/totp/disable',
      tag,
      access: 'account',
      errors: [409, 429],
      summary: 'Turn TOTP off with a current code',
      body: S.TotpCodeRequest,
      responses: { 200: S.TotpStatus },
      handler: async (r) => ok(presentTotpState(await disableTotp(r.actor, r.body))),
    }),
    route({
      method: 'get',
      path: '/auth/tokens',
      tag,
      access: 'account',
      summary: 'List personal access tokens (never their secrets)',
      responses: { 200: z.array(S.AccessTokenRead) },
      handler: async (r) => ok((await listAccessTokens(r.actor)).map(presentAccessToken)),
    }),
    route({
      method: 'post',
      path: '/auth/tokens',
      tag,
      access: 'account',
      errors: [429],
      summary: 'Create a personal access token; the secret is in this response only',
      body: S.AccessTokenCreate,
      responses: { 201: S.AccessTokenCreated },
      handler: async (r) => created(presentCreatedAccessToken(await createAccessToken(r.actor, r.body))),
    }),
    route({
      method: 'delete',
      path: '/auth/tokens/{token_id}',
      tag,
      access: 'account',
      summary: 'Delete a personal access token; it stops working at once',
      params: z.object({ token_id: uuid() }),
      responses: { 204: null },
      handler: async (r) => (await deleteAccessToken(r.actor, r.params.token_id), noContent()),
    }),
    route({
      method: 'post',
      path: '/auth/tokens/revoke-all',
      tag,
      access: 'account',
      summary: 'Delete every personal access token at once (a password change keeps them); never throttled',
      responses: { 200: S.AccessTokensRevoked },
      handler: async (r) => ok(await revokeAllAccessTokens(r.actor)),
    }),
    route({
      method: 'get',
      path: '/auth/oauth-grants',
      tag,
      access: 'account',
      summary: 'List the agents approved through OAuth (read-only access) and not revoked, newest first',
      responses: { 200: z.array(OAuthGrantRead) },
      handler: async (r) => ok(await listOAuthGrants(r.actor)),
    }),
    route({
      method: 'delete',
      path: '/auth/oauth-grants/{grant_id}',
      tag,
      access: 'account',
      summary: "Revoke an agent's access: every access and refresh token of the grant stops working at once",
      params: z.object({ grant_id: uuid() }),
      responses: { 204: null },
      handler: async (r) => (await revokeOAuthGrant(r.actor, r.params.grant_id), noContent()),
    }),
  ];
}
