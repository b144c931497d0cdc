import { createHash } from 'node:crypto';
import { z } from 'zod';
import { Invalid } from './errors.ts';

/**
 * Cursor (keyset) paging for long lists: a page starts after the last row of the one before, found
 * through the list's own order index, so the last page of a five-million-reading history costs what
 * the first does (offset paging walks every row it skips). A cursor is opaque to clients: the
 * base64url of the list's name, the user, a digest of the filters and the last row's sort key. It
 * carries no secret (a forged one reads nothing its holder could not read from the start), so it is
 * not signed; another user's cursor, another list's or one made with other filters is refused.
 */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** One field of a list's order. */
export type SortKey = { field: string; direction: 'asc' | 'desc' };

export type KeyValue = string | number | Date | null;
type Encoded = ['t', string] | ['n', number] | ['s', string] | ['z', null];

const VERSION = 'p1';

/** The query parameter: the spec's limit (and offset, which a cursor replaces) stay as they are. */
export const CursorParam = {
  cursor: z
    .string()
    .max(1000)
    .optional()
    .describe('Where to go on from: the cursor of the previous page (next_cursor, or the Link header rel="next"); not with offset'),
};

/** What binds a cursor to its query: every filter but the paging itself. */
function filtersDigest(filters: Record<string, unknown>): string {
  const kept = Object.fromEntries(
    Object.entries(filters)
      .filter(([k, v]) => v !== undefined && !['limit', 'offset', 'cursor'].includes(k))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return createHash('sha256').update(JSON.stringify(kept)).digest('base64url').slice(0, 16);
}

const encodeValue = (v: KeyValue): Encoded =>
  v === null ? ['z', null] : v instanceof Date ? ['t', v.toISOString()] : typeof v === 'number' ? ['n', v] : ['s', v];

function decodeValue(e: unknown): KeyValue {
  if (!Array.isArray(e) || e.length !== 2) throw new Error('bad key');
  const [kind, v] = e as [unknown, unknown];
  if (kind === 't' && typeof v === 'string' && !Number.isNaN(Date.parse(v))) return new Date(v);
  if (kind === 'n' && typeof v === 'number' && Number.isFinite(v)) return v;
  if (kind === 's' && typeof v === 'string') return v;
  if (kind === 'z' && v === null) return null;
  throw new Error('bad key');
}

function encodePageCursor(list: string, userId: string, filters: Record<string, unknown>, key: KeyValue[]): string {
  return Buffer.from(JSON.stringify([VERSION, list, userId, filtersDigest(filters), key.map(encodeValue)])).toString('base64url');
}

/**
 * The sort key after which a page starts; 422 at `cursor` for one that is not a cursor of this
 * list, belongs to another user or was made with other filters, and when offset is given too.
 */
function decodePageCursor(list: string, userId: string, filters: Record<string, unknown>, cursor: string, keyLength: number): KeyValue[] {
  if (Number(filters.offset ?? 0) > 0) throw Invalid.at(['cursor'], 'Page by cursor or by offset, not both', 'cursor_invalid');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const fail = (msg: string) => Invalid.at(['cursor'], msg, 'cursor_invalid');
  if (!Array.isArray(parsed) || parsed.length !== 5 || parsed[0] !== VERSION || parsed[1] !== list) {
    throw fail('Not a cursor of this list: pass the cursor of an earlier page, or nothing to start over');
  }
  const [, , owner, digest, key] = parsed as [string, string, unknown, unknown, unknown];
  if (owner !== userId) throw fail('This cursor belongs to another account');
  if (digest !== filtersDigest(filters)) throw fail('This cursor was made for other filters: page with the filters it was made with');
  if (!Array.isArray(key) || key.length !== keyLength) throw fail('Not a cursor of this list');
  try {
    return key.map(decodeValue);
  } catch {
    throw fail('Not a cursor of this list');
  }
}

/**
 * The rows after `key` in `order`, as a MikroORM filter: the first field bounded (an index range,
 * so the scan starts at the cursor instead of walking to it), then ties broken field by field.
 * Nulls sort as PostgreSQL sorts them: last ascending, first descending.
 */
function afterKey(order: readonly SortKey[], key: readonly KeyValue[]): Record<string, unknown> {
  /** Rows whose `field` sorts strictly after `value`; null when none can. */
  const beyond = ({ field, direction }: SortKey, value: KeyValue): Record<string, unknown> | null => {
    if (value === null) return direction === 'desc' ? { [field]: { $ne: null } } : null;
    return direction === 'desc' ? { [field]: { $lt: value } } : { $or: [{ [field]: { $gt: value } }, { [field]: null }] };
  };
  const strictly = (i: number): Record<string, unknown> => {
    const after = beyond(order[i], key[i]);
    if (i === order.length - 1) return after ?? { [order[i].field]: { $in: [] } };
    const tie = { [order[i].field]: key[i], ...strictly(i + 1) };
    return after ? { $or: [after, tie] } : tie;
  };
  const first = order[0];
  if (key[0] === null) return strictly(0);
  return { $and: [{ [first.field]: { [first.direction === 'desc' ? '$lte' : '$gte']: key[0] } }, strictly(0)] };
}

/** SQL for the same condition, for lists read with raw SQL: `columns` in order, values from `$next`. */
export function afterKeySql(order: readonly { column: string; direction: 'asc' | 'desc' }[], next: number): string {
  const op = (d: 'asc' | 'desc', strict: boolean) => (d === 'desc' ? (strict ? '<' : '<=') : strict ? '>' : '>=');
  const strictly = (i: number): string => {
    const { column, direction } = order[i];
    const beyond = `${column} ${op(direction, true)} $${next + i}`;
    return i === order.length - 1 ? beyond : `(${beyond} or (${column} = $${next + i} and ${strictly(i + 1)}))`;
  };
  return `${order[0].column} ${op(order[0].direction, false)} $${next} and ${strictly(0)}`;
}

/**
 * A page from `limit + 1` rows read: the first `limit`, and a cursor after the last of them when
 * the extra row shows that more follow.
 */
function toPage<T>(rows: T[], limit: number, cursorAfter: (last: T) => string): Page<T> {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit && items.length ? cursorAfter(items.at(-1)!) : null };
}

/** A list query's paging: the filter and limit to read with, and how to make the page of what was read. */
export type Keyset<T> = {
  /** The list's own filter, narrowed to the rows after the cursor when there is one. */
  where<W extends object>(filter: W): W | { $and: [W, Record<string, unknown>] };
  /** Rows to read: one more than the page, to know whether more follow. */
  limit: number;
  offset: number;
  /** The cursor condition's values, for raw SQL (afterKeySql), or null without a cursor. */
  key: KeyValue[] | null;
  page(rows: T[]): Page<T>;
};

/**
 * Paging for one request of a list: `query` is its parsed query (filters, limit, offset, cursor),
 * `order` the list's order (its last field unique: an id), `keyOf` a row's values of that order.
 */
export function keyset<T>(
  list: string,
  userId: string,
  query: { limit: number; offset?: number; cursor?: string } & Record<string, unknown>,
  order: readonly SortKey[],
  keyOf: (row: T) => KeyValue[],
): Keyset<T> {
  const key = query.cursor === undefined ? null : decodePageCursor(list, userId, query, query.cursor, order.length);
  return {
    where: (filter) => (key ? { $and: [filter, afterKey(order, key)] } : filter),
    limit: query.limit + 1,
    offset: key ? 0 : (query.offset ?? 0),
    key,
    page: (rows) => toPage(rows, query.limit, (last) => encodePageCursor(list, userId, query, keyOf(last))),
  };
}
