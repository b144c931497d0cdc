import { Invalid } from '../../core/errors.ts';

/**
 * A changes cursor: the last version a client has seen, bound to its user, and when a page ended
 * inside a batch (readings, samples: one version for a transaction's rows), the feed id of the
 * batch's last row given. Opaque to clients (base64url of "c1:<user id>:<version>[:<row id>]");
 * it carries no secret, so it is not signed: forging one for yourself reads nothing you could
 * not read from the start, and another user's is refused.
 */
const PREFIX = 'c1';

export type Position = { version: number; after?: string };

export function encodeCursor(userId: string, at: Position): string {
  return Buffer.from([PREFIX, userId, at.version, ...(at.after === undefined ? [] : [at.after])].join(':')).toString('base64url');
}

/** Where to read on from; a malformed cursor or another user's is a 422 at `since`. */
export function decodeCursor(userId: string, cursor: string): Position {
  const [prefix, owner, version, after, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const n = Number(version);
  const at: Position = after === undefined ? { version: n } : { version: n, after };
  // Re-encoding must give the cursor back: base64 decoding alone forgives stray characters.
  const exact = owner !== undefined && Number.isSafeInteger(n) && encodeCursor(owner, at) === cursor;
  if (prefix !== PREFIX || rest.length || !owner || !/^\d{1,15}$/.test(version ?? '') || !exact || after === '') {
    throw invalidCursor();
  }
  if (owner !== userId) throw Invalid.at(['since'], 'This cursor belongs to another account', 'cursor_invalid');
  return at;
}

export const invalidCursor = () =>
  Invalid.at(['since'], 'Not a changes cursor: pass next_cursor of an earlier answer, or nothing to start over', 'cursor_invalid');
