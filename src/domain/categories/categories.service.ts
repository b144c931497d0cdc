import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { flushUnique } from '../../db/flush.ts';
import { Category } from './category.entity.ts';
import { CategoryCreate, CategoryUpdate } from './categories.schemas.ts';

/** A category of this user, or NotFound: another user's id is indistinguishable from a missing one. */
async function ownCategory(actor: Actor, categoryId: string): Promise<Category> {
  const category = await em().findOne(Category, { id: categoryId, userId: actor.userId });
  if (!category) throw new NotFound('Category');
  return category;
}

export async function listCategories(actor: Actor): Promise<Category[]> {
  authorize(actor, actor.userId, 'read');
  const rows = await em().find(Category, { userId: actor.userId }, { orderBy: { name: 'asc', id: 'asc' } });
  return rows;
}

/** Batch read for relations (an event's category): the user's categories among `ids`, by id. */
export async function categoriesByIds(actor: Actor, ids: string[]): Promise<Map<string, Category>> {
  authorize(actor, actor.userId, 'read');
  const rows = ids.length ? await em().find(Category, { userId: actor.userId, id: { $in: ids } }) : [];
  return new Map(rows.map((c) => [c.id, c]));
}

export async function createCategory(actor: Actor, input: z.input<typeof CategoryCreate>): Promise<Category> {
  authorize(actor, actor.userId, 'write');
  const data = parse(CategoryCreate, input);
  const now = new Date();
  const category = em().create(Category, {
    id: newId(),
    userId: actor.userId,
    name: data.name,
    color: data.color ?? null,
    iconKey: data.icon_key ?? null,
    createdAt: now,
    updatedAt: now,
  });
  await flushUnique(`A category named "${data.name}" already exists`);
  return category;
}

export async function updateCategory(actor: Actor, categoryId: string, input: z.input<typeof CategoryUpdate>): Promise<Category> {
  authorize(actor, actor.userId, 'write');
  const data = parse(CategoryUpdate, input);
  const category = await ownCategory(actor, categoryId);
  if (data.name !== undefined) category.name = data.name;
  if (data.color !== undefined) category.color = data.color;
  if (data.icon_key !== undefined) category.iconKey = data.icon_key;
  category.updatedAt = new Date();
  await flushUnique(`A category named "${data.name}" already exists`);
  return category;
}

/** Events keep existing and lose their category (the foreign key sets it to null). */
export async function deleteCategory(actor: Actor, categoryId: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const deleted = await em().nativeDelete(Category, { id: categoryId, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Category');
}
