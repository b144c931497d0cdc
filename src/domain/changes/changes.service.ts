import type { z } from 'zod';
import { IsolationLevel } from '@mikro-orm/core';
import { authorize, type Actor } from '../../core/actor.ts';
import { ResyncRequired, VersionConflict } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { cursorPages, query } from '../../db/sql.ts';
import { metricType, metricTypeById } from '../metric-types/catalogue.ts';
import { BATCHED, CHANGE_TABLES, isBatched, ownerColumn, type BatchedType, type ChangeType } from './change-types.ts';
import { ChangesQuery } from './changes.schemas.ts';
import { decodeCursor, encodeCursor, invalidCursor, type Position } from './cursor.ts';

/** One resource's latest change: it was created or changed (upsert), or deleted. */
export type Change = { type: ChangeType; id: string; op: 'upsert' | 'delete'; version: number; changedAt: Date };

/** What a transport reads for the upserts of a page, keyed by changeKey(): each resource as its reads show it. */
export type LoadResources<T> = (actor: Actor, changes: Change[]) => Promise<Map<string, T>>;

export const changeKey = (type: string, id: string) => `${type}:${id}`;

export type ChangesPage<T> = {
  /** Oldest first; `resource` is null for a delete. */
  changes: (Change & { resource: T | null })[];
  nextCursor: string;
  hasMore: boolean;
};

/** The feed's id of a row's key: a goal is known by its metric's slug. */
const feedId = (type: string, key: string) => (type === 'goal' ? (metricTypeById(Number(key))?.slug ?? key) : key);
const rowKey = (type: ChangeType, id: string) => (type === 'goal' ? String(metricType(id)?.id ?? -1) : id);

const KEY_SHAPE = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  smallint: /^\d{1,4}$/,
  // A key of several columns locks nothing here: no route writes such a resource conditionally.
  composite: /(?!)/,
};

type ChangeRow = { type: ChangeType; id: string; op: 'upsert' | 'delete' | 'batch'; version: string; changed_at: string | Date };

/** A change of the feed and where a cursor placed after it reads on from. */
type Item = Change & { at: Position };

/**
 * The user's changes after a cursor, oldest first. Versions are numbered at commit in commit
 * order (the changes migration), so reading `version > since` never skips a change that commits
 * later. The page and its resources are read in one snapshot: an upsert's resource is as the
 * change left it or newer, never missing. A resource whose newest change is on a later page is
 * reported there, once.
 */
