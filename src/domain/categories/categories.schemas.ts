import { z } from 'zod';

const Name = z.string().trim().min(1).max(100);
const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Color must look like #1a2b3c');
const IconKey = z.string().trim().min(1).max(64);

export const CategoryCreate = z
  .object({ name: Name, color: Color.nullable().optional(), icon_key: IconKey.nullable().optional() })
  .meta({ id: 'CategoryCreate' });

export const CategoryUpdate = z
  .object({ name: Name.optional(), color: Color.nullable().optional(), icon_key: IconKey.nullable().optional() })
  .meta({ id: 'CategoryUpdate' });
