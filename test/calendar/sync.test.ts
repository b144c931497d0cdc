import type { syncSource as SyncSource } from '../../src/domain/calendar/sync.ts';
import { ISO_UTC, UUID } from '../helpers/expect.ts';
import { BROKEN_FEED, eventsFeed, isoDay, startIcsServer, workFeed, zonedInstant, type IcsServer } from '../helpers/ics-server.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** Calendar feeds synced from a local ICS server: recurrence, exceptions, zones, all-day, cancellations, failures. */
const MAX_BYTES = 64 * 1024;
let server: IsolatedServer;
let owner: TestUser;
let ics: IcsServer;
withIsolatedServer(
  (f) => ({ server, owner } = f),
  { timezone: 'Asia/Tokyo' },
  () => ({ calendarFetchTimeoutMs: 500, calendarMaxBytes: MAX_BYTES }),
);
beforeAll(async () => {
  ics = await startIcsServer({ bigBytes: MAX_BYTES });
});
afterAll(() => ics.stop());

type Row = Record<string, any>;
const base = () => `/users/${owner.id}`;
const addSource = async (path: string, label = 'Work') => {
  const res = await server
    .api()
    .post(`${base()}/event-sources`)
    .set(owner.auth)
    .send({ source_label: label, config: { url: `${ics.url}${path}` } });
  expect(res.status).toBe(201);
  return res.body as Row;
};
const sync = async (id: string) => {
  const res = await server.api().post(`${base()}/event-sources/${id}/sync`).set(owner.auth);
  expect(res.status).toBe(200);
  return res.body as Row;
};
const events = async (q = 'include_cancelled=true&limit=500') =>
  (await server.api().get(`${base()}/calendar/events?${q}`).set(owner.auth)).body as Row[];
const ofSource = async (id: string, q?: string) => (await events(q)).filter((e) => e.calendar_id === id);
const noMs = (iso: string) => iso.replace('.000Z', 'Z');
const berlin9 = (day: number) => zonedInstant(isoDay(day), '09:00:00', 'Europe/Berlin');

