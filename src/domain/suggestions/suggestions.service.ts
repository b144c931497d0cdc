import type { SortKey } from '../../core/paging.ts';
import { findPage } from '../../db/find-page.ts';
import type { z } from 'zod';
import { LockMode } from '@mikro-orm/core';
import { authorize, type Actor } from '../../core/actor.ts';
import { Conflict, NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { acceptHandler } from './accept/index.ts';
import { pendingCount, statusFilter } from '../inbox/pending.ts';
import { Suggestion, type SuggestionStatus } from '../inbox/suggestion.entity.ts';
import { SuggestionAccept, SuggestionListQuery } from './suggestions.schemas.ts';

const isExpired = (s: Suggestion, now: Date) => s.status === 'pending' && s.expiresAt != null && s.expiresAt <= now;

/** The status a reader sees: the expiry job may not have run yet, and an expired suggestion never shows as pending. */
export function suggestionStatus(s: Suggestion, now = new Date()): SuggestionStatus {
  return isExpired(s, now) ? 'expired' : s.status;
}

/** A page of the inbox: the pending count (the badge, whatever the page), the page's suggestions and the cursor after them. */
export type SuggestionPage = { pendingCount: number; items: Suggestion[]; nextCursor: string | null };

/** Newest first; suggestions of one capture share a timestamp and keep the order of the text. */
const SUGGESTION_ORDER = [
  { field: 'createdAt', direction: 'desc' },
  { field: 'captureOrdinal', direction: 'asc' },
  { field: 'id', direction: 'desc' },
] as const satisfies readonly SortKey[];

export async function listSuggestions(actor: Actor, input: z.input<typeof SuggestionListQuery>): Promise<SuggestionPage> {
  authorize(actor, actor.userId, 'read');
  const q = parse(SuggestionListQuery, input);
  const now = new Date();
  const [{ items, nextCursor }, pending] = await Promise.all([
    findPage(
      Suggestion,
      { userId: actor.userId, ...statusFilter(q.status, now) },
      'suggestions',
      actor.userId,
      q,
      SUGGESTION_ORDER,
      (s) => [s.createdAt, s.captureOrdinal ?? null, s.id],
    ),
    pendingCount(actor.userId, now),
  ]);
  return { pendingCount: pending, items, nextCursor };
}

/** Batch read for relations (a capture's suggestions): the user's suggestions of each capture, in text order. */
export async function suggestionsByCaptureIds(actor: Actor, captureIds: string[]): Promise<Map<string, Suggestion[]>> {
  authorize(actor, actor.userId, 'read');
  const out = new Map<string, Suggestion[]>(captureIds.map((id) => [id, []]));
  if (captureIds.length === 0) return out;
  const rows = await em().find(
    Suggestion,
    { userId: actor.userId, logCaptureId: { $in: captureIds } },
    { orderBy: { captureOrdinal: 'asc', id: 'asc' } },
  );
  for (const r of rows) out.get(r.logCaptureId!)?.push(r);
  return out;
}

export async function getSuggestion(actor: Actor, id: string): Promise<Suggestion> {
  authorize(actor, actor.userId, 'read');
  const s = await em().findOne(Suggestion, { id, userId: actor.userId });
  if (!s) throw new NotFound('Suggestion');
  return s;
}

function assertPending(s: Suggestion, now: Date): void {
  if (isExpired(s, now)) throw new Conflict('This suggestion has expired');
  if (s.status !== 'pending') throw new Conflict(`This suggestion was already ${s.status}`);
}

/**
 * Applies a suggestion: the kind's handler creates what it stands for (an event, a metric
 * reading, a meal event ...) and the suggestion becomes accepted, in one transaction: either both
 * happen or neither. The row lock makes a concurrent accept or dismiss wait, then see a decided
 * suggestion (Conflict).
 */
export async function acceptSuggestion(actor: Actor, id: string, input: z.input<typeof SuggestionAccept>): Promise<Suggestion> {
  authorize(actor, actor.userId, 'write');
  const overrides = parse(SuggestionAccept, input ?? {});
  return em().transactional(async () => {
    const s = await em().findOne(Suggestion, { id, userId: actor.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!s) throw new NotFound('Suggestion');
    const now = new Date();
    assertPending(s, now);
    const handler = acceptHandler(s.kind);
    if (!handler) throw new Conflict(`Suggestions of kind ${s.kind} cannot be accepted yet`);
    const result = await handler(actor, s, overrides);
    s.status = 'accepted';
    s.decidedAt = now;
    s.updatedAt = now;
    s.resultingEventId = result.eventId ?? null;
    s.resultingPlaceId = result.placeId ?? null;
    s.resultingReadingId = result.readingId ?? null;
    s.resultingVisitId = result.visitId ?? null;
    await em().flush();
    return s;
  });
}

export async function dismissSuggestion(actor: Actor, id: string): Promise<Suggestion> {
  authorize(actor, actor.userId, 'write');
  return em().transactional(async () => {
    const s = await em().findOne(Suggestion, { id, userId: actor.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!s) throw new NotFound('Suggestion');
    const now = new Date();
    assertPending(s, now);
    s.status = 'dismissed';
    s.decidedAt = now;
    s.updatedAt = now;
    await em().flush();
    return s;
  });
}

/** The expiry job: pending suggestions past expires_at become expired. Returns how many. */
export async function expireSuggestions(now = new Date()): Promise<number> {
  return em().nativeUpdate(Suggestion, { status: 'pending', expiresAt: { $lte: now } }, { status: 'expired', updatedAt: now });
}
