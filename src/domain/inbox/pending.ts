import { authorize, type Actor } from '../../core/actor.ts';
import { em } from '../../db/context.ts';
import { Suggestion } from './suggestion.entity.ts';

/** The rows a status filter of the inbox matches: a pending suggestion past its expiry is expired already. */
export function statusFilter(status: string, now: Date): Record<string, unknown> {
  if (status === 'pending') return { status: 'pending', $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] };
  if (status === 'expired') return { $or: [{ status: 'expired' }, { status: 'pending', expiresAt: { $lte: now } }] };
  return { status };
}

export async function pendingCount(userId: string, now = new Date()): Promise<number> {
  return em().count(Suggestion, { userId, ...statusFilter('pending', now) });
}

/** The inbox's badge: how many suggestions wait for the user now. */
export async function inboxPendingCount(actor: Actor): Promise<number> {
  authorize(actor, actor.userId, 'read');
  return pendingCount(actor.userId);
}
