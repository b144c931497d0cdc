import { randomUUID } from 'node:crypto';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { eventsFeed, isoDay, startIcsServer, type IcsServer } from '../helpers/ics-server.ts';
import { asInputIssues } from '../helpers/input-issues.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** Calendar events and feed management through GraphQL: the same services, answers and rules as REST. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
let ics: IcsServer;
withServer((f) => ({ server, owner, other } = f));
beforeAll(async () => {
  ics = await startIcsServer({ bigBytes: 1024 * 1024 });
  ics.serve(
    '/g.ics',
    eventsFeed(
      [
        { uid: 'g1', day: -2 },
        { uid: 'g2', day: 3, title: 'Review' },
        { uid: 'g3', day: 12 },
      ],
      'Team',
    ),
  );
  ics.serve('/h.ics', eventsFeed([{ uid: 'h1', day: 1 }]));
  ics.serve(
    '/skips.ics',
    eventsFeed([{ uid: 'k1', day: 1 }]).replace(
      'END:VCALENDAR',
      'BEGIN:VEVENT\r\nUID:no-start\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR',
    ),
  );
});
afterAll(() => ics.stop());

type Rest = Record<string, any>;
const rest = (path: string, u: TestUser = owner) =>
  server
    .api()
    .get(`/users/${u.id}${path}`)
    .set(u.auth)
    .then((r) => r.body);
const restPost = (path: string, body?: object, u: TestUser = owner) =>
  server
    .api()
    .post(`/users/${u.id}${path}`)
    .set(u.auth)
    .send(body)
    .then((r) => r.body);

const SOURCE =
  'id kind sourceLabel enabled isDefault config lastSyncedAt lastSyncStatus lastSyncError lastSyncEventCount lastSyncCancelledCount lastSyncSkippedCount lastSyncSkippedReasons createdAt updatedAt';
const asSource = (s: Rest) => ({
  id: s.id,
  kind: s.kind,
  sourceLabel: s.source_label,
  enabled: s.enabled,
  isDefault: s.is_default,
  config: s.config,
  lastSyncedAt: s.last_synced_at,
  lastSyncStatus: s.last_sync_status,
  lastSyncError: s.last_sync_error,
  lastSyncEventCount: s.last_sync_event_count,
  lastSyncCancelledCount: s.last_sync_cancelled_count,
  lastSyncSkippedCount: s.last_sync_skipped_count,
  lastSyncSkippedReasons: s.last_sync_skipped_reasons,
  createdAt: s.created_at,
  updatedAt: s.updated_at,
});
const EVENT =
  'id externalId startsAt endsAt isAllDay status title attendeeCount calendarId calendarName rsvpStatus userRelevance createdAt updatedAt';
const asEvent = (e: Rest) => ({
  id: e.id,
  externalId: e.external_id,
  startsAt: e.starts_at,
  endsAt: e.ends_at,
  isAllDay: e.is_all_day,
  status: e.status,
  title: e.title,
  attendeeCount: e.attendee_count,
  calendarId: e.calendar_id,
  calendarName: e.calendar_name,
  rsvpStatus: e.rsvp_status,
  userRelevance: e.user_relevance,
  createdAt: e.created_at,
  updatedAt: e.updated_at,
});
const CREATE = `mutation($input: EventSourceCreateInput!) { createEventSource(input: $input) { ${SOURCE} } }`;
const SYNC = `mutation($id: UUID!) { syncEventSource(id: $id) { ${SOURCE} } }`;

