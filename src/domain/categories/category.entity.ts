import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Category = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    name: p.string(),
    color: p.string().nullable(),
    iconKey: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Category = InferEntity<typeof Category>;
