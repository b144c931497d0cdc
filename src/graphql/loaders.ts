import DataLoader from 'dataloader';
import type { Actor } from '../core/actor.ts';
import { categoriesByIds } from '../domain/categories/categories.service.ts';
import type { CategoryRead } from '../domain/categories/categories.schemas.ts';
import { eventsByIds } from '../domain/events/events.service.ts';
import type { EventRead } from '../domain/events/events.schemas.ts';

/**
 * One set of loaders per request, each bound to the caller: a batch function takes the user
 * with the ids, so a loader can never return another user's rows.
 */
export function createLoaders(actor: Actor) {
  const byIds = <T>(load: (actor: Actor, ids: string[]) => Promise<Map<string, T>>) =>
    new DataLoader<string, T | null>(async (ids) => {
      const found = await load(actor, [...ids]);
      return ids.map((id) => found.get(id) ?? null);
    });
  return {
    category: byIds<CategoryRead>(categoriesByIds),
    event: byIds<EventRead>(eventsByIds),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;