describe('a feed with recurrence, an exception, zones, an all-day and a cancelled event', () => {
  let source: Row;
  let first: Row[];

  beforeAll(async () => {
    ics.serve('/work.ics', workFeed(1, owner.email));
    source = await addSource('/work.ics');
    expect(source).toMatchObject({
      kind: 'calendar',
      is_default: false,
      last_synced_at: null,
      last_sync_status: null,
      last_sync_skipped_count: null,
      last_sync_skipped_reasons: null,
    });
    const synced = await sync(source.id);
    expect(synced).toMatchObject({
      id: source.id,
      last_sync_status: 'ok',
      last_sync_error: null,
      last_sync_event_count: 11,
      last_sync_cancelled_count: 0,
      last_sync_skipped_count: 0,
      last_sync_skipped_reasons: [],
    });
    expect(synced.last_synced_at).toMatch(ISO_UTC);
    first = await ofSource(source.id);
  });

  test('every event inside the window, ordered by starts_at, in the CalendarEventRead shape', async () => {
    expect(first).toHaveLength(11);
    const starts = first.map((e) => e.starts_at);
    expect([...starts].sort()).toEqual(starts);
    for (const e of first) {
      expect(Object.keys(e).sort()).toEqual([
        'attendee_count',
        'calendar_id',
        'calendar_name',
        'created_at',
        'ends_at',
        'external_id',
        'id',
        'is_all_day',
        'rsvp_status',
        'starts_at',
        'status',
        'title',
        'updated_at',
        'user_id',
        'user_relevance',
      ]);
      expect(e).toMatchObject({ user_id: owner.id, calendar_id: source.id, calendar_name: 'Work' });
      expect(e.id).toMatch(UUID);
    }
    expect(first.map((e) => e.external_id)).not.toContain('old@test');
  });

  test('the weekly Berlin series: EXDATE skipped, the overridden instance moved, ids UID::original start', async () => {
    const standups = first.filter((e) => e.external_id.startsWith('standup@test::'));
    expect(standups.map((e) => e.external_id)).toEqual([-14, -7, 0, 14, 21].map((d) => `standup@test::${noMs(berlin9(d))}`));
    for (const d of [-14, -7, 0, 21]) {
      const e = standups.find((s) => s.external_id === `standup@test::${noMs(berlin9(d))}`)!;
      expect(e).toMatchObject({ title: 'Standup', starts_at: berlin9(d), is_all_day: false, status: 'confirmed' });
      expect(Date.parse(e.ends_at) - Date.parse(e.starts_at)).toBe(30 * 60_000);
    }
    const moved = standups.find((s) => s.external_id === `standup@test::${noMs(berlin9(14))}`)!;
    expect(moved).toMatchObject({
      title: 'Standup (moved)',
      starts_at: zonedInstant(isoDay(14), '15:00:00', 'Europe/Berlin'),
      ends_at: zonedInstant(isoDay(14), '16:00:00', 'Europe/Berlin'),
    });
  });

  test("a TZID without VTIMEZONE (America/New_York) and a floating time (the user's timezone) land at the right instant", () => {
    expect(first.find((e) => e.external_id === 'ny@test')).toMatchObject({
      starts_at: zonedInstant(isoDay(3), '10:00:00', 'America/New_York'),
      ends_at: zonedInstant(isoDay(3), '11:00:00', 'America/New_York'),
    });
    expect(first.find((e) => e.external_id === 'floating@test')).toMatchObject({
      starts_at: zonedInstant(isoDay(8), '08:00:00', 'Asia/Tokyo'),
      ends_at: zonedInstant(isoDay(8), '09:00:00', 'Asia/Tokyo'),
    });
  });

  test("an all-day event keeps its dates at 00:00Z (exclusive end), whatever the user's timezone", () => {
    expect(first.find((e) => e.external_id === 'allday@test')).toMatchObject({
      title: 'Conference',
      is_all_day: true,
      starts_at: `${isoDay(5)}T00:00:00.000Z`,
      ends_at: `${isoDay(7)}T00:00:00.000Z`,
      status: 'confirmed',
    });
  });

  test("STATUS:CANCELLED and TENTATIVE; the user's RSVP and role from ATTENDEE/ORGANIZER", () => {
    expect(first.find((e) => e.external_id === 'cancelled@test')).toMatchObject({ status: 'cancelled', title: 'Called off' });
    expect(first.find((e) => e.external_id === 'tentative@test')).toMatchObject({
      status: 'tentative',
      attendee_count: 2,
      rsvp_status: 'tentative',
      user_relevance: 'attendee',
      starts_at: `${isoDay(4)}T11:00:00.000Z`,
      ends_at: `${isoDay(4)}T12:30:00.000Z`,
    });
    expect(first.find((e) => e.external_id === 'ny@test')).toMatchObject({ attendee_count: 0, rsvp_status: null, user_relevance: null });
  });

  test('the list hides cancelled events unless include_cancelled=true', async () => {
    const shown = await ofSource(source.id, 'limit=500');
    expect(shown).toHaveLength(10);
    expect(shown.every((e) => e.status !== 'cancelled')).toBe(true);
    expect(await ofSource(source.id, 'include_cancelled=false&limit=500')).toEqual(shown);
  });

  test('a re-sync of the same feed changes nothing: no duplicates, same ids, same updated_at', async () => {
    await sync(source.id);
    const again = await sync(source.id);
    expect(again).toMatchObject({ last_sync_status: 'ok', last_sync_event_count: 11, last_sync_cancelled_count: 0 });
    expect(await ofSource(source.id)).toEqual(first);
  });

  test("version 2: a removed event and a newly EXDATE'd instance become cancelled, a renamed one updates; rows are kept", async () => {
    ics.serve('/work.ics', workFeed(2, owner.email));
    const synced = await sync(source.id);
    expect(synced).toMatchObject({ last_sync_status: 'ok', last_sync_event_count: 9, last_sync_cancelled_count: 2 });
    const after = await ofSource(source.id);
    expect(after.map((e) => e.id).sort()).toEqual(first.map((e) => e.id).sort());
    const byExt = (rows: Row[], id: string) => rows.find((e) => e.external_id === id)!;
    expect(byExt(after, 'dropped@test').status).toBe('cancelled');
    expect(byExt(after, `standup@test::${noMs(berlin9(21))}`).status).toBe('cancelled');
    expect(byExt(after, 'ny@test')).toMatchObject({
      title: 'New York sync (renamed)',
      status: 'confirmed',
      id: byExt(first, 'ny@test').id,
    });
    expect(Date.parse(byExt(after, 'ny@test').updated_at)).toBeGreaterThan(Date.parse(byExt(first, 'ny@test').updated_at));
    expect(byExt(after, 'allday@test')).toEqual(byExt(first, 'allday@test'));
    expect(await ofSource(source.id, 'limit=500')).toHaveLength(8);
    // Back in the feed: the instance is confirmed again, on the same row.
    ics.serve('/work.ics', workFeed(1, owner.email));
    expect(await sync(source.id)).toMatchObject({ last_sync_cancelled_count: 0 });
    expect(byExt(await ofSource(source.id), 'dropped@test')).toMatchObject({ status: 'confirmed', id: byExt(first, 'dropped@test').id });
  });

  test('the sync answers what GET shows for the source', async () => {
    const synced = await sync(source.id);
    expect((await server.api().get(`${base()}/event-sources/${source.id}`).set(owner.auth)).body).toEqual(synced);
  });
});

