import { type Page, type SortKey } from '../../core/paging.ts';
import { findPage } from '../../db/find-page.ts';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { localDateOf } from '../../core/clock.ts';
import { Conflict, Invalid, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { assertSameRequest, requestFingerprint } from '../../core/idempotency.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { Category } from '../categories/category.entity.ts';
import { isOwnSavedMeal, logSavedMeal } from '../food/meal-items.ts';
import { loadUser } from '../users/users.service.ts';
import { durationSeconds, formatDuration } from './duration.ts';
import { Event, type EVENT_SOURCES } from './event.entity.ts';
import { EventCreate, EventListQuery, EventUpdate } from './events.schemas.ts';

export type EventSource = (typeof EVENT_SOURCES)[number];

async function checkCategory(actor: Actor, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId) return;
  const found = await em().count(Category, { id: categoryId, userId: actor.userId });
  if (!found) throw Invalid.at(['category_id'], 'Unknown category', 'not_found');
}

async function checkSavedMeal(actor: Actor, savedMealId: string | null | undefined): Promise<void> {
  if (savedMealId && !(await isOwnSavedMeal(actor, savedMealId))) throw Invalid.at(['saved_meal_id'], 'Unknown saved meal', 'not_found');
}

function normalizedDuration(d: string | null | undefined) {
  if (d === undefined) return undefined;
  if (d === null) return { duration: null, durationSeconds: null };
  const seconds = durationSeconds(d)!;
  return { duration: formatDuration(seconds), durationSeconds: seconds };
}

/** A new event's fields, typed: what internal callers (timers, suggestions, automations) log. */
export type NewEvent = {
  clientId?: string | null;
  categoryId?: string | null;
  occurredAt?: Date;
  localDate?: string;
  duration?: string | null;
  booleanValue?: boolean | null;
  scalarValue?: number | null;
  notes?: string | null;
  tags?: string[] | null;
  metadata?: Record<string, unknown>;
  encryptedPayload?: string | null;
  savedMealId?: string | null;
};

/** A validated EventCreate as the typed fields logEvent takes. */
function newEventFrom(data: EventCreate): NewEvent {
  return {
    clientId: data.client_id,
    categoryId: data.category_id,
    occurredAt: data.occurred_at ? new Date(data.occurred_at) : undefined,
    localDate: data.local_date,
    duration: data.duration,
    booleanValue: data.boolean_value,
    scalarValue: data.scalar_value,
    notes: data.notes,
    tags: data.tags,
    metadata: data.metadata,
    encryptedPayload: data.encrypted_payload,
    savedMealId: data.saved_meal_id,
  };
}

/**
 * The request a client_id stands for, in the spelling of the create body (so fingerprints stored
 * before this function existed still match): one spelling per instant, absent fields left out.
 */
function fingerprintOf(e: NewEvent, source: EventSource): string {
  return requestFingerprint({
    boolean_value: e.booleanValue,
    category_id: e.categoryId,
    client_id: e.clientId,
    duration: e.duration,
    encrypted_payload: e.encryptedPayload,
    local_date: e.localDate,
    metadata: e.metadata,
    notes: e.notes,
    occurred_at: e.occurredAt ? e.occurredAt.toISOString() : null,
    saved_meal_id: e.savedMealId,
    scalar_value: e.scalarValue,
    tags: e.tags,
    source,
  });
}

/** Creates an event from a client's body (validated here); see logEvent. */
export async function createEvent(
  actor: Actor,
  input: z.input<typeof EventCreate>,
  source: EventSource = 'user',
): Promise<{ event: Event; created: boolean }> {
  authorize(actor, actor.userId, 'write');
  return logEvent(actor, newEventFrom(parse(EventCreate, input)), source);
}

/**
 * Events' rows in one statement, whatever their number: the batch as a JSON document of rows. A
 * client_id already taken inserts nothing (on conflict do nothing, not catch-and-retry: it stays
 * correct inside a caller's transaction); answers the rows inserted.
 */
