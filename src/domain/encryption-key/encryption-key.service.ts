import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { EncryptionKey } from './encryption-key.entity.ts';
import { EncryptionKeyPut, type EncryptionKeyRead } from './encryption-key.schemas.ts';

/**
 * The wrapped data key for client-side encryption of event payloads. The server stores exactly
 * what it receives and never sees the passphrase, the key-encryption key or the data key.
 */
function toRead(k: EncryptionKey): EncryptionKeyRead {
  return {
    kdf_salt: k.kdfSalt,
    verifier: k.verifier,
    wrapped_dek: k.wrappedDek,
    kdf_params: k.kdfParams,
    created_at: k.createdAt.toISOString(),
    updated_at: k.updatedAt.toISOString(),
  };
}

export async function getEncryptionKey(actor: Actor): Promise<EncryptionKeyRead> {
  authorize(actor, actor.userId, 'read');
  const key = await em().findOne(EncryptionKey, { userId: actor.userId });
  if (!key) throw new NotFound('Encryption key');
  return toRead(key);
}

/** Stores or replaces the key material (a passphrase change re-wraps the same data key). */
export async function putEncryptionKey(actor: Actor, input: unknown): Promise<EncryptionKeyRead> {
  authorize(actor, actor.userId, 'write');
  const data = parse(EncryptionKeyPut, input);
  const now = new Date();
  const key = await em().upsert(EncryptionKey, {
    userId: actor.userId,
    kdfSalt: data.kdf_salt,
    verifier: data.verifier,
    wrappedDek: data.wrapped_dek,
    kdfParams: data.kdf_params ?? {},
    createdAt: now,
    updatedAt: now,
  }, { onConflictFields: ['userId'], onConflictExcludeFields: ['createdAt'] });
  return toRead(key);
}
