import { RequestContext } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/**
 * The entity manager a service works with. Transports open a RequestContext per request
 * (or per job / CLI command) so each unit of work has its own identity map.
 */
let orm: MikroORM | undefined;

export function bindOrm(instance: MikroORM | undefined): void {
  orm = instance;
}

export function em(): EntityManager {
  const scoped = RequestContext.getEntityManager();
  if (scoped) return scoped as EntityManager;
  if (!orm) throw new Error('Database is not open');
  return orm.em.fork();
}

/** Runs fn with a fresh unit of work (for code outside a request: jobs, CLIs, start-up). */
export function withContext<T>(fn: () => Promise<T>): Promise<T> {
  if (!orm) throw new Error('Database is not open');
  return RequestContext.create(orm.em, fn);
}
