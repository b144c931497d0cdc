import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238: 30-second steps, six digits, one step of drift either way. */
export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Lifetrack', label: email, secret });
}

/** Returns the matched time step, or null. The caller rejects steps it has already accepted. */
export async function matchTotp(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: 30 }).catch(() => null);
  return result?.valid ? (result as { timeStep: number }).timeStep : null;
}
