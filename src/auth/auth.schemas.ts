import { z } from 'zod';
import { dateTime } from '../core/validation.ts';

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

export const TotpRequiredResponse = z
  .object({ totp_required: z.literal(true), pending_token: z.string(), expires_at: z.iso.datetime() })
  .meta({ id: 'TotpRequiredResponse' });

export const LoginResponse = z.union([TokenResponse, TotpRequiredResponse]).meta({ id: 'LoginResponse' });

export const TotpCode = z.string().regex(/^\d{6}$/, 'Code must be 6 digits');
export const TotpVerifyRequest = z
  .object({ pending_token: z.string().min(1), code: TotpCode })
  .meta({ id: 'TotpVerifyRequest' });
export const TotpCodeRequest = z.object({ code: TotpCode }).meta({ id: 'TotpCodeRequest' });
export const TotpSetupResponse = z
  .object({ secret: z.string(), otpauth_uri: z.string() })
  .meta({ id: 'TotpSetupResponse' });
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
