import { type Page, type SortKey } from '../../core/paging.ts';
import { findPage } from '../../db/find-page.ts';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Conflict, NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { EventSourceRow } from '../event-sources/event-source.entity.ts';
import { CalendarEvent } from './calendar-event.entity.ts';
import { CalendarEventListQuery } from './calendar.schemas.ts';
import { feedUrl, syncSource } from './sync.ts';

const bound = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v);

const CALENDAR_ORDER = [
  { field: 'startsAt', direction: 'asc' },
  { field: 'id', direction: 'asc' },
] as const satisfies readonly SortKey[];

/** The user's calendar events by starts_at (then id), starting in [from, to); cancelled ones only with include_cancelled. */
export async function pageCalendarEvents(actor: Actor, input: z.input<typeof CalendarEventListQuery>): Promise<Page<CalendarEvent>> {
  authorize(actor, actor.userId, 'read');
  const q = parse(CalendarEventListQuery, input);
  const where: Record<string, unknown> = { userId: actor.userId };
  if (!q.include_cancelled) where.status = { $ne: 'cancelled' };
  if (q.from || q.to) where.startsAt = { ...(q.from ? { $gte: bound(q.from) } : {}), ...(q.to ? { $lt: bound(q.to) } : {}) };
  return findPage(CalendarEvent, where, 'calendar_events', actor.userId, q, CALENDAR_ORDER, (e) => [e.startsAt, e.id]);
}

/** One page of calendar events, without its cursor (GraphQL's list field, MCP). */
export async function listCalendarEvents(actor: Actor, input: z.input<typeof CalendarEventListQuery>): Promise<CalendarEvent[]> {
  return (await pageCalendarEvents(actor, input)).items;
}

export async function getCalendarEvent(actor: Actor, id: string): Promise<CalendarEvent> {
  authorize(actor, actor.userId, 'read');
  const row = await em().findOne(CalendarEvent, { id, userId: actor.userId });
  if (!row) throw new NotFound('Calendar event');
  return row;
}

/**
 * Runs the feed sync of one of the user's sources now and answers the source with the outcome
 * (a feed that fails is recorded on it, not thrown). 409 when the source is not a calendar or has no url.
 */
export async function syncEventSource(actor: Actor, sourceId: string): Promise<EventSourceRow> {
  authorize(actor, actor.userId, 'write');
  const source = await em().findOne(EventSourceRow, { id: sourceId, userId: actor.userId });
  if (!source) throw new NotFound('Event source');
  if (source.kind !== 'calendar') throw new Conflict('Only calendar sources sync a feed');
  if (!feedUrl(source)) throw new Conflict('This calendar source has no config.url to sync');
  return syncSource(actor.userId, sourceId);
}

/** The caller's sources by id (for CalendarEvent.source in GraphQL); foreign ids are absent. */
export async function eventSourcesByIds(actor: Actor, ids: string[]): Promise<Map<string, EventSourceRow>> {
  authorize(actor, actor.userId, 'read');
  const rows = await em().find(EventSourceRow, { id: { $in: ids }, userId: actor.userId });
  return new Map(rows.map((r) => [r.id, r]));
}
