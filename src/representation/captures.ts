import { z } from 'zod';
import type { Actor } from '../core/actor.ts';
import { CAPTURE_STATUSES, type LogCapture } from '../domain/captures/capture.entity.ts';
import type { Suggestion } from '../domain/inbox/suggestion.entity.ts';
import { suggestionsByCaptureIds } from '../domain/suggestions/suggestions.service.ts';
import { presentSuggestion, SuggestionRead } from './suggestions.ts';

export const LogCaptureRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    client_id: z.uuid().nullable(),
    text: z.string(),
    captured_at: z.iso.datetime(),
    status: z.enum(CAPTURE_STATUSES),
    /** Why the last attempt failed (a retry is pending while status is queued), or why it ended failed. */
    failure_reason: z.string().nullable(),
    parser_version: z.string().nullable(),
    parsed_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    /** What parsing produced, in the order of the text (empty until parsed). */
    suggestions: z.array(SuggestionRead),
  })
  .meta({ id: 'LogCaptureRead' });
export type LogCaptureRead = z.infer<typeof LogCaptureRead>;

function toRead(c: LogCapture, suggestions: Suggestion[]): LogCaptureRead {
  return {
    id: c.id,
    user_id: c.userId,
    client_id: c.clientId ?? null,
    text: c.text,
    captured_at: c.capturedAt.toISOString(),
    status: c.status,
    failure_reason: c.failureReason ?? null,
    parser_version: c.parserVersion ?? null,
    parsed_at: c.parsedAt ? c.parsedAt.toISOString() : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    suggestions: suggestions.map(presentSuggestion),
  };
}

/**
 * The REST shape embeds each capture's suggestions (GraphQL has them as the LogCapture.suggestions
 * relation): loaded for all the captures in one query, through the same batch function.
 */
export async function presentCaptures(actor: Actor, captures: LogCapture[]): Promise<LogCaptureRead[]> {
  const byCapture = await suggestionsByCaptureIds(
    actor,
    captures.map((c) => c.id),
  );
  // A capture's suggestions are written with its `parsed` status, in one transaction: a row read
  // before that (the POST's own answer, while the parse runs at once) shows none, as it shows `queued`.
  return captures.map((c) => toRead(c, c.status === 'parsed' ? (byCapture.get(c.id) ?? []) : []));
}

export async function presentCapture(actor: Actor, capture: LogCapture): Promise<LogCaptureRead> {
  return (await presentCaptures(actor, [capture]))[0];
}