const INSERT_SQL = `
insert into events (id, user_id, client_id, category_id, occurred_at, local_date, duration, duration_seconds,
  boolean_value, scalar_value, notes, tags, metadata, encrypted_payload, saved_meal_id, source, created_at, updated_at,
  request_fingerprint)
select r.id, $1, r.client_id, r.category_id, r.occurred_at, r.local_date, r.duration, r.duration_seconds,
  r.boolean_value, r.scalar_value, r.notes, r.tags, r.metadata, r.encrypted_payload, r.saved_meal_id, r.source, $2, $2,
  r.request_fingerprint
from jsonb_to_recordset($3::jsonb) as r(id uuid, client_id uuid, category_id uuid, occurred_at timestamptz, local_date date,
  duration text, duration_seconds float8, boolean_value boolean, scalar_value float8, notes text, tags text[], metadata jsonb,
  encrypted_payload text, saved_meal_id uuid, source text, request_fingerprint text)
on conflict (user_id, client_id) do nothing
returning *`;

/** A new event's row as INSERT_SQL reads it. */
function eventRow(data: NewEvent, source: EventSource, fingerprint: string | null, occurredAt: Date, localDate: string) {
  const duration = normalizedDuration(data.duration);
  return {
    id: newId(),
    client_id: data.clientId ?? null,
    category_id: data.categoryId ?? null,
    occurred_at: occurredAt,
    local_date: localDate,
    duration: duration?.duration ?? null,
    duration_seconds: duration?.durationSeconds ?? null,
    boolean_value: data.booleanValue ?? null,
    scalar_value: data.scalarValue ?? null,
    notes: data.notes ?? null,
    tags: data.tags ?? null,
    metadata: data.metadata ?? {},
    encrypted_payload: data.encryptedPayload ?? null,
    saved_meal_id: data.savedMealId ?? null,
    source,
    request_fingerprint: fingerprint,
  };
}

const insertRows = (userId: string, rows: ReturnType<typeof eventRow>[]) =>
  query<Record<string, unknown>>(INSERT_SQL, [userId, new Date(), JSON.stringify(rows)]);

/**
 * Logs an event; with a client_id a re-submit of the same request returns the first event
 * (created=false) and the same key with a different request is a Conflict. Under concurrency
 * the unique key (user_id, client_id) decides which request created it.
 */
export async function logEvent(actor: Actor, data: NewEvent, source: EventSource): Promise<{ event: Event; created: boolean }> {
  authorize(actor, actor.userId, 'write');
  const fingerprint = data.clientId ? fingerprintOf(data, source) : null;
  const replay = (existing: Event) => replayed(existing, fingerprint!, data.clientId!);
  if (data.clientId) {
    const existing = await em().findOne(Event, { userId: actor.userId, clientId: data.clientId });
    if (existing) return replay(existing);
  }
  await checkCategory(actor, data.categoryId);
  await checkSavedMeal(actor, data.savedMealId);
  const occurredAt = data.occurredAt ?? new Date();
  const localDate = data.localDate ?? localDateOf(occurredAt, (await loadUser(actor.userId)).timezone);
  const row = eventRow(data, source, fingerprint, occurredAt, localDate);
  const insert = async () => {
    const inserted = await insertRows(actor.userId, [row]);
    if (inserted.length === 0) return replay(await em().findOneOrFail(Event, { userId: actor.userId, clientId: data.clientId! }));
    if (data.savedMealId) await logSavedMeal(actor, data.savedMealId, row.id);
    // The inserted row as the entity, without reading it back.
    return { event: em().map(Event, inserted[0]), created: true };
  };
  // A logged meal's items are written with its event or not at all; a plain event is one statement.
  return data.savedMealId ? em().transactional(insert) : insert();
}

type EventOutcome = { event: Event; created: boolean } | Invalid | Conflict;

/**
 * Many events at once, for an import's rows: each input under createEvent's rules (EventCreate, a
 * client_id's replay or Conflict, a known category), for the lot in three statements (the
 * client_ids already taken, the categories named, the insert) where createEvent takes three an
 * event. Answers each input's outcome in order: what createEvent answers, or the Invalid or
 * Conflict it would throw. An input without a client_id or with a saved meal, and a repeat of a
 * client_id whose first use failed, go through createEvent itself, in order.
 */
