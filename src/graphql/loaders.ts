import DataLoader from 'dataloader';
import type { Actor } from '../core/actor.ts';

/**
 * A batch function of an area's service: the caller and the ids, answering with the caller's own
 * rows by id. It takes the actor, not a bare user id, so a loader can never reach another user.
 */
export type BatchById<T> = (actor: Actor, ids: string[]) => Promise<Map<string, T>>;

/**
 * One set of loaders per request, each bound to the caller, made on first use: an area's
 * resolvers ask for the loader of their service's batch function (`loaders.byId(eventsByIds)`)
 * and every field of the request resolving through it shares one batch.
 */
export function createLoaders(actor: Actor) {
  const made = new Map<unknown, DataLoader<string, unknown>>();
  const loaderFor = <T>(key: unknown, batch: (ids: string[]) => Promise<Map<string, T>>, missing: () => T) => {
    let loader = made.get(key);
    if (!loader) {
      loader = new DataLoader<string, unknown>(async (ids) => {
        const found = await batch([...ids]);
        return ids.map((id) => (found.has(id) ? found.get(id) : missing()));
      });
      made.set(key, loader);
    }
    return loader as DataLoader<string, T>;
  };
  return {
    /** One row per id (a suggestion's resulting event); a missing or foreign id loads as null. */
    byId: <T>(batch: BatchById<T>) =>
      loaderFor<T | null>(
        batch,
        (ids) => batch(actor, ids),
        () => null,
      ),
    /** Many rows per id (a capture's suggestions); an id with none loads as []. */
    manyById: <T>(batch: BatchById<T[]>) =>
      loaderFor<T[]>(
        batch,
        (ids) => batch(actor, ids),
        () => [],
      ),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;