test('createEventSource and syncEventSource answer what REST shows; calendarEvents and calendarEvent equal REST', async () => {
  const { createEventSource: made } = await gqlData(server, owner, CREATE, {
    input: { sourceLabel: 'Team', config: { url: `${ics.url}/g.ics` } },
  });
  expect(made).toEqual(asSource(await rest(`/event-sources/${made.id}`)));
  expect(made).toMatchObject({ kind: 'calendar', isDefault: false, enabled: true, lastSyncStatus: null });
  const { syncEventSource: synced } = await gqlData(server, owner, SYNC, { id: made.id });
  expect(synced).toMatchObject({ lastSyncStatus: 'ok', lastSyncEventCount: 3, lastSyncCancelledCount: 0 });
  expect(synced).toEqual(asSource(await rest(`/event-sources/${made.id}`)));

  const list: Rest[] = await rest('/calendar/events?include_cancelled=true');
  const { me } = await gqlData(
    server,
    owner,
    `query($id: UUID!, $from: String) { me {
    all: calendarEvents(includeCancelled: true) { ${EVENT} }
    later: calendarEvents(from: $from, limit: 1) { externalId }
    calendarEvent(id: $id) { ${EVENT} source { ${SOURCE} } } } }`,
    { id: list[1].id, from: `${isoDay(0)}` },
  );
  expect(me.all).toEqual(list.map(asEvent));
  expect(me.all.map((e: Rest) => e.externalId)).toEqual(['g1', 'g2', 'g3']);
  expect(me.later).toEqual((await rest(`/calendar/events?from=${isoDay(0)}&limit=1`)).map((e: Rest) => ({ externalId: e.external_id })));
  expect(me.later).toEqual([{ externalId: 'g2' }]);
  const { source, ...event } = me.calendarEvent;
  expect(event).toEqual(asEvent(await rest(`/calendar/events/${list[1].id}`)));
  expect(event).toMatchObject({ title: 'Review', calendarName: 'Team', status: 'confirmed' });
  expect(source).toEqual(asSource(await rest(`/event-sources/${made.id}`)));
});

test('what a sync skipped reads as in REST: lastSyncSkippedCount and lastSyncSkippedReasons', async () => {
  const { createEventSource: made } = await gqlData(server, owner, CREATE, {
    input: { sourceLabel: 'Skips', config: { url: `${ics.url}/skips.ics` } },
  });
  expect(made).toMatchObject({ lastSyncSkippedCount: null, lastSyncSkippedReasons: null });
  const { syncEventSource: synced } = await gqlData(server, owner, SYNC, { id: made.id });
  expect(synced).toMatchObject({
    lastSyncStatus: 'ok',
    lastSyncEventCount: 1,
    lastSyncSkippedCount: 1,
    lastSyncSkippedReasons: ['Event no-start: it has no DTSTART'],
  });
  expect(synced).toEqual(asSource(await rest(`/event-sources/${made.id}`)));
  await server.api().delete(`/users/${owner.id}/event-sources/${made.id}`).set(owner.auth);
});

test('a cancelled event shows only with includeCancelled, as in REST', async () => {
  ics.serve(
    '/c.ics',
    eventsFeed([
      { uid: 'c1', day: 4 },
      { uid: 'c2', day: 5 },
    ]),
  );
  const made = await restPost('/event-sources', { config: { url: `${ics.url}/c.ics` } });
  await restPost(`/event-sources/${made.id}/sync`);
  ics.serve('/c.ics', eventsFeed([{ uid: 'c1', day: 4 }]));
  await gqlData(server, owner, SYNC, { id: made.id });
  const { me } = await gqlData(
    server,
    owner,
    `{ me { shown: calendarEvents { ${EVENT} } hidden: calendarEvents(includeCancelled: false) { id } all: calendarEvents(includeCancelled: true) { ${EVENT} } } }`,
  );
  expect(me.shown).toEqual((await rest('/calendar/events')).map(asEvent));
  expect(me.hidden).toEqual(me.shown.map((e: Rest) => ({ id: e.id })));
  expect(me.all).toEqual((await rest('/calendar/events?include_cancelled=true')).map(asEvent));
  expect(me.all.find((e: Rest) => e.externalId === 'c2').status).toBe('cancelled');
  expect(me.shown.map((e: Rest) => e.externalId)).not.toContain('c2');
});

test('deleteEventSource removes the source and its events; a default source is CONFLICT', async () => {
  const made = await restPost('/event-sources', { config: { url: `${ics.url}/h.ics` } });
  await restPost(`/event-sources/${made.id}/sync`);
  const event = (await rest('/calendar/events')).find((e: Rest) => e.calendar_id === made.id);
  expect((await gqlData(server, owner, 'mutation($id: UUID!) { deleteEventSource(id: $id) }', { id: made.id })).deleteEventSource).toBe(
    true,
  );
  expect((await server.api().get(`/users/${owner.id}/event-sources/${made.id}`).set(owner.auth)).status).toBe(404);
  expect((await server.api().get(`/users/${owner.id}/calendar/events/${event.id}`).set(owner.auth)).status).toBe(404);
  const defaults: Rest[] = await rest('/event-sources');
  const calendar = defaults.find((s) => s.kind === 'calendar' && s.is_default)!;
  expect((await gqlError(server, owner, 'mutation($id: UUID!) { deleteEventSource(id: $id) }', { id: calendar.id })).code).toBe('CONFLICT');
  const health = defaults.find((s) => s.kind === 'health')!;
  expect((await gqlError(server, owner, SYNC, { id: health.id })).code).toBe('CONFLICT');
  expect((await gqlError(server, owner, SYNC, { id: calendar.id })).code).toBe('CONFLICT');
});