export async function listChanges<T>(actor: Actor, input: z.input<typeof ChangesQuery>, load: LoadResources<T>): Promise<ChangesPage<T>> {
  authorize(actor, actor.userId, 'read');
  const q = parse(ChangesQuery, input);
  const from: Position = q.since === undefined ? { version: 0 } : decodeCursor(actor.userId, q.since);
  return em().transactional(
    async () => {
      // Only a cursor can be too old: reading from the start never needs the resync mark.
      if (q.since !== undefined) {
        const [counter] = await query<{ resync_below: string }>(`select resync_below from change_counters where user_id = $1`, [
          actor.userId,
        ]);
        if (counter && from.version < Number(counter.resync_below)) {
          throw new ResyncRequired(
            'This cursor is older than the deletions kept (CHANGES_RETENTION_DAYS): read everything again without since, then follow next_cursor',
          );
        }
      }
      const page: Item[] = [];
      let hasMore = false;
      for await (const item of itemsAfter(actor.userId, from, q.types, q.limit + 1)) {
        if (page.length === q.limit) {
          hasMore = true;
          break;
        }
        page.push(item);
      }
      const resources = await load(
        actor,
        page.filter((c) => c.op === 'upsert'),
      );
      return {
        changes: page.map(({ at: _, ...c }) => ({
          ...c,
          resource: c.op === 'upsert' ? (resources.get(changeKey(c.type, c.id)) ?? null) : null,
        })),
        nextCursor: encodeCursor(actor.userId, page.at(-1)?.at ?? from),
        hasMore,
      };
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}

/**
 * The feed after a position, a change at a time: a batch entry (readings, samples) as an upsert
 * of each row still in it, in key order, all at the batch's version.
 */
async function* itemsAfter(userId: string, from: Position, types: string[] | undefined, chunk: number): AsyncGenerator<Item> {
  let { version, after } = from;
  for (;;) {
    // A cursor inside a batch reads the rest of that batch first (gone, if pruned since: nothing).
    const rows = await query<ChangeRow>(
      `select type, id, op, version, changed_at from changes
        where user_id = $1 and (version > $2 or (version = $2 and op = 'batch' and $3)) ${types ? 'and type = any($5)' : ''}
        order by version limit $4`,
      [userId, version, after !== undefined, chunk, ...(types ? [types] : [])],
    );
    for (const r of rows) {
      const v = Number(r.version);
      const changedAt = new Date(r.changed_at);
      if (r.op !== 'batch') {
        yield { type: r.type, id: feedId(r.type, r.id), op: r.op, version: v, changedAt, at: { version: v } };
      } else if (isBatched(r.type)) {
        for await (const id of batchRows(userId, r.type, r.id, v === version ? after : undefined, chunk)) {
          yield { type: r.type, id, op: 'upsert', version: v, changedAt, at: { version: v, after: id } };
        }
      }
    }
    if (rows.length < chunk) return;
    version = Number(rows.at(-1)!.version);
    after = undefined;
  }
}

/** The feed ids of the rows a batch entry (`b<transaction>`) still names, in key order, after a row's id. */
async function* batchRows(
  userId: string,
  type: BatchedType,
  entry: string,
  after: string | undefined,
  chunk: number,
): AsyncGenerator<string> {
  const b = BATCHED[type];
  const { table } = CHANGE_TABLES[type];
  let last = after;
  for (;;) {
    if (last !== undefined && !b.id.test(last)) throw invalidCursor();
    const rows = await query<{ id: string }>(
      `select ${b.feedId} as id from ${table}
        where user_id = $1 and change_batch = $2 ${last === undefined ? '' : `and ${b.after}`}
        order by ${b.order} limit ${chunk}`,
      [userId, entry.slice(1), ...(last === undefined ? [] : b.key(last))],
    );
    for (const r of rows) yield r.id;
    if (rows.length < chunk) return;
    last = rows.at(-1)!.id;
  }
}

/**
 * Every live resource of a type, in pages of ids (feed ids: a goal's slug), in id order: what a
 * full export walks. The changes table lists each existing resource once; a batched type's rows
 * are read where they are.
 */
export async function* liveIds(actor: Actor, type: ChangeType, pageSize = 1000): AsyncGenerator<string[]> {
  authorize(actor, actor.userId, 'read');
  const pages = isBatched(type)
    ? cursorPages<{ id: string }>(
        `select ${BATCHED[type].feedId} as id from ${CHANGE_TABLES[type].table} where user_id = $1 order by ${BATCHED[type].order}`,
        [actor.userId],
        pageSize,
      )
    : cursorPages<{ id: string }>(
        `select id from changes where user_id = $1 and type = $2 and op = 'upsert' order by id`,
        [actor.userId, type],
        pageSize,
      );
  for await (const rows of pages) yield rows.map((r) => feedId(type, r.id));
}

/** How many live resources of each type the user has. */
export async function liveCounts(actor: Actor): Promise<Partial<Record<ChangeType, number>>> {
  authorize(actor, actor.userId, 'read');
  const batched = Object.keys(BATCHED).map(
    (type) => `select '${type}', count(*) from ${CHANGE_TABLES[type as BatchedType].table} where user_id = $1`,
  );
  const rows = await query<{ type: ChangeType; n: string }>(
    `select type, n from (
       select type, count(*) as n from changes where user_id = $1 and op = 'upsert' group by type
       ${batched.map((b) => `union all ${b}`).join(' ')}
     ) counts where n > 0`,
    [actor.userId],
  );
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

/** The versions (ETags) of some of the user's resources of one type; a resource without one is left out. */
export async function versionsOf(actor: Actor, type: ChangeType, ids: string[]): Promise<Map<string, number>> {
  authorize(actor, actor.userId, 'read');
  if (isBatched(type)) return batchedVersionsOf(actor.userId, type, ids);
  const rows = await query<{ id: string; version: string }>(
    `select id, version from changes where user_id = $1 and type = $2 and id = any($3) and op = 'upsert' and version is not null`,
    [actor.userId, type, ids.map((id) => rowKey(type, id))],
  );
  return new Map(rows.map((r) => [feedId(type, r.id), Number(r.version)]));
}

/** A batched row's version is its batch's. */
async function batchedVersionsOf(userId: string, type: BatchedType, ids: string[]): Promise<Map<string, number>> {
  const b = BATCHED[type];
  const valid = ids.filter((id) => b.id.test(id));
  if (!valid.length) return new Map();
  const rows = await query<{ id: string; version: string }>(
    `select r.id, c.version
       from (select ${b.feedId} as id, change_batch from ${CHANGE_TABLES[type].table} where user_id = $1 and ${b.match}) r
       join changes c on c.user_id = $1 and c.type = '${type}' and c.id = 'b' || r.change_batch`,
    [userId, ...b.keys(valid)],
  );
  return new Map(rows.map((r) => [r.id, Number(r.version)]));
}

/** The resource's current version (its ETag), or null when it has none. */
export async function currentVersion(actor: Actor, type: ChangeType, id: string): Promise<number | null> {
  return (await versionsOf(actor, type, [id])).get(id) ?? null;
}

/**
 * Runs a write only if the resource is still at one of `expected` versions (If-Match,
 * GraphQL's expectedVersion; '*' is any version): otherwise a VersionConflict and nothing
 * written. The resource's row is locked first, in the write's transaction, so a concurrent
 * write of it waits and the second of two writers with the same expected version gets the
 * conflict, not a silent overwrite.
 */
export async function ifVersion<R>(
  actor: Actor,
  ref: { type: ChangeType; id: string },
  expected: (number | '*')[],
  write: () => Promise<R>,
): Promise<R> {
  // The write spends the budget; a read-only token is refused here, before any row is locked.
  authorize(actor, actor.userId, 'write', { spend: false });
  return em().transactional(async () => {
    const { table, key, cast } = CHANGE_TABLES[ref.type];
    const keyValue = rowKey(ref.type, ref.id);
    const locked = KEY_SHAPE[cast].test(keyValue)
      ? await query(`select 1 from ${table} where ${ownerColumn(ref.type)} = $1 and ${key} = $2::${cast} for update`, [
          actor.userId,
          keyValue,
        ])
      : [];
    // No current resource matches no version (RFC 9110 If-Match): the answer says it is gone.
    if (locked.length === 0) throw new VersionConflict(null);
    const version = await currentVersion(actor, ref.type, ref.id);
    const matches = expected.some((e) => e === '*' || e === version);
    if (!matches) throw new VersionConflict(version);
    return write();
  });
}
