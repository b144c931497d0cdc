import { type Page, type SortKey } from '../../core/paging.ts';
import { findPage } from '../../db/find-page.ts';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { assertSameRequest, instant, requestFingerprint } from '../../core/idempotency.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { enqueue } from '../../jobs/boss.ts';
import { LogCapture } from './capture.entity.ts';
import { LogCaptureCreate, LogCaptureListQuery } from './captures.schemas.ts';

export const PARSE_JOB = 'captures.parse';

/** Sends the parse job. The job id is the capture id, so sending twice queues one job. */
function enqueueParse(captureId: string, userId: string): Promise<boolean> {
  return enqueue(PARSE_JOB, { capture_id: captureId, user_id: userId }, { id: captureId });
}

/**
 * Stores a capture (status queued) and, after the insert has committed, queues its parse job.
 * With a client_id the insert is `on conflict do nothing`: under any number of concurrent
 * re-submits exactly one row exists, and every other identical request answers with it
 * (created=false); the same client_id with other text or time is a Conflict.
 * If the job cannot be sent, the row stays queued and the workers' sweep finds it.
 */
export async function submitCapture(
  actor: Actor,
  input: z.input<typeof LogCaptureCreate>,
): Promise<{ capture: LogCapture; created: boolean }> {
  authorize(actor, actor.userId, 'write');
  const data = parse(LogCaptureCreate, input);
  const now = new Date();
  const id = newId();
  const text = data.text.normalize('NFC');
  const capturedAt = data.captured_at ? new Date(data.captured_at) : now;
  const fingerprint = data.client_id ? requestFingerprint({ text, captured_at: instant(data.captured_at) }) : null;
  const inserted = await query<{ id: string }>(
    `insert into log_captures (id, user_id, client_id, text, captured_at, status, attempts, created_at, updated_at, request_fingerprint)
     values ($1, $2, $3, $4, $5, 'queued', 0, $6, $7, $8)
     on conflict (user_id, client_id) do nothing
     returning id`,
    [id, actor.userId, data.client_id ?? null, text, capturedAt, now, now, fingerprint],
  );
  if (inserted.length === 0) {
    const existing = await em().findOneOrFail(LogCapture, { userId: actor.userId, clientId: data.client_id! });
    assertSameRequest(existing.requestFingerprint, fingerprint!, data.client_id!);
    return { capture: existing, created: false };
  }
  // Read before the send: the parse may start at once in this process (runOnSend), and the answer is
  // the capture as stored, queued.
  const capture = await em().findOneOrFail(LogCapture, { id, userId: actor.userId });
  await enqueueParse(id, actor.userId);
  return { capture, created: true };
}

const CAPTURE_ORDER = [
  { field: 'createdAt', direction: 'desc' },
  { field: 'id', direction: 'desc' },
] as const satisfies readonly SortKey[];

/** Captures, newest first, by cursor or offset. */
export async function pageCaptures(actor: Actor, input: z.input<typeof LogCaptureListQuery>): Promise<Page<LogCapture>> {
  authorize(actor, actor.userId, 'read');
  const q = parse(LogCaptureListQuery, input);
  const where = { userId: actor.userId, ...(q.status ? { status: q.status } : {}) };
  return findPage(LogCapture, where, 'log_captures', actor.userId, q, CAPTURE_ORDER, (c) => [c.createdAt, c.id]);
}

/** One page of captures, without its cursor (GraphQL's list field). */
export async function listCaptures(actor: Actor, input: z.input<typeof LogCaptureListQuery>): Promise<LogCapture[]> {
  return (await pageCaptures(actor, input)).items;
}

export async function getCapture(actor: Actor, id: string): Promise<LogCapture> {
  authorize(actor, actor.userId, 'read');
  const row = await em().findOne(LogCapture, { id, userId: actor.userId });
  if (!row) throw new NotFound('Log capture');
  return row;
}

/** Batch read for relations (the capture a suggestion came from): the user's captures among `ids`, by id. */
export async function capturesByIds(actor: Actor, ids: string[]): Promise<Map<string, LogCapture>> {
  authorize(actor, actor.userId, 'read');
  const rows = ids.length ? await em().find(LogCapture, { userId: actor.userId, id: { $in: ids } }) : [];
  return new Map(rows.map((c) => [c.id, c]));
}
