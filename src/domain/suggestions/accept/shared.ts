import { em } from '../../../db/context.ts';
import { Category } from '../../categories/category.entity.ts';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));
}

/**
 * The category the parser chose may have been deleted since: then the suggestion applies
 * without one rather than failing. A category the user names in the accept body is validated.
 */
export async function stillExistingCategory(userId: string, categoryId: unknown): Promise<string | null> {
  if (typeof categoryId !== 'string') return null;
  return (await em().count(Category, { id: categoryId, userId })) ? categoryId : null;
}
