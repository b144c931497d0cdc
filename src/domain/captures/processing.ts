import { LockMode } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { Category } from '../categories/category.entity.ts';
import { sourceEnabled } from '../event-sources/event-sources.service.ts';
import { Place } from '../places/place.entity.ts';
import { createSuggestions, type NewSuggestion } from '../inbox/inbox.ts';
import { loadUser } from '../users/users.service.ts';
import { LogCapture } from './capture.entity.ts';
import type { ParseContext, ParseOutcome, SuggestionDraft } from './parser/index.ts';
import { loadParser } from './parser/loader.ts';
import { MAX_SUGGESTIONS, PARSER_VERSION } from './parser/version.ts';

/** Attempts (across job retries and sweeps) before a capture is given up as failed. */
export const MAX_ATTEMPTS = 6;

/**
 * Milliseconds of parsing after which no further segment of a capture is started. The parser runs
 * on the server's event loop (pg-boss workers live in the server process), so this bounds how long
 * one capture can hold up HTTP. A 2,000-character capture parses in well under 50 ms (npm run
 * bench:parser), so the budget only matters on an overloaded machine, or if a slow input has
 * been missed; what was found by then is kept and the capture says it was read in part.
 */
const PARSE_BUDGET_MS = 100;

export type ParseFn = (text: string, ctx: ParseContext) => SuggestionDraft[];

/** What a user reads on a capture (`failure_reason`, status still `parsed`) that was read only in part. */
function truncationNote(truncated: NonNullable<ParseOutcome['truncated']>): string {
  return truncated === 'max_suggestions'
    ? `Only the first ${MAX_SUGGESTIONS} suggestions were made; the rest of the text was not read`
    : 'Parsing took too long, so only the start of the text was read';
}

/** The parser with its limits; a test's own parse function gets the suggestion cap too. */
async function parseLimited(text: string, ctx: ParseContext, parse?: ParseFn): Promise<ParseOutcome> {
  if (!parse) {
    // Loaded (and warmed up) before the budget starts: the one-time cost is not the capture's.
    const parser = await loadParser();
    return parser.parseCaptureWithLimits(text, ctx, { maxSuggestions: MAX_SUGGESTIONS, budgetMs: PARSE_BUDGET_MS });
  }
  const drafts = parse(text, ctx);
  return drafts.length > MAX_SUGGESTIONS
    ? { drafts: drafts.slice(0, MAX_SUGGESTIONS), truncated: 'max_suggestions' }
    : { drafts, truncated: null };
}

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

/**
 * queued|processing -> processing, counting the attempt: the capture's user, or null when the
 * capture is done or gone. A job queued before its data carried user_id (only capture_id) claims
 * by the id alone.
 */
async function claim(captureId: string, userId: string | undefined): Promise<string | null> {
  const now = new Date();
  const rows = await query<{ user_id: string }>(
    `update log_captures set status = 'processing', attempts = attempts + 1, updated_at = $1
     where id = $2 ${userId ? 'and user_id = $3 ' : ''}and status in ('queued', 'processing') returning user_id`,
    userId ? [now, captureId, userId] : [now, captureId],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * One parse attempt of a capture: claim it, parse its text (pure, outside any transaction), then
 * in one transaction store the suggestions and mark it parsed. The row lock and the status check
 * make a duplicate or late job a no-op, so a capture's suggestions are written exactly once.
 */
export async function processCapture(
  captureId: string,
  opts: { userId?: string; finalAttempt: boolean; logger: Logger; parse?: ParseFn },
): Promise<'parsed' | 'skipped'> {
  const userId = await claim(captureId, opts.userId);
  if (!userId) return 'skipped';
  try {
    const capture = await em().findOneOrFail(LogCapture, { id: captureId, userId }, { refresh: true });
    const user = await loadUser(capture.userId);
    const categories = await em().find(Category, { userId: capture.userId }, { orderBy: { name: 'asc', id: 'asc' } });
    // The user's own places, by name and alias: a capture naming one suggests a visit there.
    const places = await em().find(
      Place,
      { userId: capture.userId },
      { fields: ['id', 'name', 'aliases'], orderBy: { name: 'asc', id: 'asc' } },
    );
    // A disabled log_capture source still records that the text was read, but suggests nothing.
    const enabled = await sourceEnabled(capture.userId, 'log_capture');
    const started = performance.now();
    const { drafts, truncated } = enabled
      ? await parseLimited(
          capture.text,
          {
            capturedAt: capture.capturedAt,
            timezone: user.timezone,
            language: user.language,
            categories: categories.map((c) => ({ id: c.id, name: c.name })),
            places: places.map((p) => ({ id: p.id, name: p.name, aliases: p.aliases ?? [] })),
          },
          opts.parse,
        )
      : { drafts: [], truncated: null };
    if (truncated) {
      const ms = Math.round(performance.now() - started);
      opts.logger.info({ captureId, truncated, suggestions: drafts.length, ms }, 'capture read in part');
    }
    const stored = await em().transactional(async () => {
      const locked = await em().findOne(LogCapture, { id: captureId, userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!locked || locked.status !== 'processing') return false;
      await createSuggestions(
        locked.userId,
        drafts.map((d, i) => toNewSuggestion(locked, d, i)),
      );
      const now = new Date();
      locked.status = 'parsed';
      locked.parsedAt = now;
      locked.parserVersion = PARSER_VERSION;
      // Read in part: still parsed (the suggestions are there), with a note saying what was left out.
      locked.failureReason = truncated ? truncationNote(truncated) : null;
      locked.updatedAt = now;
      await em().flush();
      return true;
    });
    return stored ? 'parsed' : 'skipped';
  } catch (err) {
    opts.logger.warn({ err, captureId }, 'capture parse attempt failed');
    em().clear();
    const [row] = await query<{ attempts: number }>('select attempts from log_captures where id = $1 and user_id = $2', [
      captureId,
      userId,
    ]);
    const attempts = row?.attempts ?? 0;
    const giveUp = opts.finalAttempt || attempts >= MAX_ATTEMPTS;
    // The reason is for the user: the error itself (maybe SQL) stays in the log.
    await query(
      `update log_captures set status = $1, failure_reason = $2, updated_at = $3 where id = $4 and user_id = $5 and status = 'processing'`,
      [
        giveUp ? 'failed' : 'queued',
        giveUp
          ? `The text could not be parsed after ${attempts} attempt${attempts === 1 ? '' : 's'}`
          : `Attempt ${attempts} failed; it will be retried`,
        new Date(),
        captureId,
        userId,
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
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    status: r.status as Stranded['status'],
    attempts: r.attempts,
    updatedAt: r.updatedAt,
  }));
}

export async function markFailed(captureId: string, userId: string, reason: string): Promise<void> {
  await em().nativeUpdate(
    LogCapture,
    { id: captureId, userId, status: { $in: ['queued', 'processing'] } },
    { status: 'failed', failureReason: reason, updatedAt: new Date() },
  );
}

/** Back to queued (a crashed attempt), so the next job may claim it. */
export async function requeue(captureId: string, userId: string): Promise<void> {
  await em().nativeUpdate(LogCapture, { id: captureId, userId, status: 'processing' }, { status: 'queued', updatedAt: new Date() });
}