test('rows outside the window stay as they are when the feed drops them', async () => {
  ics.serve(
    '/past.ics',
    eventsFeed([
      { uid: 'past@test', day: -60 },
      { uid: 'soon@test', day: 1 },
    ]),
  );
  const source = await addSource('/past.ics', 'Past');
  // A sync 50 days ago saw both events inside its window.
  await server.call<typeof SyncSource>(
    'domain/calendar/sync.ts',
    'syncSource',
    owner.id,
    source.id,
    new Date(Date.now() - 50 * 86_400_000),
  );
  expect((await ofSource(source.id)).map((e) => [e.external_id, e.status])).toEqual([
    ['past@test', 'confirmed'],
    ['soon@test', 'confirmed'],
  ]);
  ics.serve('/past.ics', eventsFeed([]));
  expect(await sync(source.id)).toMatchObject({ last_sync_event_count: 0, last_sync_cancelled_count: 1 });
  expect((await ofSource(source.id)).map((e) => [e.external_id, e.status])).toEqual([
    ['past@test', 'confirmed'],
    ['soon@test', 'cancelled'],
  ]);
});

describe('real-world feeds: one bad event, events without UID, a Windows zone, a declared charset', () => {
  const day = (offset: number) => isoDay(offset).replaceAll('-', '');
  const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];
  const calendar = (...events: string[][]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');

  test('a malformed event is skipped and named on the source; the others are stored, and a re-sync keeps UID-less events on their rows', async () => {
    ics.serve(
      '/holidays.ics',
      calendar(
        vevent('UID:h1@test', 'SUMMARY:Holiday', `DTSTART:${day(2)}`),
        vevent('UID:h2@test', 'SUMMARY:Empty rule', `DTSTART:${day(3)}T100000Z`, 'RRULE:'),
        vevent('UID:bad@test', 'SUMMARY:Bad', `DTSTART:${day(4)}T25xx00Z`),
        vevent('SUMMARY:No UID', `DTSTART:${day(5)}T090000Z`, `DTEND:${day(5)}T100000Z`),
        vevent('UID:pst@test', 'SUMMARY:Outlook', `DTSTART;TZID=Pacific Standard Time:${day(6)}T100000`),
      ),
    );
    const source = await addSource('/holidays.ics', 'Holidays');
    const synced = await sync(source.id);
    expect(synced).toMatchObject({ last_sync_status: 'ok', last_sync_event_count: 4, last_sync_skipped_count: 1 });
    expect(synced.last_sync_skipped_reasons).toEqual([expect.stringMatching(/^Event bad@test: /)]);
    const rows = await ofSource(source.id);
    expect(rows.map((e) => [e.title, e.starts_at, e.is_all_day])).toEqual([
      ['Holiday', `${isoDay(2)}T00:00:00.000Z`, true],
      ['Empty rule', `${isoDay(3)}T10:00:00.000Z`, false],
      ['No UID', `${isoDay(5)}T09:00:00.000Z`, false],
      ['Outlook', zonedInstant(isoDay(6), '10:00:00', 'America/Los_Angeles'), false],
    ]);
    expect(rows[2].external_id).toMatch(/^nouid-/);
    await sync(source.id);
    expect(await ofSource(source.id)).toEqual(rows);
  });

  test('a feed served as windows-1252 keeps its accents', async () => {
    const text = calendar(vevent('UID:cafe@test', 'SUMMARY:Café with Müller', `DTSTART:${day(1)}T080000Z`));
    ics.serve('/latin.ics', Buffer.from(text, 'latin1'), 'text/calendar; charset=windows-1252');
    ics.serve(
      '/bom.ics',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace('cafe@', 'bom@'), 'utf8')]),
      'text/calendar; charset=iso-8859-1',
    );
    for (const path of ['/latin.ics', '/bom.ics']) {
      const source = await addSource(path, path);
      expect(await sync(source.id)).toMatchObject({
        last_sync_status: 'ok',
        last_sync_event_count: 1,
        last_sync_skipped_count: 0,
        last_sync_skipped_reasons: [],
      });
      expect((await ofSource(source.id)).map((e) => e.title)).toEqual(['Café with Müller']);
    }
  });
});

