import { newId } from '../../core/ids.ts';
import { em } from '../../db/context.ts';
import { sourceEnabled } from '../event-sources/event-sources.service.ts';
import { Suggestion, type SuggestionKind, type SuggestionSource } from './suggestion.entity.ts';

/**
 * Putting entries in the inbox, for the areas that produce them (the capture parser, automations,
 * location and calendar). On its own, apart from suggestions.service.ts: accepting a suggestion
 * writes into those same areas (an accepted reading is ingested), so producers importing the whole
 * service made a cycle (ingest -> automations -> suggestions -> accept -> ingest).
 */

/** How long a suggestion waits in the inbox before it expires, unless its producer says otherwise. */
const DEFAULT_TTL_MS = 7 * 24 * 3600 * 1000;

export type NewSuggestion = {
  kind: SuggestionKind;
  source: SuggestionSource;
  title: string;
  summary: string;
  confidence?: number | null;
  occurredAt?: Date | null;
  windowStart?: Date | null;
  windowEnd?: Date | null;
  /** Defaults to 7 days from now; null never expires. */
  expiresAt?: Date | null;
  payload: Record<string, unknown>;
  provenance: Record<string, unknown>;
  logCaptureId?: string | null;
  captureOrdinal?: number | null;
};

/** Which event source kind governs suggestions of a source (a disabled one produces none). */
const GOVERNING_SOURCE: Partial<Record<SuggestionSource, 'log_capture' | 'location' | 'calendar'>> = {
  log_capture: 'log_capture',
  location: 'location',
  calendar: 'calendar',
};

/**
 * Puts suggestions in a user's inbox (for producers: the capture parser, automations, later
 * location and calendar). Runs in the caller's unit of work and transaction, if any. Returns
 * nothing for a source the user has disabled.
 */
export async function createSuggestions(userId: string, items: NewSuggestion[]): Promise<Suggestion[]> {
  if (items.length === 0) return [];
  const sources = [...new Set(items.map((i) => GOVERNING_SOURCE[i.source]).filter((k) => k !== undefined))];
  const disabled = new Set<string>();
  for (const kind of sources) if (!(await sourceEnabled(userId, kind))) disabled.add(kind);
  const now = new Date();
  const rows = items
    .filter((i) => !disabled.has(GOVERNING_SOURCE[i.source] ?? ''))
    .map((i) =>
      em().create(Suggestion, {
        id: newId(),
        userId,
        kind: i.kind,
        source: i.source,
        status: 'pending',
        title: i.title.slice(0, 500),
        summary: i.summary.slice(0, 4000),
        confidence: i.confidence == null ? null : Math.min(1, Math.max(0, i.confidence)),
        occurredAt: i.occurredAt ?? null,
        windowStart: i.windowStart ?? null,
        windowEnd: i.windowEnd ?? null,
        expiresAt: i.expiresAt === undefined ? new Date(now.getTime() + DEFAULT_TTL_MS) : i.expiresAt,
        decidedAt: null,
        payload: i.payload,
        provenance: i.provenance,
        logCaptureId: i.logCaptureId ?? null,
        captureOrdinal: i.captureOrdinal ?? null,
        resultingEventId: null,
        resultingPlaceId: null,
        resultingReadingId: null,
        resultingVisitId: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
  await em().flush();
  return rows;
}
