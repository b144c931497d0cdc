import type { Actor } from '../core/actor.ts';
import { CHANGE_TYPES, type ChangeType } from '../domain/changes/change-types.ts';
import { ifVersion, versionsOf } from '../domain/changes/changes.service.ts';
import type { BatchById } from './loaders.ts';
import type { GraphQLContext } from './context.ts';

/** One batch function per type, made once: loaders share a batch by the function's identity. */
const BATCHES = Object.fromEntries(
  CHANGE_TYPES.map((type) => [type, ((actor, ids) => versionsOf(actor, type, ids)) satisfies BatchById<number>]),
) as Record<ChangeType, BatchById<number>>;

/** A type's `version` field: the resource's version in the changes feed (REST's ETag), batched per request. */
export const versionField =
  <P>(type: ChangeType, idOf: (parent: P) => string) =>
  (parent: P, _args: unknown, { loaders }: GraphQLContext) =>
    loaders.byId(BATCHES[type]).load(idOf(parent));

/** An update with `expectedVersion`: written only at that version, CONFLICT (with currentVersion) otherwise. */
export function atVersion<T>(
  actor: Actor,
  ref: { type: ChangeType; id: string },
  expectedVersion: number | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  return expectedVersion == null ? write() : ifVersion(actor, ref, [expectedVersion], write);
}
