import { z } from 'zod';
import { dateTime, Pagination } from '../core/validation.ts';
import { Password } from '../domain/users/users.schemas.ts';

export const LoginRequest = z
  .object({ email: z.string().min(1).max(254), password: z.string().min(1).max(256) })
  .meta({ id: 'LoginRequest' });

export const TokenResponse = z
  .object({
    api_token: z.string(),
    token_type: z.literal('bearer'),
    user_id: z.uuid(),
    expires_at: z.iso.datetime(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

const TotpRequiredResponse = z
  .object({ totp_required: z.literal(true), pending_token: z.string(), expires_at: z.iso.datetime() })
  .meta({ id: 'TotpRequiredResponse' });

export const LoginResponse = z.union([TokenResponse, TotpRequiredResponse]).meta({ id: 'LoginResponse' });

export const TotpCode = z.string().regex(/^\d{6}$/, 'Code must be 6 digits');
export const TotpVerifyRequest = z.object({ pending_token: z.string().min(1), code: TotpCode }).meta({ id: 'TotpVerifyRequest' });
export const TotpCodeRequest = z.object({ code: TotpCode }).meta({ id: 'TotpCodeRequest' });
export const TotpSetupResponse = z.object({ secret: z.string(), otpauth_uri: z.string() }).meta({ id: 'TotpSetupResponse' });
export const TotpStatus = z.object({ totp_enabled: z.boolean() }).meta({ id: 'TotpStatus' });

export const AccessTokenCreate = z
  .object({
    name: z.string().trim().min(1).max(100),
    scope: z.enum(['read', 'write']).default('read'),
    expires_at: dateTime().nullable().optional(),
  })
  .meta({ id: 'AccessTokenCreate' });

export const AccessTokenRead = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scope: z.enum(['read', 'write']),
    prefix: z.string().describe('The first characters of the token, to recognise it'),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime().nullable(),
    last_used_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AccessTokenRead' });
export type AccessTokenRead = z.infer<typeof AccessTokenRead>;

export const AccessTokenCreated = AccessTokenRead.extend({
  token: z.string().describe('The secret, shown only in this response'),
}).meta({ id: 'AccessTokenCreated' });

export const SessionListQuery = z.object({ ...Pagination }).meta({ id: 'SessionListQuery' });

export const SessionRead = z
  .object({
    id: z.uuid(),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable().describe('Updated at most once a minute'),
    expires_at: z.iso.datetime(),
    current: z.boolean().describe('Whether this is the session of the token making the request'),
  })
  .meta({ id: 'SessionRead' });
export type SessionRead = z.infer<typeof SessionRead>;

export const SessionsRevoked = z
  .object({ revoked: z.number().int().min(0).describe('How many sessions were signed out') })
  .meta({ id: 'SessionsRevoked' });

export const AccessTokensRevoked = z
  .object({ revoked: z.number().int().min(0).describe('How many personal access tokens were deleted') })
  .meta({ id: 'AccessTokensRevoked' });

export const PasswordChange = z
  .object({
    current_password: z.string().min(1).max(256),
    new_password: Password,
    /** Also delete every personal access token (they survive a password change otherwise). */
    revoke_access_tokens: z.boolean().optional(),
  })
  .meta({ id: 'PasswordChange' });
