import type { ChangeType } from '../domain/changes/change-types.ts';
import { durationSeconds } from '../domain/events/duration.ts';
import { metricType } from '../domain/metric-types/catalogue.ts';
import type { RestoredReading } from '../domain/metrics/restore.ts';
import type { NewSample } from '../domain/places/locations.service.ts';
import { nextDueAfter } from '../domain/reminders/timing.ts';

/**
 * An archive line (a resource as its REST read shows it) as what it is written as. Readings and
 * location samples go through their services' bulk entry points (restoreReadings, importSamples),
 * which keep their storage rules and rollups. Every other resource is its own row and, for a few,
 * rows of a part (a meal's items): keys that are columns are copied as they are
 * (json_populate_recordset matches them by name); what the read computes or spells differently is
 * put back here. Ids are kept; user_id is always the importing user's.
 */
type Json = Record<string, unknown>;
export type Line =
  | { kind: 'rows'; table: string; row: Json; parts?: { table: string; rows: Json[] } }
  | { kind: 'reading'; reading: RestoredReading }
  | { kind: 'sample'; sample: NewSample };
export type ImportContext = {
  userId: string;
  timezone: string;
  captureOfSuggestion: Map<string, { captureId: string; ordinal: number }>;
  /** When the import started: the created_at of rows whose read does not show one. */
  now: Date;
};
/**
 * A line refused with one of the import's skip reasons (the import pipeline counts location
 * records by them) instead of `invalid`: a sample without a usable time or position.
 */
export type Refusal = { refused: 'no_time' | 'bad_coordinate' | 'out_of_range'; reason: string };

const rows = (table: string, row: Json, parts?: { table: string; rows: Json[] }): Line => ({
  kind: 'rows',
  table,
  row,
  ...(parts && { parts }),
});

const items = (ctx: ImportContext, owner: 'event_id' | 'saved_meal_id', ownerId: unknown, list: unknown) =>
  ((list as Json[] | undefined) ?? []).map((item, position) => ({ ...item, user_id: ctx.userId, [owner]: ownerId, position }));

/** A uuid in either letter case: an archive's ids and references. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** An archive time: ISO 8601 with its offset, as the export writes it (never a zone-less or free-form date). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const coordinate = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= max;

/**
 * A location sample's line ({id, recorded_at, lat, lng, accuracy_m}: the id is what makes it one,
 * so it is not stored but recomputed from the rest) as importSamples takes it, which stores it
 * rounded as every sample is, so a sample already in the account, sent twice, or imported twice
 * is one row.
 */
function sampleLine(l: Json): Line | Refusal | string {
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
  return { kind: 'sample', sample: { at, lat: l.lat, lng: l.lng, accuracyM: accuracy } };
}

/** A reading's line (HealthMetricRead: its value in the type's unit) as restoreReadings takes it. */
function readingLine(l: Json, ctx: ImportContext): Line | string {
  const type = metricType(String(l.metric_type_slug));
  if (!type) return `Unknown metric type "${String(l.metric_type_slug)}"`;
  if (typeof l.id !== 'string' || !UUID.test(l.id)) return 'id is not a uuid';
  const at = new Date(String(l.recorded_at));
  if (Number.isNaN(at.getTime())) return 'recorded_at is not a date-time';
  if (typeof l.value !== 'number' || !Number.isFinite(l.value)) return 'value is not a number';
  if (typeof l.source !== 'string') return 'source is not text';
  const sourceId = l.source_id ?? null;
  if (sourceId !== null && typeof sourceId !== 'string') return 'source_id is not text';
  const groupId = l.reading_group_id ?? null;
  if (groupId !== null && !(typeof groupId === 'string' && UUID.test(groupId))) return 'reading_group_id is not a uuid';
  const metadata = l.metadata ?? null;
  if (metadata !== null && !isObject(metadata)) return 'metadata is not an object';
  if (l.created_at !== undefined && typeof l.created_at !== 'string') return 'created_at is not a date-time';
  const createdAt = l.created_at === undefined ? ctx.now : new Date(l.created_at);
  if (Number.isNaN(createdAt.getTime())) return 'created_at is not a date-time';
  return {
    kind: 'reading',
    reading: { id: l.id, type, recordedAt: at, value: l.value, source: l.source, sourceId, groupId, metadata, createdAt },
  };
}

/**
 * Per type: the row(s) of one line, or why it cannot be stored (a sentence: refused as invalid; a
 * Refusal: with its reason). Types absent here are not imported (see IMPORT_ORDER).
 */
