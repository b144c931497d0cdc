import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { EncryptionKey } from './encryption-key.entity.ts';
import { EncryptionKeyPut } from './encryption-key.schemas.ts';

/*
 * The wrapped data key for client-side encryption of event payloads. The server stores exactly
 * what it receives and never sees the passphrase, the key-encryption key or the data key.
 */

/** The stored key material, or null until the user stores some (a user without one is not an error). */
export async function findEncryptionKey(actor: Actor): Promise<EncryptionKey | null> {
  authorize(actor, actor.userId, 'read');
  return em().findOne(EncryptionKey, { userId: actor.userId });
}

/** The stored key material; NotFound until the user stores some. */
export async function getEncryptionKey(actor: Actor): Promise<EncryptionKey> {
  const key = await findEncryptionKey(actor);
  if (!key) throw new NotFound('Encryption key');
  return key;
}

/** Stores or replaces the key material (a passphrase change re-wraps the same data key). */
export async function putEncryptionKey(actor: Actor, input: unknown): Promise<EncryptionKey> {
  authorize(actor, actor.userId, 'write');
  const data = parse(EncryptionKeyPut, input);
  const now = new Date();
  return em().upsert(
    EncryptionKey,
    {
      userId: actor.userId,
      kdfSalt: data.kdf_salt,
      verifier: data.verifier,
      wrappedDek: data.wrapped_dek,
      kdfParams: data.kdf_params ?? {},
      createdAt: now,
      updatedAt: now,
    },
    { onConflictFields: ['userId'], onConflictExcludeFields: ['createdAt'] },
  );
}
