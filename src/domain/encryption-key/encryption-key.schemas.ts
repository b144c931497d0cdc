import { z } from 'zod';
import { Pagination } from '../../core/validation.ts';

/** Opaque strings (base64 or similar) produced by the client; the server checks only their size. */
const Material = z.string().min(1).max(4096);

export const EncryptionKeyPut = z
  .object({
    kdf_salt: Material,
    verifier: Material,
    wrapped_dek: Material,
    kdf_params: z
      .record(z.string(), z.unknown())
      .refine((m) => JSON.stringify(m).length <= 4096, 'kdf_params must be at most 4 KiB of JSON')
      .optional(),
  })
  .meta({ id: 'EncryptionKeyPut' });

export const ReplacedKeyListQuery = z.object({ ...Pagination }).meta({ id: 'ReplacedKeyListQuery' });
