import type { z } from 'zod';
import { LockMode } from '@mikro-orm/core';
import { authorize, type Actor } from '../../core/actor.ts';
import { Forbidden, NotFound } from '../../core/errors.ts';
import { canonicalJson } from '../../core/idempotency.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { EncryptionKey, ReplacedEncryptionKey } from './encryption-key.entity.ts';
import { EncryptionKeyPut, ReplacedKeyListQuery } from './encryption-key.schemas.ts';

/*
 * The wrapped data key for client-side encryption of event payloads. The server stores exactly
 * what it receives and never sees the passphrase, the key-encryption key or the data key.
 * Material is never lost: a replaced key is kept (listed and restorable), because every payload
 * encrypted under its data key is unreadable without it, and replacing needs a signed-in session
 * (a leaked write token must not be able to make a user's encrypted history unreadable).
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

type Material = { kdfSalt: string; verifier: string; wrappedDek: string; kdfParams: Record<string, unknown> };

const sameMaterial = (a: Material, b: Material) =>
  a.kdfSalt === b.kdfSalt &&
  a.verifier === b.verifier &&
  a.wrappedDek === b.wrappedDek &&
  // jsonb keeps its own key order: compare the parameters, not their spelling.
  canonicalJson(a.kdfParams) === canonicalJson(b.kdfParams);

/**
 * The first key, with any write credential (as the spec has it); a replacement (a passphrase
 * change re-wraps the same data key, or a new data key) only from a signed-in session, and the
 * replaced material is kept. Sending the stored material again changes nothing (a retry).
 */
export async function putEncryptionKey(actor: Actor, input: z.input<typeof EncryptionKeyPut>): Promise<EncryptionKey> {
  authorize(actor, actor.userId, 'write');
  const data = parse(EncryptionKeyPut, input);
  const material: Material = {
    kdfSalt: data.kdf_salt,
    verifier: data.verifier,
    wrappedDek: data.wrapped_dek,
    kdfParams: data.kdf_params ?? {},
  };
  return em().transactional(async () => {
    const now = new Date();
    // The first put of two at once: one inserts, the other finds it below (the row lock orders them).
    await query(
      `insert into encryption_keys (user_id, kdf_salt, verifier, wrapped_dek, kdf_params, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $6) on conflict (user_id) do nothing`,
      [actor.userId, material.kdfSalt, material.verifier, material.wrappedDek, JSON.stringify(material.kdfParams), now],
    );
    const current = await em().findOneOrFail(
      EncryptionKey,
      { userId: actor.userId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (sameMaterial(current, material)) return current;
    authorizeReplace(actor);
    replaceWith(actor.userId, current, material, now);
    await em().flush();
    return current;
  });
}

function authorizeReplace(actor: Actor): void {
  if (actor.via === 'session' || actor.via === 'system') return;
  throw new Forbidden(
    'Replacing the stored encryption key needs a signed-in session (email and password): a token can store only the first key',
  );
}

/** The current material is kept as replaced, and the new one takes its place (createdAt stays). */
function replaceWith(userId: string, current: EncryptionKey, material: Material, now: Date): void {
  em().create(ReplacedEncryptionKey, {
    id: newId(),
    userId,
    kdfSalt: current.kdfSalt,
    verifier: current.verifier,
    wrappedDek: current.wrappedDek,
    kdfParams: current.kdfParams,
    storedAt: current.updatedAt,
    replacedAt: now,
  });
  Object.assign(current, material, { updatedAt: now });
}

/** Material the user replaced, most recently replaced first. */
export async function listReplacedKeys(actor: Actor, input: z.input<typeof ReplacedKeyListQuery>): Promise<ReplacedEncryptionKey[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(ReplacedKeyListQuery, input);
  return em().find(
    ReplacedEncryptionKey,
    { userId: actor.userId },
    { orderBy: { replacedAt: 'desc', id: 'desc' }, limit: q.limit, offset: q.offset },
  );
}

/** Batch read (the changes feed): the user's replaced material among `ids`. */
export async function replacedKeysByIds(actor: Actor, ids: string[]): Promise<Map<string, ReplacedEncryptionKey>> {
  authorize(actor, actor.userId, 'read');
  const rows = ids.length ? await em().find(ReplacedEncryptionKey, { userId: actor.userId, id: { $in: ids } }) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Makes replaced material current again; what was current is kept as replaced in its turn. */
export async function restoreReplacedKey(actor: Actor, replacedId: string): Promise<EncryptionKey> {
  authorize(actor, actor.userId, 'write');
  authorizeReplace(actor);
  return em().transactional(async () => {
    const current = await em().findOne(EncryptionKey, { userId: actor.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const replaced = await em().findOne(ReplacedEncryptionKey, { id: replacedId, userId: actor.userId });
    if (!current || !replaced) throw new NotFound('Replaced encryption key');
    const material: Material = {
      kdfSalt: replaced.kdfSalt,
      verifier: replaced.verifier,
      wrappedDek: replaced.wrappedDek,
      kdfParams: replaced.kdfParams,
    };
    em().remove(replaced);
    if (!sameMaterial(current, material)) replaceWith(actor.userId, current, material, new Date());
    await em().flush();
    return current;
  });
}
