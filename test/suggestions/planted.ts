import type { createSuggestions } from '../../src/domain/suggestions/inbox.ts';
import type { SharedServer } from '../helpers/server.ts';

/**
 * A suggestion of source automation planted through the inbox's service, already expired: no
 * capture, and read as expired before the expiry job runs. Answers its id.
 */
export async function plantExpiredSuggestion(
  server: Pick<SharedServer, 'call'>,
  userId: string,
  provenance: Record<string, unknown>,
): Promise<string> {
  const [s] = await server.call<typeof createSuggestions>('domain/suggestions/inbox.ts', 'createSuggestions', userId, [
    {
      kind: 'event',
      source: 'automation',
      title: 'Old',
      summary: 'Old one',
      expiresAt: new Date(Date.now() - 60_000),
      payload: { notes: 'old' },
      provenance,
    },
  ]);
  return s.id;
}