export async function createEvents(
  actor: Actor,
  inputs: readonly z.input<typeof EventCreate>[],
  source: EventSource,
): Promise<EventOutcome[]> {
  authorize(actor, actor.userId, 'write');
  const outcomes = new Array<EventOutcome | undefined>(inputs.length);
  /** Input k's outcome from `f`: what it answers (undefined: decided later), or the domain error it throws. */
  const settle = async (k: number, f: () => Promise<EventOutcome | undefined> | EventOutcome | undefined) => {
    try {
      outcomes[k] = await f();
    } catch (err) {
      if (!(err instanceof Invalid || err instanceof Conflict)) throw err;
      outcomes[k] = err;
    }
  };
  type Keyed = { k: number; data: NewEvent & { clientId: string }; fingerprint: string };
  const keyed: Keyed[] = [];
  const alone: { k: number; data: NewEvent }[] = [];
  for (const [k, input] of inputs.entries()) {
    await settle(k, () => {
      const data = newEventFrom(parse(EventCreate, input));
      if (data.clientId && !data.savedMealId)
        keyed.push({ k, data: { ...data, clientId: data.clientId }, fingerprint: fingerprintOf(data, source) });
      else alone.push({ k, data });
      return undefined;
    });
  }

  const clientIds = [...new Set(keyed.map((x) => x.data.clientId))];
  const existing = new Map(
    clientIds.length ? (await em().find(Event, { userId: actor.userId, clientId: { $in: clientIds } })).map((e) => [e.clientId!, e]) : [],
  );
  const categoryIds = [...new Set(keyed.map((x) => x.data.categoryId).filter((id): id is string => !!id))];
  const known = new Set(
    categoryIds.length
      ? (await em().find(Category, { userId: actor.userId, id: { $in: categoryIds } }, { fields: ['id'] })).map((c) => c.id)
      : [],
  );
  const timezone = keyed.some((x) => !x.data.localDate) ? (await loadUser(actor.userId)).timezone : 'UTC';

  // A client_id the batch uses again replays against its first use, as a re-submit would.
  const first = new Map<string, Keyed & { row: ReturnType<typeof eventRow> }>();
  for (const x of keyed) {
    const { k, data, fingerprint } = x;
    await settle(k, () => {
      const stored = existing.get(data.clientId);
      if (stored) return replayed(stored, fingerprint, data.clientId);
      if (first.has(data.clientId)) return (alone.push(x), undefined);
      if (data.categoryId && !known.has(data.categoryId)) throw Invalid.at(['category_id'], 'Unknown category', 'not_found');
      const occurredAt = data.occurredAt ?? new Date();
      const localDate = data.localDate ?? localDateOf(occurredAt, timezone);
      first.set(data.clientId, { ...x, row: eventRow(data, source, fingerprint, occurredAt, localDate) });
      return undefined;
    });
  }
  const rows = [...first.values()];
  const inserted = new Map(
    rows.length
      ? (
          await insertRows(
            actor.userId,
            rows.map((x) => x.row),
          )
        ).map((r) => [String(r.client_id), r])
      : [],
  );
  for (const { k, data, fingerprint } of rows) {
    const row = inserted.get(data.clientId);
    // Not inserted: another request took the client_id meanwhile, and is replayed as such.
    await settle(k, async () =>
      row
        ? { event: em().map(Event, row), created: true }
        : replayed(await em().findOneOrFail(Event, { userId: actor.userId, clientId: data.clientId }), fingerprint, data.clientId),
    );
  }
  // The rest one by one, in input order, after the batch: each finds what came before it written.
  for (const { k, data } of alone.sort((a, b) => a.k - b.k)) await settle(k, () => logEvent(actor, data, source));
  return outcomes as EventOutcome[];
}