export const TO_ROWS: Partial<Record<ChangeType, (line: Json, ctx: ImportContext) => Line | Refusal | string>> = {
  category: (l, ctx) => rows('categories', { ...l, user_id: ctx.userId }),
  food_item: (l, ctx) => rows('food_items', { ...l, user_id: ctx.userId, last_used_at: l.updated_at }),
  saved_meal: (l, ctx) =>
    rows(
      'saved_meals',
      { ...l, user_id: ctx.userId, totals_source: (l._meta as Json | undefined)?.source ?? 'computed' },
      { table: 'meal_items', rows: items(ctx, 'saved_meal_id', l.id, l.items) },
    ),
  event: (l, ctx) =>
    rows(
      'events',
      { ...l, user_id: ctx.userId, duration_seconds: typeof l.duration === 'string' ? durationSeconds(l.duration) : null },
      { table: 'meal_items', rows: items(ctx, 'event_id', l.id, l.meal_items) },
    ),
  health_metric: readingLine,
  place: (l, ctx) => rows('places', { ...l, user_id: ctx.userId }),
  place_visit: (l, ctx) => rows('place_visits', { ...l, user_id: ctx.userId, created_at: l.occurred_at }),
  routine: (l, ctx) => rows('routines', { ...l, user_id: ctx.userId }),
  tracking_timer: (l, ctx) => rows('tracking_timers', { ...l, user_id: ctx.userId }),
  narrative: (l, ctx) => rows('narratives', { ...l, user_id: ctx.userId }),
  event_source: (l, ctx) => rows('event_sources', { ...l, user_id: ctx.userId }),
  calendar_event: (l, ctx) => rows('calendar_events', { ...l, user_id: ctx.userId, source_id: l.calendar_id }),
  log_capture: (l, ctx) => {
    ((l.suggestions as Json[] | undefined) ?? []).forEach((s, ordinal) =>
      ctx.captureOfSuggestion.set(String(s.id), { captureId: String(l.id), ordinal }),
    );
    return rows('log_captures', { ...l, user_id: ctx.userId });
  },
  suggestion: (l, ctx) => {
    const capture = ctx.captureOfSuggestion.get(String(l.id));
    return rows('suggestions', {
      ...l,
      user_id: ctx.userId,
      log_capture_id: capture?.captureId ?? null,
      capture_ordinal: capture?.ordinal ?? null,
      updated_at: l.decided_at ?? l.created_at,
    });
  },
  goal: (l, ctx) => {
    const type = metricType(String(l.slug));
    if (!type) return `Unknown metric "${String(l.slug)}"`;
    if (l.is_set !== true) return 'not set';
    const now = new Date().toISOString();
    const skips = ((l.skips as unknown[] | undefined) ?? []).map((day) => ({ user_id: ctx.userId, metric_type_id: type.id, day }));
    return rows(
      'metric_goals',
      { ...l, user_id: ctx.userId, metric_type_id: type.id, created_at: now, updated_at: now },
      { table: 'goal_skips', rows: skips },
    );
  },
  encryption_key: (l, ctx) => rows('encryption_keys', { ...l, user_id: ctx.userId }),
  replaced_encryption_key: (l, ctx) => rows('replaced_encryption_keys', { ...l, user_id: ctx.userId }),
  experiment: (l, ctx) => rows('experiments', { ...l, user_id: ctx.userId, start_date: l.start }),
  location_sample: sampleLine,
  reminder: reminderLine,
};

/**
 * A reminder as its read shows it, back in its columns. Webhooks are not in an archive, so one sent
 * to a webhook arrives without it (its due times fail as webhook_deleted until one is chosen); its
 * next due time counts from the import, as a schedule changed now does, and a snooze is dropped.
 */
function reminderLine(l: Json, ctx: ImportContext): Line | string {
  const target = isObject(l.target) ? l.target : null;
  const quiet = isObject(l.quiet) ? l.quiet : null;
  const schedule = {
    rrule: String(l.rrule),
    startsOn: String(l.starts_on),
    times: Array.isArray(l.times) ? l.times.map(String) : [],
    timezone: String(l.timezone),
  };
  let next: Date | null;
  try {
    next = nextDueAfter(schedule, ctx.now)?.dueAt ?? null;
  } catch {
    return 'Not a valid schedule (rrule, starts_on, times, timezone)';
  }
  return rows('reminders', {
    ...l,
    user_id: ctx.userId,
    target_kind: target?.kind ?? null,
    target_ref: target?.ref ?? null,
    quiet_start: quiet?.start ?? null,
    quiet_end: quiet?.end ?? null,
    webhook_id: null,
    next_due_at: next?.toISOString() ?? null,
    snoozed_until: null,
    snoozed_due_at: null,
  });
}

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
  'reminder',
];
