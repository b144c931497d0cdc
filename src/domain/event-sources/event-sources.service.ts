import { authorize, type Actor } from '../../core/actor.ts';
import { Conflict, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { EVENT_SOURCE_KINDS, EventSourceRow, type EventSourceKind } from './event-source.entity.ts';
import { checkFeedUrl } from '../calendar/sync.ts';
import { z } from 'zod';
import { CalendarConfig, EventSourceCreate, EventSourceListQuery, EventSourceUpdate } from './event-sources.schemas.ts';

/** Every user has one default source per kind (docs/architecture.md, Enumerations). */
const DEFAULT_LABELS: Record<EventSourceKind, string> = {
  manual: 'Manual entry',
  health: 'Health data',
  calendar: 'Calendar',
  location: 'Location',
  log_capture: 'Log capture',
  import: 'Import',
};

/** Whether some user lacks a default source: asked first at start-up (as ANY_DEFINITION_MISSING). */
const ANY_DEFAULT_MISSING = `
select exists (
  select 1 from users u cross join unnest($1::text[]) as k
  where not exists (select 1 from event_sources s where s.user_id = u.id and s.kind = k and s.is_default)
) as missing`;

/**
 * The default sources, written when the user is created and at start-up for users missing one
 * (never by a read). `userId` null means every user. Idempotent under concurrency: the partial
 * unique key (user_id, kind) where is_default decides.
 */
export async function provisionEventSources(userId: string | null): Promise<void> {
  if (userId === null && !(await query<{ missing: boolean }>(ANY_DEFAULT_MISSING, [[...EVENT_SOURCE_KINDS]]))[0].missing) return;
  await query(
    `insert into event_sources (id, user_id, kind, source_label, enabled, is_default, config, created_at, updated_at)
     select gen_random_uuid(), u.id, d.kind, d.label, true, true, '{}'::jsonb, now(), now()
     from users u cross join unnest($2::text[], $3::text[]) as d (kind, label)
     where $1::uuid is null or u.id = $1
     on conflict (user_id, kind) where is_default do nothing`,
    [userId, [...EVENT_SOURCE_KINDS], EVENT_SOURCE_KINDS.map((k) => DEFAULT_LABELS[k])],
  );
}

const ORDER = new Map(EVENT_SOURCE_KINDS.map((k, i) => [k, i]));

export async function listEventSources(actor: Actor, input: z.input<typeof EventSourceListQuery>): Promise<EventSourceRow[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(EventSourceListQuery, input);
  const rows = await em().find(EventSourceRow, { userId: actor.userId });
  rows.sort(
    (a, b) =>
      Number(b.isDefault) - Number(a.isDefault) ||
      ORDER.get(a.kind)! - ORDER.get(b.kind)! ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id.localeCompare(b.id),
  );
  return rows.slice(q.offset, q.offset + q.limit);
}

async function ownSource(actor: Actor, id: string): Promise<EventSourceRow> {
  const row = await em().findOne(EventSourceRow, { id, userId: actor.userId });
  if (!row) throw new NotFound('Event source');
  return row;
}

export async function getEventSource(actor: Actor, id: string): Promise<EventSourceRow> {
  authorize(actor, actor.userId, 'read');
  return ownSource(actor, id);
}

export async function updateEventSource(actor: Actor, id: string, input: z.input<typeof EventSourceUpdate>): Promise<EventSourceRow> {
  authorize(actor, actor.userId, 'write');
  const data = parse(EventSourceUpdate, input);
  const row = await ownSource(actor, id);
  // A calendar source's config.url is its feed: checked like on create (422 at config.url), where it points too.
  if (data.config !== undefined && row.kind === 'calendar') {
    data.config = parse(CalendarPatch, { config: data.config }).config;
    if (typeof data.config.url === 'string') await checkFeedUrl(data.config.url);
  }
  if (data.config !== undefined) row.config = data.config;
  if (data.enabled !== undefined) row.enabled = data.enabled;
  if (data.source_label !== undefined) row.sourceLabel = data.source_label;
  row.updatedAt = new Date();
  await em().flush();
  return row;
}

const CalendarPatch = z.object({ config: CalendarConfig });

/** Another calendar feed of the user (not a default source); it syncs with the others, or at once through POST .../sync. */
export async function createEventSource(actor: Actor, input: z.input<typeof EventSourceCreate>): Promise<EventSourceRow> {
  authorize(actor, actor.userId, 'write');
  const data = parse(EventSourceCreate, input);
  // Where the feed points, as CALENDAR_FEED_NETWORKS allows (a 422 at config.url); the sync checks again.
  await checkFeedUrl(data.config.url);
  const now = new Date();
  const row = em().create(EventSourceRow, {
    id: newId(),
    userId: actor.userId,
    kind: data.kind,
    sourceLabel: data.source_label,
    enabled: data.enabled,
    isDefault: false,
    config: data.config,
    lastSyncedAt: null,
    lastSyncStatus: null,
    lastSyncError: null,
    lastSyncEventCount: null,
    lastSyncCancelledCount: null,
    lastSyncSkippedCount: null,
    lastSyncSkippedReasons: null,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return row;
}

/** Deletes a source the user added, with its calendar events; a default source cannot go (409), only be disabled. */
export async function deleteEventSource(actor: Actor, id: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const row = await ownSource(actor, id);
  if (row.isDefault) throw new Conflict('A default source cannot be deleted; disable it instead');
  await em().nativeDelete(EventSourceRow, { id, userId: actor.userId, isDefault: false });
}

/** False when the user switched the default source of this kind off; a missing row means on. */
export async function sourceEnabled(userId: string, kind: EventSourceKind): Promise<boolean> {
  const row = await em().findOne(EventSourceRow, { userId, kind, isDefault: true }, { fields: ['enabled'] });
  return row ? row.enabled : true;
}
