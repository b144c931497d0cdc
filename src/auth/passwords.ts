import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum parameters (docs/architecture.md, Passwords and tokens). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum type stripping cannot import */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing in particular: verifying against it makes "no such user" cost as much as a wrong password. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined) {
    decoy ??= hashPassword('decoy password that never matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
