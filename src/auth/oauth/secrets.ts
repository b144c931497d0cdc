import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Codes and refresh tokens: random secrets handed out once, stored only as their SHA-256, and
 * compared in constant time.
 */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
