import type { AccessToken } from '../auth/access-token.entity.ts';
import type { AccessTokenRead, SessionRead, TokenResponse } from '../auth/auth.schemas.ts';
import type { TotpChallenge } from '../auth/login.service.ts';
import type { SessionInfo, SignedIn } from '../auth/sessions.service.ts';

/** The auth services' domain objects as the spec's JSON (the schemas are in auth/auth.schemas.ts). */
export function presentSignedIn(s: SignedIn): TokenResponse {
  return { api_token: s.apiToken, token_type: 'bearer', user_id: s.userId, expires_at: s.expiresAt.toISOString() };
}

export function presentLogin(outcome: SignedIn | TotpChallenge) {
  if (outcome.kind === 'signed_in') return presentSignedIn(outcome);
  return { totp_required: true as const, pending_token: outcome.pendingToken, expires_at: outcome.expiresAt.toISOString() };
}

export function presentSession(s: SessionInfo): SessionRead {
  return {
    id: s.id,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt?.toISOString() ?? null,
    expires_at: s.expiresAt.toISOString(),
    current: s.current,
  };
}

export function presentAccessToken(t: AccessToken): AccessTokenRead {
  return {
    id: t.id,
    name: t.name,
    scope: t.scope,
    prefix: t.prefix,
    created_at: t.createdAt.toISOString(),
    expires_at: t.expiresAt?.toISOString() ?? null,
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
  };
}

export const presentCreatedAccessToken = (created: { accessToken: AccessToken; token: string }) => ({
  ...presentAccessToken(created.accessToken),
  token: created.token,
});

export const presentTotpSetup = (s: { secret: string; otpauthUri: string }) => ({ secret: s.secret, otpauth_uri: s.otpauthUri });

export const presentTotpState = (enabled: boolean) => ({ totp_enabled: enabled });
