import { z } from 'zod';
import type { EncryptionKey, ReplacedEncryptionKey } from '../domain/encryption-key/encryption-key.entity.ts';

export const EncryptionKeyRead = z
  .object({
    kdf_salt: z.string(),
    verifier: z.string(),
    wrapped_dek: z.string(),
    kdf_params: z.record(z.string(), z.unknown()),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'EncryptionKeyRead' });
export type EncryptionKeyRead = z.infer<typeof EncryptionKeyRead>;

export function presentEncryptionKey(k: EncryptionKey): EncryptionKeyRead {
  return {
    kdf_salt: k.kdfSalt,
    verifier: k.verifier,
    wrapped_dek: k.wrappedDek,
    kdf_params: k.kdfParams,
    created_at: k.createdAt.toISOString(),
    updated_at: k.updatedAt.toISOString(),
  };
}

export const ReplacedEncryptionKeyRead = z
  .object({
    id: z.uuid(),
    kdf_salt: z.string(),
    verifier: z.string(),
    wrapped_dek: z.string(),
    kdf_params: z.record(z.string(), z.unknown()),
    stored_at: z.iso.datetime().describe('When this material was stored'),
    replaced_at: z.iso.datetime().describe('When another took its place'),
  })
  .meta({ id: 'ReplacedEncryptionKeyRead' });
type ReplacedEncryptionKeyRead = z.infer<typeof ReplacedEncryptionKeyRead>;

export function presentReplacedKey(k: ReplacedEncryptionKey): ReplacedEncryptionKeyRead {
  return {
    id: k.id,
    kdf_salt: k.kdfSalt,
    verifier: k.verifier,
    wrapped_dek: k.wrappedDek,
    kdf_params: k.kdfParams,
    stored_at: k.storedAt.toISOString(),
    replaced_at: k.replacedAt.toISOString(),
  };
}
