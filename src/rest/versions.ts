import { VersionConflict } from '../core/errors.ts';
import type { Actor } from '../core/actor.ts';
import type { ChangeType } from '../domain/changes/change-types.ts';
import { currentVersion, ifVersion } from '../domain/changes/changes.service.ts';
import { readOne } from '../representation/resources.ts';
import type { Reply } from './route.ts';

/** A route of one versioned resource: its type and the path parameter holding its id (user_id for the user's one key or profile). */
export type Versioned = { type: ChangeType; param: string };

export const isConditionalWrite = (method: string) => method === 'patch' || method === 'put';

const etag = (version: number) => `"${version}"`;

/**
 * If-Match's entity tags as versions: `*`, or `"12"` (weak `W/"12"` too: the version is the
 * same either way). A tag that is not one of ours matches nothing, so it is a 412, not a 422:
 * RFC 9110 has the precondition simply fail.
 */
function expectedVersions(header: string): (number | '*')[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .flatMap((tag): (number | '*')[] => {
      if (tag === '*') return ['*'];
      const m = /^(?:W\/)?"(\d{1,15})"$/.exec(tag);
      return m ? [Number(m[1])] : [];
    });
}

/** Runs a write under its If-Match, when it has one; a stale version is a 412 with the resource as it is now. */
export async function conditionally(
  actor: Actor,
  ref: { type: ChangeType; id: string },
  ifMatch: string | undefined,
  run: () => Promise<Reply>,
) {
  if (ifMatch === undefined) return run();
  try {
    return await ifVersion(actor, ref, expectedVersions(ifMatch), run);
  } catch (err) {
    if (!(err instanceof VersionConflict)) throw err;
    const current = err.currentVersion === null ? null : await readOne(actor, ref.type, ref.id);
    return {
      status: 412,
      body: { detail: err.message, current_version: err.currentVersion, current },
      headers: err.currentVersion === null ? {} : { ETag: etag(err.currentVersion) },
    } satisfies Reply;
  }
}

/** A successful answer about one versioned resource carries its version as ETag. */
export async function withETag(actor: Actor, ref: { type: ChangeType; id: string }, reply: Reply): Promise<Reply> {
  if (reply.status >= 300 || reply.body === undefined) return reply;
  const version = await currentVersion(actor, ref.type, ref.id);
  return version === null ? reply : { ...reply, headers: { ...reply.headers, ETag: etag(version) } };
}
