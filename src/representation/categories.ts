import { z } from 'zod';
import type { Category } from '../domain/categories/category.entity.ts';

export const CategoryRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    name: z.string(),
    color: z.string().nullable(),
    icon_key: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'CategoryRead' });
export type CategoryRead = z.infer<typeof CategoryRead>;

export function presentCategory(c: Category): CategoryRead {
  return {
    id: c.id,
    user_id: c.userId,
    name: c.name,
    color: c.color ?? null,
    icon_key: c.iconKey ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
