import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const EncryptionKey = defineEntity({
  name: 'EncryptionKey',
  tableName: 'encryption_keys',
  properties: {
    userId: p.uuid().primary(),
    kdfSalt: p.text(),
    verifier: p.text(),
    wrappedDek: p.text(),
    kdfParams: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type EncryptionKey = InferEntity<typeof EncryptionKey>;

/** Material the user replaced: kept so nothing encrypted under it is orphaned, and restorable. */
export const ReplacedEncryptionKey = defineEntity({
  name: 'ReplacedEncryptionKey',
  tableName: 'replaced_encryption_keys',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    kdfSalt: p.text(),
    verifier: p.text(),
    wrappedDek: p.text(),
    kdfParams: p.json<Record<string, unknown>>(),
    /** When this material was stored (the current key's updatedAt then). */
    storedAt: p.datetime(),
    replacedAt: p.datetime(),
  },
});
export type ReplacedEncryptionKey = InferEntity<typeof ReplacedEncryptionKey>;
