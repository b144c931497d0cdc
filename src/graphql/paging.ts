import type { Page } from '../core/paging.ts';

/** GraphQL's arguments of a paged list in the service's query shape: `after` is the cursor. */
export function pageArgs<T extends { after?: string | null }>(args: T): Omit<T, 'after'> & { cursor?: string } {
  const { after, ...rest } = args;
  return { ...rest, ...(after != null ? { cursor: after } : {}) };
}

/** Every page type's pageInfo, from the page's cursor. */
export const pageInfo = (page: Page<unknown>) => ({ endCursor: page.nextCursor, hasNextPage: page.nextCursor !== null });