test('validation issues are the REST ones under the input argument or the field arguments', async () => {
  const body = { kind: 'calendar', source_label: '', config: { url: 'ftp://example.org/x.ics' } };
  const restBad = await server.api().post(`/users/${owner.id}/event-sources`).set(owner.auth).send(body);
  const bad = await gqlError(server, owner, CREATE, {
    input: { kind: 'calendar', sourceLabel: '', config: { url: 'ftp://example.org/x.ics' } },
  });
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.detail).toEqual(asInputIssues(restBad));
  expect(bad.locs.sort()).toEqual(['input.config.url', 'input.sourceLabel']);
  expect((await gqlError(server, owner, CREATE, { input: { kind: 'health', config: { url: 'https://example.org/a.ics' } } })).locs).toEqual(
    ['input.kind'],
  );
  const calendar = (await rest('/event-sources')).find((s: Rest) => s.kind === 'calendar' && s.is_default);
  const patch = await gqlError(
    server,
    owner,
    'mutation($id: UUID!) { updateEventSource(id: $id, input: { config: { url: "nope" } }) { id } }',
    { id: calendar.id },
  );
  expect(patch.locs).toEqual(['input.config.url']);
  for (const [args, loc] of [
    ['from: "soon"', 'from'],
    ['to: "2026-13-01"', 'to'],
    ['from: "2026-02-02", to: "2026-02-01"', 'to'],
    ['limit: 0', 'limit'],
    ['offset: -1', 'offset'],
  ]) {
    const error = await gqlError(server, owner, `{ me { calendarEvents(${args}) { id } } }`);
    expect([error.code, error.locs]).toEqual(['BAD_USER_INPUT', [loc]]);
  }
});

test("another user's ids are NOT_FOUND on every field and mutation", async () => {
  const theirs = await restPost('/event-sources', { config: { url: `${ics.url}/h.ics` } }, other);
  await restPost(`/event-sources/${theirs.id}/sync`, undefined, other);
  const theirEvent = (await rest('/calendar/events', other))[0];
  expect((await gqlError(server, owner, 'query($id: UUID!) { me { calendarEvent(id: $id) { id } } }', { id: theirEvent.id })).code).toBe(
    'NOT_FOUND',
  );
  expect((await gqlError(server, owner, 'query($id: UUID!) { me { calendarEvent(id: $id) { id } } }', { id: randomUUID() })).code).toBe(
    'NOT_FOUND',
  );
  for (const query of [SYNC, 'mutation($id: UUID!) { deleteEventSource(id: $id) }']) {
    expect((await gqlError(server, owner, query, { id: theirs.id })).code).toBe('NOT_FOUND');
  }
  const { me } = await gqlData(server, owner, '{ me { calendarEvents(includeCancelled: true, limit: 500) { id } } }');
  expect(me.calendarEvents.map((e: Rest) => e.id)).not.toContain(theirEvent.id);
  expect(await rest(`/event-sources/${theirs.id}`, other)).toMatchObject({ id: theirs.id });
  const path = await gqlError(server, other, 'query($id: UUID!) { user(id: $id) { calendarEvents { id } } }', { id: owner.id });
  expect(path.code).toBe('FORBIDDEN');
});

test('a read-only token reads calendar events but createEventSource, deleteEventSource and syncEventSource are FORBIDDEN', async () => {
  const made = await restPost('/event-sources', { config: { url: `${ics.url}/h.ics` } });
  const reader = await readOnly(server, owner);
  const before = await rest('/event-sources');
  for (const query of [
    'mutation { createEventSource(input: { config: { url: "https://example.org/a.ics" } }) { id } }',
    'mutation($id: UUID!) { deleteEventSource(id: $id) }',
    'mutation($id: UUID!) { syncEventSource(id: $id) { id } }',
  ]) {
    expect((await gqlError(server, reader, query, { id: made.id })).code).toBe('FORBIDDEN');
  }
  expect(await rest('/event-sources')).toEqual(before);
  const { me } = await gqlData(server, reader, `{ me { calendarEvents(includeCancelled: true, limit: 500) { ${EVENT} } } }`);
  expect(me.calendarEvents).toEqual((await rest('/calendar/events?include_cancelled=true&limit=500')).map(asEvent));
});
