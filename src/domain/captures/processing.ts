import { LockMode } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { em } from '../../db/context.ts';
import { Category } from '../categories/category.entity.ts';
import { sourceEnabled } from '../event-sources/event-sources.service.ts';
import { createSuggestions, type NewSuggestion } from '../suggestions/suggestions.service.ts';
import { loadUser } from '../users/users.service.ts';
import { LogCapture } from './capture.entity.ts';
import { PARSER_VERSION, parseCapture, type ParseContext, type SuggestionDraft } from './parser/index.ts';

/** Attempts (across job retries and sweeps) before a capture is given up as failed. */
export const MAX_ATTEMPTS = 6;

export type ParseFn = (text: string, ctx: ParseContext) => SuggestionDraft[];

function toNewSuggestion(capture: LogCapture, d: SuggestionDraft, ordinal: number): NewSuggestion {
  return {
    kind: d.kind,
    source: 'log_capture',
    title: d.title,
    summary: d.summary,
    confidence: d.confidence,
    occurredAt: d.occurredAt,
    windowStart: d.windowStart,
    windowEnd: d.windowEnd,
    payload: d.payload,
    provenance: { log_capture_id: capture.id, parser_version: PARSER_VERSION, span: d.span },
    logCaptureId: capture.id,
    captureOrdinal: ordinal,
  };
}

/** queued|processing -> processing, counting the attempt. False when the capture is done or gone. */
async function claim(captureId: string): Promise<boolean> {
  const now = new Date();
  const rows = await em().execute<{ id: string }[]>(
    `update log_captures set status = 'processing', attempts = attempts + 1, updated_at = ?
     where id = ? and status in ('queued', 'processing') returning id`,
    [now, captureId],
  );
  return rows.length > 0;
}

/**
 * One parse attempt of a capture: claim it, parse its text (pure, outside any transaction), then
 * in one transaction store the suggestions and mark it parsed. The row lock and the status check
 * make a duplicate or late job a no-op, so a capture's suggestions are written exactly once.
 */
export async function processCapture(
  captureId: string,
  opts: { finalAttempt: boolean; logger: Logger; parse?: ParseFn },
): Promise<'parsed' | 'skipped'> {
  if (!(await claim(captureId))) return 'skipped';
  try {
    const capture = await em().findOneOrFail(LogCapture, { id: captureId }, { refresh: true });
    const user = await loadUser(capture.userId);
    const categories = await em().find(Category, { userId: capture.userId }, { orderBy: { name: 'asc', id: 'asc' } });
    // A disabled log_capture source still records that the text was read, but suggests nothing.
    const enabled = await sourceEnabled(capture.userId, 'log_capture');
    const drafts = enabled
      ? (opts.parse ?? parseCapture)(capture.text, {
          capturedAt: capture.capturedAt,
          timezone: user.timezone,
          categories: categories.map((c) => ({ id: c.id, name: c.name })),
        })
      : [];
    const stored = await em().transactional(async () => {
      const locked = await em().findOne(LogCapture, { id: captureId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!locked || locked.status !== 'processing') return false;
      await createSuggestions(locked.userId, drafts.map((d, i) => toNewSuggestion(locked, d, i)));
      const now = new Date();
      locked.status = 'parsed';
      locked.parsedAt = now;
      locked.parserVersion = PARSER_VERSION;
      locked.failureReason = null;
      locked.updatedAt = now;
      await em().flush();
      return true;
    });
    return stored ? 'parsed' : 'skipped';
  } catch (err) {
    opts.logger.warn({ err, captureId }, 'capture parse attempt failed');
    em().clear();
    const [row] = await em().execute<{ attempts: number }[]>('select attempts from log_captures where id = ?', [captureId]);
    const attempts = row?.attempts ?? 0;
    const giveUp = opts.finalAttempt || attempts >= MAX_ATTEMPTS;
    // The reason is for the user: the error itself (maybe SQL) stays in the log.
    await em().execute(
      `update log_captures set status = ?, failure_reason = ?, updated_at = ? where id = ? and status = 'processing'`,
      [
        giveUp ? 'failed' : 'queued',
        giveUp
          ? `The text could not be parsed after ${attempts} attempt${attempts === 1 ? '' : 's'}`
          : `Attempt ${attempts} failed; it will be retried`,
        new Date(),
        captureId,
      ],
    );
    throw err;
  }
}

export type Stranded = { id: string; userId: string; status: 'queued' | 'processing'; attempts: number; updatedAt: Date };

/** Captures that are not finished and were last touched before `before`. */
export async function strandedCaptures(before: Date, limit = 500): Promise<Stranded[]> {
  const rows = await em().find(
    LogCapture,
    { status: { $in: ['queued', 'processing'] }, updatedAt: { $lt: before } },
    { orderBy: { updatedAt: 'asc' }, limit, fields: ['id', 'userId', 'status', 'attempts', 'updatedAt'] },
  );
  return rows.map((r) => ({ id: r.id, userId: r.userId, status: r.status as Stranded['status'], attempts: r.attempts, updatedAt: r.updatedAt }));
}

export async function markFailed(captureId: string, reason: string): Promise<void> {
  await em().nativeUpdate(
    LogCapture,
    { id: captureId, status: { $in: ['queued', 'processing'] } },
    { status: 'failed', failureReason: reason, updatedAt: new Date() },
  );
}

/** Back to queued (a crashed attempt), so the next job may claim it. */
export async function requeue(captureId: string): Promise<void> {
  await em().nativeUpdate(LogCapture, { id: captureId, status: 'processing' }, { status: 'queued', updatedAt: new Date() });
}
