import { RequestContext } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/**
 * The entity manager a service works with. Transports open a RequestContext per request
 * (or per job / CLI command, through withContext) so each unit of work has its own identity map.
 * Outside a unit of work em() throws: a throwaway fork would accept writes and never flush them.
 * The process-wide ORM is only the default for withContext(); a second server in the same
 * process (tests) never replaces the first one's.
 */
let bound: MikroORM | undefined;

export function bindOrm(orm: MikroORM): void {
  bound ??= orm;
}

export function unbindOrm(orm: MikroORM): void {
  if (bound === orm) bound = undefined;
}

export function em(): EntityManager {
  const scoped = RequestContext.getEntityManager();
  if (!scoped) throw new Error('No unit of work: call services inside a request or withContext()');
  return scoped as EntityManager;
}

/** Runs fn with a fresh unit of work (for code outside a request: jobs, CLIs, start-up). */
export function withContext<T>(fn: () => Promise<T>, orm: MikroORM | undefined = bound): Promise<T> {
  if (!orm) throw new Error('Database is not open');
  return RequestContext.create(orm.em, fn);
}

/**
 * Runs fn in a unit of work of its own on the current one's database: for a long job's steps
 * (a day of an import's stay detection), so entities one step made do not pile up in the job's
 * identity map and make every later flush walk them.
 */
export function inFreshUnit<T>(fn: () => Promise<T>): Promise<T> {
  return RequestContext.create(em().fork(), fn);
}

const readsOfUnit = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * One answer per key for the current unit of work: a GraphQL request asking for the graph,
 * the episodes and a day summary reads the same window of data once, not once per field. Only
 * for reads that the unit of work does not write in between (the insights' matrix): a memo
 * would not see a later write of the same request.
 */
export function readOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
  const reads = unitReads();
  let read = reads.get(key) as Promise<T> | undefined;
  if (!read) {
    read = load();
    reads.set(key, read);
    read.catch(() => reads.delete(key)); // a failed read is tried again, not remembered
  }
  return read;
}

/** A read this unit of work has already started whose key `covers` accepts (a wider range of the same data). */
export function earlierRead<T>(covers: (key: string) => boolean): Promise<T> | undefined {
  for (const [key, read] of unitReads()) if (covers(key)) return read as Promise<T>;
  return undefined;
}

function unitReads(): Map<string, Promise<unknown>> {
  const unit = em();
  let reads = readsOfUnit.get(unit);
  if (!reads) readsOfUnit.set(unit, (reads = new Map<string, Promise<unknown>>()));
  return reads;
}
