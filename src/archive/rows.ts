import { localDateOf } from '../core/clock.ts';
import type { ChangeType } from '../domain/changes/change-types.ts';
import { durationSeconds } from '../domain/events/duration.ts';
import { metricType } from '../domain/metrics/catalogue.ts';
import { storedCreatedAt } from '../domain/metrics/metric.entity.ts';

/**
 * An archive line (a resource as its REST read shows it) as the rows it is stored in: the
 * resource's own row and, for a few, rows of a part (a meal's items). Keys that are columns are
 * copied as they are (json_populate_recordset matches them by name); what the read computes or
 * spells differently is put back here. Ids are kept; user_id is always the importing user's.
 */
type Json = Record<string, unknown>;
export type Rows = { table: string; row: Json; parts?: { table: string; rows: Json[] } };
export type ImportContext = {
  userId: string;
  timezone: string;
  captureOfSuggestion: Map<string, { captureId: string; ordinal: number }>;
  /** When the import started (ISO): the created_at of rows whose read does not show one. */
  now: string;
};
/**
 * A line refused with one of the import's skip reasons (the import pipeline counts location
 * records by them) instead of `invalid`: a sample without a usable time or position.
 */
export type Refusal = { refused: 'no_time' | 'bad_coordinate' | 'out_of_range'; reason: string };

const isEmptyObject = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

const items = (ctx: ImportContext, owner: 'event_id' | 'saved_meal_id', ownerId: unknown, list: unknown) =>
  ((list as Json[] | undefined) ?? []).map((item, position) => ({ ...item, user_id: ctx.userId, [owner]: ownerId, position }));

/** An archive time: ISO 8601 with its offset, as the export writes it (never a zone-less or free-form date). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const coordinate = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= max;

/**
 * A location sample's line ({id, recorded_at, lat, lng, accuracy_m}: the id is what makes it one,
 * so it is not stored but recomputed from the rest) as its row, rounded as the places service
 * stores a sample (locations.service.ts, storedSample: to the second and to 1e-6 degrees), so a
 * sample already in the account, sent twice, or imported twice is one row.
 */
function sampleRows(l: Json, ctx: ImportContext): Rows | Refusal | string {
  const at = typeof l.recorded_at === 'string' && ISO_TIME.test(l.recorded_at) ? new Date(l.recorded_at) : null;
  if (!at || Number.isNaN(at.getTime())) return { refused: 'no_time', reason: 'recorded_at is not an ISO 8601 date-time with an offset' };
  const year = at.getUTCFullYear();
  if (year < 1000 || year > 9999)
    return { refused: 'out_of_range', reason: `recorded_at ${String(l.recorded_at)} is outside the years 1000..9999` };
  if (!coordinate(l.lat, 90) || !coordinate(l.lng, 180))
    return {
      refused: 'bad_coordinate',
      reason: `${JSON.stringify(l.lat) ?? 'no lat'}, ${JSON.stringify(l.lng) ?? 'no lng'} is not a position`,
    };
  const accuracy = l.accuracy_m ?? null;
  if (accuracy !== null && !(typeof accuracy === 'number' && Number.isFinite(accuracy) && accuracy >= 0))
    return 'accuracy_m is not a number of metres';
  return {
    table: 'location_samples',
    row: {
      user_id: ctx.userId,
      recorded_at: new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString(),
      lat: Math.round(l.lat * 1e6) / 1e6,
      lng: Math.round(l.lng * 1e6) / 1e6,
      accuracy_m: accuracy,
      created_at: ctx.now,
    },
  };
}

/**
 * Per type: the row(s) of one line, or why it cannot be stored (a sentence: refused as invalid; a
 * Refusal: with its reason). Types absent here are not imported (see IMPORT_ORDER).
 */
