import type { EntityName, FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { keyset, type KeyValue, type Page, type SortKey } from '../core/paging.ts';
import { em } from './context.ts';

/**
 * One page of a user's list read through the ORM: `where` (the list's filters) in `order`, by
 * offset or after a cursor (core/paging.ts, keyset). `list` names the list the cursor is bound to,
 * `keyOf` reads a row's values of `order` for the next cursor.
 */
export async function findPage<T extends object>(
  entity: EntityName<T>,
  where: FilterQuery<T>,
  list: string,
  userId: string,
  query: Parameters<typeof keyset>[2],
  order: readonly SortKey[],
  keyOf: (row: T) => KeyValue[],
): Promise<Page<T>> {
  const paging = keyset<T>(list, userId, query, order, keyOf);
  const rows = await em().find<T>(entity, paging.where(where) as FilterQuery<NoInfer<T>>, {
    orderBy: Object.fromEntries(order.map((k) => [k.field, k.direction])) as QueryOrderMap<T>,
    limit: paging.limit,
    offset: paging.offset,
  });
  return paging.page(rows);
}
