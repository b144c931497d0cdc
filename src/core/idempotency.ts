import { createHash } from 'node:crypto';
import { Conflict } from './errors.ts';

/**
 * Idempotent creates (a `client_id`): the first request's fingerprint is stored with the row.
 * A replay with the same fingerprint gets the first resource back; the same key with another
 * request is a Conflict and changes nothing (as Stripe and the IETF Idempotency-Key draft do).
 */

/** JSON with object keys sorted at every level, so field order never makes two requests differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** One spelling per instant: "11:00+01:00" and "10:00Z" are the same request. */
export const instant = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString() : null);

/** Fingerprint of a validated request: the same input, however it was spelled, gives the same hash. */
export function requestFingerprint(input: unknown): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

/** Rows stored before fingerprints existed (null) are taken as the same request. */
export function assertSameRequest(stored: string | null | undefined, fingerprint: string, clientId: string): void {
  if (stored && stored !== fingerprint) {
    throw new Conflict(`client_id ${clientId} was already used for a different request; use a new client_id for a new one`);
  }
}
