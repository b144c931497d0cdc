import type { z } from 'zod';
import { IsolationLevel } from '@mikro-orm/core';
import { authorize, type Actor } from '../../core/actor.ts';
import { ResyncRequired, VersionConflict } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { cursorPages, query } from '../../db/sql.ts';
import { metricType, metricTypeById } from '../metrics/catalogue.ts';
import { CHANGE_TABLES, ownerColumn, type ChangeType } from './change-types.ts';
import { ChangesQuery } from './changes.schemas.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

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

type ChangeRow = { type: ChangeType; id: string; op: 'upsert' | 'delete'; version: string; changed_at: string | Date };

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
  const since = q.since === undefined ? 0 : decodeCursor(actor.userId, q.since);
  return em().transactional(
    async () => {
      // Only a cursor can be too old: reading from the start never needs the resync mark.
      if (q.since !== undefined) {
        const [counter] = await query<{ resync_below: string }>(`select resync_below from change_counters where user_id = $1`, [
          actor.userId,
        ]);
        if (counter && since < Number(counter.resync_below)) {
          throw new ResyncRequired(
            'This cursor is older than the deletions kept (CHANGES_RETENTION_DAYS): read everything again without since, then follow next_cursor',
          );
        }
      }
      const rows = await query<ChangeRow>(
        `select type, id, op, version, changed_at from changes
          where user_id = $1 and version > $2 ${q.types ? 'and type = any($4)' : ''}
          order by version limit $3`,
        [actor.userId, since, q.limit + 1, ...(q.types ? [q.types] : [])],
      );
      const page = rows.slice(0, q.limit).map((r): Change => ({
        type: r.type,
        id: feedId(r.type, r.id),
        op: r.op,
        version: Number(r.version),
        changedAt: new Date(r.changed_at),
      }));
      const resources = await load(
        actor,
        page.filter((c) => c.op === 'upsert'),
      );
      return {
        changes: page.map((c) => ({ ...c, resource: c.op === 'upsert' ? (resources.get(changeKey(c.type, c.id)) ?? null) : null })),
        nextCursor: encodeCursor(actor.userId, page.at(-1)?.version ?? since),
        hasMore: rows.length > q.limit,
      };
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}

/**
 * Every live resource of a type, in pages of ids (feed ids: a goal's slug), in id order: what a
 * full export walks. The changes table lists each existing resource once.
 */
export async function* liveIds(actor: Actor, type: ChangeType, pageSize = 1000): AsyncGenerator<string[]> {
  authorize(actor, actor.userId, 'read');
  const pages = cursorPages<{ id: string }>(
    `select id from changes where user_id = $1 and type = $2 and op = 'upsert' order by id`,
    [actor.userId, type],
    pageSize,
  );
  for await (const rows of pages) yield rows.map((r) => feedId(type, r.id));
}

/** How many live resources of each type the user has. */
export async function liveCounts(actor: Actor): Promise<Partial<Record<ChangeType, number>>> {
  authorize(actor, actor.userId, 'read');
  const rows = await query<{ type: ChangeType; n: string }>(
    `select type, count(*) as n from changes where user_id = $1 and op = 'upsert' group by type`,
    [actor.userId],
  );
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

/** The versions (ETags) of some of the user's resources of one type; a resource without one is left out. */
export async function versionsOf(actor: Actor, type: ChangeType, ids: string[]): Promise<Map<string, number>> {
  authorize(actor, actor.userId, 'read');
  const rows = await query<{ id: string; version: string }>(
    `select id, version from changes where user_id = $1 and type = $2 and id = any($3) and op = 'upsert' and version is not null`,
    [actor.userId, type, ids.map((id) => rowKey(type, id))],
  );
  return new Map(rows.map((r) => [feedId(type, r.id), Number(r.version)]));
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
