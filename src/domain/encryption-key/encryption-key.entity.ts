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
