import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { SavedMealCreate, SavedMealListQuery, SavedMealUpdate } from './food.schemas.ts';
import { recomputeTotals, templateItems } from './meal-items.ts';
import { patchNutrition } from './nutrients.ts';
import { MealItem, SavedMeal } from './saved-meal.entity.ts';

async function ownSavedMeal(actor: Actor, id: string): Promise<SavedMeal> {
  const meal = await em().findOne(SavedMeal, { id, userId: actor.userId });
  if (!meal) throw new NotFound('Saved meal');
  return meal;
}

export async function createSavedMeal(actor: Actor, input: z.input<typeof SavedMealCreate>): Promise<SavedMeal> {
  authorize(actor, actor.userId, 'write');
  const data = parse(SavedMealCreate, input);
  const now = new Date();
  return em().transactional(async () => {
    const meal = em().create(SavedMeal, {
      id: newId(),
      userId: actor.userId,
      name: data.name,
      nutrition: {},
      totalsSource: 'computed',
      usageCount: 0,
      createdAt: now,
      updatedAt: now,
    });
    // Items reference the meal by a plain uuid column the unit of work does not order by: the meal goes first.
    await em().flush();
    recomputeTotals(meal, await templateItems(actor, meal.id, data.items));
    await em().flush();
    return meal;
  });
}

export async function getSavedMeal(actor: Actor, id: string): Promise<SavedMeal> {
  authorize(actor, actor.userId, 'read');
  return ownSavedMeal(actor, id);
}

/** Saved meals, most used first, then newest. */
export async function listSavedMeals(actor: Actor, input: z.input<typeof SavedMealListQuery>): Promise<SavedMeal[]> {
  authorize(actor, actor.userId, 'read');
  const { limit, offset } = parse(SavedMealListQuery, input);
  return em().find(SavedMeal, { userId: actor.userId }, { orderBy: { usageCount: 'desc', createdAt: 'desc', id: 'desc' }, limit, offset });
}

/**
 * Omitted fields stay. `items` replaces the template items (fresh snapshots); `nutrition` is a
 * hand edit of the totals (a partial patch over them; `_meta.source` becomes `user`, and the
 * totals no longer follow the items); `nutrition: null` makes them computed again.
 */
export async function updateSavedMeal(actor: Actor, id: string, input: z.input<typeof SavedMealUpdate>): Promise<SavedMeal> {
  authorize(actor, actor.userId, 'write');
  const data = parse(SavedMealUpdate, input);
  return em().transactional(async () => {
    const meal = await ownSavedMeal(actor, id);
    if (data.name !== undefined) meal.name = data.name;
    let items: MealItem[] | undefined;
    if (data.items !== undefined) {
      await em().nativeDelete(MealItem, { userId: actor.userId, savedMealId: meal.id });
      items = await templateItems(actor, meal.id, data.items);
    }
    if (data.nutrition === null) meal.totalsSource = 'computed';
    if (data.nutrition) {
      const totals = { ...meal.nutrition };
      patchNutrition(totals, data.nutrition);
      meal.nutrition = totals;
      meal.totalsSource = 'user';
    }
    if (data.nutrition === null || items) {
      recomputeTotals(meal, items ?? (await em().find(MealItem, { userId: actor.userId, savedMealId: meal.id })));
    }
    meal.updatedAt = new Date();
    await em().flush();
    return meal;
  });
}

/** Deletes a saved meal and its template items; events that logged it keep their own snapshots. */
export async function deleteSavedMeal(actor: Actor, id: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const deleted = await em().nativeDelete(SavedMeal, { id, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Saved meal');
}
