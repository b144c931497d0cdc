import { Invalid } from '../../core/errors.ts';

/**
 * A changes cursor: the last version a client has seen, bound to its user. Opaque to clients
 * (base64url of "c1:<user id>:<version>"); it carries no secret, so it is not signed: forging one
 * for yourself reads nothing you could not read from the start, and another user's is refused.
 */
const PREFIX = 'c1';

export function encodeCursor(userId: string, version: number): string {
  return Buffer.from(`${PREFIX}:${userId}:${version}`).toString('base64url');
}

/** The version after which to read; a malformed cursor or another user's is a 422 at `since`. */
export function decodeCursor(userId: string, cursor: string): number {
  const [prefix, owner, version, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const n = Number(version);
  // Re-encoding must give the cursor back: base64 decoding alone forgives stray characters.
  const exact = owner !== undefined && Number.isSafeInteger(n) && encodeCursor(owner, n) === cursor;
  if (prefix !== PREFIX || rest.length || !owner || !/^\d{1,15}$/.test(version ?? '') || !exact) {
    throw Invalid.at(['since'], 'Not a changes cursor: pass next_cursor of an earlier answer, or nothing to start over', 'cursor_invalid');
  }
  if (owner !== userId) throw Invalid.at(['since'], 'This cursor belongs to another account', 'cursor_invalid');
  return n;
}
