import { z } from 'zod';
import { TotpCode } from '../../auth/auth.schemas.ts';

/** Erasing needs the password again (and the TOTP code when it is on): an open session alone is not enough. */
export const ErasureConfirm = z
  .object({
    password: z.string().min(1).max(256),
    totp_code: TotpCode.optional(),
  })
  .meta({ id: 'ErasureConfirm' });

export const ErasureResult = z
  .object({
    erased: z.enum(['account', 'data']),
    erased_at: z.iso.datetime(),
    rows: z.record(z.string(), z.number().int()).describe('Rows erased per table'),
  })
  .meta({ id: 'ErasureResult' });