export const TO_ROWS: Partial<Record<ChangeType, (line: Json, ctx: ImportContext) => Rows | Refusal | string>> = {
  category: (l, ctx) => ({ table: 'categories', row: { ...l, user_id: ctx.userId } }),
  food_item: (l, ctx) => ({ table: 'food_items', row: { ...l, user_id: ctx.userId, last_used_at: l.updated_at } }),
  saved_meal: (l, ctx) => ({
    table: 'saved_meals',
    row: { ...l, user_id: ctx.userId, totals_source: (l._meta as Json | undefined)?.source ?? 'computed' },
    parts: { table: 'meal_items', rows: items(ctx, 'saved_meal_id', l.id, l.items) },
  }),
  event: (l, ctx) => ({
    table: 'events',
    row: { ...l, user_id: ctx.userId, duration_seconds: typeof l.duration === 'string' ? durationSeconds(l.duration) : null },
    parts: { table: 'meal_items', rows: items(ctx, 'event_id', l.id, l.meal_items) },
  }),
  health_metric: (l, ctx) => {
    const type = metricType(String(l.metric_type_slug));
    if (!type) return `Unknown metric type "${String(l.metric_type_slug)}"`;
    const at = new Date(String(l.recorded_at));
    if (Number.isNaN(at.getTime())) return 'recorded_at is not a date-time';
    return {
      table: 'health_metrics',
      row: {
        ...l,
        user_id: ctx.userId,
        metric_type_id: type.id,
        local_date: localDateOf(at, ctx.timezone),
        // Stored as null when empty, as ingest stores it (Migration20261129000000_readings_layout).
        metadata: isEmptyObject(l.metadata) ? null : l.metadata,
        // Stored as null when the id says it, as ingest stores it (Migration20261201010000_readings_created_at).
        ...(typeof l.created_at === 'string' && { created_at: storedCreatedAt(String(l.id), l.created_at) }),
      },
    };
  },
  place: (l, ctx) => ({ table: 'places', row: { ...l, user_id: ctx.userId } }),
  place_visit: (l, ctx) => ({ table: 'place_visits', row: { ...l, user_id: ctx.userId, created_at: l.occurred_at } }),
  routine: (l, ctx) => ({ table: 'routines', row: { ...l, user_id: ctx.userId } }),
  tracking_timer: (l, ctx) => ({ table: 'tracking_timers', row: { ...l, user_id: ctx.userId } }),
  narrative: (l, ctx) => ({ table: 'narratives', row: { ...l, user_id: ctx.userId } }),
  event_source: (l, ctx) => ({ table: 'event_sources', row: { ...l, user_id: ctx.userId } }),
  calendar_event: (l, ctx) => ({ table: 'calendar_events', row: { ...l, user_id: ctx.userId, source_id: l.calendar_id } }),
  log_capture: (l, ctx) => {
    ((l.suggestions as Json[] | undefined) ?? []).forEach((s, ordinal) =>
      ctx.captureOfSuggestion.set(String(s.id), { captureId: String(l.id), ordinal }),
    );
    return { table: 'log_captures', row: { ...l, user_id: ctx.userId } };
  },
  suggestion: (l, ctx) => {
    const capture = ctx.captureOfSuggestion.get(String(l.id));
    return {
      table: 'suggestions',
      row: {
        ...l,
        user_id: ctx.userId,
        log_capture_id: capture?.captureId ?? null,
        capture_ordinal: capture?.ordinal ?? null,
        updated_at: l.decided_at ?? l.created_at,
      },
    };
  },
  goal: (l, ctx) => {
    const type = metricType(String(l.slug));
    if (!type) return `Unknown metric "${String(l.slug)}"`;
    if (l.is_set !== true) return 'not set';
    const now = new Date().toISOString();
    const skips = ((l.skips as unknown[] | undefined) ?? []).map((day) => ({ user_id: ctx.userId, metric_type_id: type.id, day }));
    return {
      table: 'metric_goals',
      row: { ...l, user_id: ctx.userId, metric_type_id: type.id, created_at: now, updated_at: now },
      parts: { table: 'goal_skips', rows: skips },
    };
  },
  encryption_key: (l, ctx) => ({ table: 'encryption_keys', row: { ...l, user_id: ctx.userId } }),
  replaced_encryption_key: (l, ctx) => ({ table: 'replaced_encryption_keys', row: { ...l, user_id: ctx.userId } }),
  experiment: (l, ctx) => ({ table: 'experiments', row: { ...l, user_id: ctx.userId, start_date: l.start } }),
  location_sample: sampleRows,
};

/**
 * The order lines are imported in: every row after the rows it refers to (a meal's items after
 * its food, an event after its category and saved meal, a suggestion after what it created).
 * The profile and metric definitions are the account's own and are merged, not inserted
 * (import.ts); a resource type missing here would be left out of an import.
 */
export const IMPORT_ORDER: ChangeType[] = [
  'category',
  'food_item',
  'saved_meal',
  'event',
  'health_metric',
  'place',
  'place_visit',
  'routine',
  'tracking_timer',
  'narrative',
  'event_source',
  'calendar_event',
  'log_capture',
  'suggestion',
  'goal',
  'metric_definition',
  'encryption_key',
  'replaced_encryption_key',
  'experiment',
  // Refers to nothing; a detected visit it led to is a place_visit of its own.
  'location_sample',
];