describe('a feed that fails records the error on the source and changes no calendar row', () => {
  test.each([
    ['/hang.ics', /did not answer within 500 ms/],
    ['/page.html', /not an iCalendar/],
    ['/big.ics', new RegExp(`larger than ${MAX_BYTES} bytes`)],
    ['/missing.ics', /HTTP 404/],
    ['/broken.ics', /could not be parsed/],
  ])('%s', async (path, message) => {
    ics.serve('/broken.ics', BROKEN_FEED);
    ics.serve(
      '/fine.ics',
      eventsFeed([
        { uid: 'kept@test', day: 2 },
        { uid: 'also-kept@test', day: 3 },
      ]),
    );
    const source = await addSource('/fine.ics', 'Flaky');
    const ok = await sync(source.id);
    expect(ok).toMatchObject({ last_sync_status: 'ok', last_sync_event_count: 2 });
    const before = await events();
    const patched = await server
      .api()
      .patch(`${base()}/event-sources/${source.id}`)
      .set(owner.auth)
      .send({ config: { url: `${ics.url}${path}` } });
    expect(patched.status).toBe(200);
    const started = Date.now();
    const failed = await sync(source.id);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(failed).toMatchObject({ last_sync_status: 'error', last_sync_event_count: 2, last_sync_cancelled_count: 0 });
    expect(failed.last_sync_error).toMatch(message);
    expect(Date.parse(failed.last_synced_at)).toBeGreaterThan(Date.parse(ok.last_synced_at));
    expect(await events()).toEqual(before);
    // The next good sync clears the error.
    await server
      .api()
      .patch(`${base()}/event-sources/${source.id}`)
      .set(owner.auth)
      .send({ config: { url: `${ics.url}/fine.ics` } });
    expect(await sync(source.id)).toMatchObject({ last_sync_status: 'ok', last_sync_error: null });
  });
});