/** A client_id's event again: the same request gets it back (created: false); another is a Conflict. */
function replayed(existing: Event, fingerprint: string, clientId: string): { event: Event; created: boolean } {
  assertSameRequest(existing.requestFingerprint, fingerprint, clientId);
  return { event: existing, created: false };
}

async function ownEvent(actor: Actor, eventId: string): Promise<Event> {
  const event = await em().findOne(Event, { id: eventId, userId: actor.userId });
  if (!event) throw new NotFound('Event');
  return event;
}

/** Batch read for relations (a suggestion's resulting event): the user's events among `ids`, by id. */
export async function eventsByIds(actor: Actor, ids: string[]): Promise<Map<string, Event>> {
  authorize(actor, actor.userId, 'read');
  const rows = ids.length ? await em().find(Event, { userId: actor.userId, id: { $in: ids } }) : [];
  return new Map(rows.map((e) => [e.id, e]));
}

export async function getEvent(actor: Actor, eventId: string): Promise<Event> {
  authorize(actor, actor.userId, 'read');
  return ownEvent(actor, eventId);
}

const EVENT_ORDER = [
  { field: 'occurredAt', direction: 'desc' },
  { field: 'id', direction: 'desc' },
] as const satisfies readonly SortKey[];

/** Events, newest first; by cursor, each page starts after the last one through the (user, occurred_at) index. */
export async function pageEvents(actor: Actor, input: z.input<typeof EventListQuery>): Promise<Page<Event>> {
  authorize(actor, actor.userId, 'read');
  const q = parse(EventListQuery, input);
  const where: Record<string, unknown> = { userId: actor.userId };
  // A bare date filters on the user's local calendar day; a date-time on the instant.
  const bound = (key: string, op: string, value: string | undefined) => {
    if (!value) return;
    const [field, v] = value.length === 10 ? ['localDate', value] : ['occurredAt', new Date(value)];
    where[field] = { ...(where[field] as object), [value.length === 10 ? key : op]: v };
  };
  bound('$gte', '$gte', q.from);
  bound('$lte', '$lt', q.to);
  if (q.category_id) where.categoryId = q.category_id;
  if (q.tag) where.tags = { $contains: [q.tag] };
  return findPage(Event, where, 'events', actor.userId, q, EVENT_ORDER, (e) => [e.occurredAt, e.id]);
}

/** One page of events, without its cursor (GraphQL's list field, MCP). */
export async function listEvents(actor: Actor, input: z.input<typeof EventListQuery>): Promise<Event[]> {
  return (await pageEvents(actor, input)).items;
}

export async function updateEvent(actor: Actor, eventId: string, input: z.input<typeof EventUpdate>): Promise<Event> {
  authorize(actor, actor.userId, 'write');
  const data = parse(EventUpdate, input);
  const event = await ownEvent(actor, eventId);
  await checkCategory(actor, data.category_id);
  await checkSavedMeal(actor, data.saved_meal_id);
  if (data.occurred_at !== undefined) {
    event.occurredAt = new Date(data.occurred_at);
    if (data.local_date === undefined) {
      event.localDate = localDateOf(event.occurredAt, (await loadUser(actor.userId)).timezone);
    }
  }
  if (data.local_date !== undefined) event.localDate = data.local_date;
  const duration = normalizedDuration(data.duration);
  if (duration) Object.assign(event, duration);
  if (data.category_id !== undefined) event.categoryId = data.category_id;
  if (data.boolean_value !== undefined) event.booleanValue = data.boolean_value;
  if (data.scalar_value !== undefined) event.scalarValue = data.scalar_value;
  if (data.notes !== undefined) event.notes = data.notes;
  if (data.tags !== undefined) event.tags = data.tags;
  if (data.metadata !== undefined) event.metadata = data.metadata;
  if (data.encrypted_payload !== undefined) event.encryptedPayload = data.encrypted_payload;
  if (data.saved_meal_id !== undefined) event.savedMealId = data.saved_meal_id;
  event.updatedAt = new Date();
  await em().flush();
  return event;
}

export async function deleteEvent(actor: Actor, eventId: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const deleted = await em().nativeDelete(Event, { id: eventId, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Event');
}
