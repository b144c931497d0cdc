import type { createSuggestions } from '../../src/domain/inbox/inbox.ts';
import type { SharedServer } from '../helpers/server.ts';

/**
 * A suggestion of source automation planted through the inbox's service: no capture, no job.
 * Expiring at `expiresAt`. Answers its id.
 */
export async function plantSuggestion(
  server: Pick<SharedServer, 'call'>,
  userId: string,
  provenance: Record<string, unknown>,
  expiresAt: Date,
): Promise<string> {
  const [s] = await server.call<typeof createSuggestions>('domain/inbox/inbox.ts', 'createSuggestions', userId, [
    {
      kind: 'event',
      source: 'automation',
      title: 'Old',
      summary: 'Old one',
      expiresAt,
      payload: { notes: 'old' },
      provenance,
    },
  ]);
  return s.id;
}

/** A planted suggestion already expired: read as expired before the expiry job runs. */
export function plantExpiredSuggestion(
  server: Pick<SharedServer, 'call'>,
  userId: string,
  provenance: Record<string, unknown>,
): Promise<string> {
  return plantSuggestion(server, userId, provenance, new Date(Date.now() - 60_000));
}
