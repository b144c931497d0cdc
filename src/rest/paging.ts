import type { Page } from '../core/paging.ts';
import type { Reply } from './route.ts';

/**
 * A page of a list whose body is the bare array the spec fixes: the items, and while more follow a
 * `Link` to the next page (RFC 8288): the same path and query, offset dropped, with its cursor.
 */
export function pagedReply<T>(req: { path: string; query: Record<string, unknown> }, page: Page<T>, present: (t: T) => unknown): Reply {
  const body = page.items.map(present);
  if (page.nextCursor === null) return { status: 200, body };
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) {
    if (k === 'offset' || k === 'cursor' || v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) query.append(k, String(item));
  }
  query.set('cursor', page.nextCursor);
  return { status: 200, body, headers: { Link: `<${req.path}?${query.toString()}>; rel="next"` } };
}
