import { FeedError, readFeed, wallTimeToUtc } from '../../src/domain/calendar/ics.ts';

/** The feed reader on fixed dates: DST, zones without VTIMEZONE, EXDATE forms, RDATE, orphan overrides, limits. */
const window = { windowStart: new Date('2026-01-01T00:00:00Z'), windowEnd: new Date('2026-12-31T00:00:00Z') };
const opts = { ...window, userTimezone: 'Europe/Lisbon', userEmail: 'me@example.org' };
const feed = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN', ...events.flatMap((e) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...e, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
const read = (text: string, o = opts) => readFeed(text, o).events.map((e) => ({ id: e.externalId, start: e.startsAt.toISOString(), end: e.endsAt.toISOString(), status: e.status }));

test('wall times in a zone: ordinary, in the spring-forward gap (moved forward), in the repeated hour (the earlier one)', () => {
  const at = (wall: string, tz: string) => new Date(wallTimeToUtc(Date.parse(`${wall}Z`), tz)).toISOString();
  expect(at('2026-07-01T09:00:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
  expect(at('2026-01-15T09:00:00', 'Europe/Berlin')).toBe('2026-01-15T08:00:00.000Z');
  expect(at('2026-03-29T02:30:00', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  expect(at('2026-10-25T02:30:00', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
  expect(at('2026-11-01T01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
});

test('a weekly series in an IANA zone without VTIMEZONE keeps its wall time across the DST change', () => {
  const rows = read(feed(['UID:w', 'DTSTART;TZID=America/New_York:20261025T090000', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=3']));
  expect(rows.map((r) => r.start)).toEqual(['2026-10-25T13:00:00.000Z', '2026-11-01T14:00:00.000Z', '2026-11-08T14:00:00.000Z']);
  expect(rows.map((r) => r.id)).toEqual(['w::2026-10-25T13:00:00Z', 'w::2026-11-01T14:00:00Z', 'w::2026-11-08T14:00:00Z']);
  expect(rows.every((r) => Date.parse(r.end) - Date.parse(r.start) === 3_600_000)).toBe(true);
});

test('EXDATE as a UTC time or with the TZID, RDATE added, a cancelled override and a cancelled series', () => {
  const rows = read(feed(
    ['UID:s', 'DTSTART;TZID=Europe/Berlin:20260601T100000', 'DTEND;TZID=Europe/Berlin:20260601T110000', 'RRULE:FREQ=DAILY;COUNT=5',
      'EXDATE:20260602T080000Z', 'EXDATE;TZID=Europe/Berlin:20260603T100000', 'RDATE;TZID=Europe/Berlin:20260610T120000'],
    ['UID:s', 'RECURRENCE-ID;TZID=Europe/Berlin:20260604T100000', 'STATUS:CANCELLED', 'DTSTART;TZID=Europe/Berlin:20260604T100000', 'DTEND;TZID=Europe/Berlin:20260604T110000'],
    ['UID:off', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20260701', 'RRULE:FREQ=DAILY;COUNT=2'],
  ));
  expect(rows.filter((r) => r.id.startsWith('s::')).map((r) => [r.id, r.status])).toEqual([
    ['s::2026-06-01T08:00:00Z', 'confirmed'], ['s::2026-06-04T08:00:00Z', 'cancelled'], ['s::2026-06-05T08:00:00Z', 'confirmed'], ['s::2026-06-10T10:00:00Z', 'confirmed'],
  ]);
  expect(rows.filter((r) => r.id.startsWith('off::'))).toEqual([
    { id: 'off::2026-07-01', start: '2026-07-01T00:00:00.000Z', end: '2026-07-02T00:00:00.000Z', status: 'cancelled' },
    { id: 'off::2026-07-02', start: '2026-07-02T00:00:00.000Z', end: '2026-07-03T00:00:00.000Z', status: 'cancelled' },
  ]);
});

test('unknown TZIDs and floating times are read in the user\'s timezone; a prefixed IANA TZID is recognised', () => {
  const rows = read(feed(
    ['UID:unknown', 'DTSTART;TZID=Mars Standard Time:20260115T090000'],
    ['UID:floating', 'DTSTART:20260715T090000'],
    ['UID:prefixed', 'DTSTART;TZID=/mozilla.org/20050126_1/Asia/Tokyo:20260115T090000'],
  ));
  expect(rows).toEqual(expect.arrayContaining([
    expect.objectContaining({ id: 'unknown', start: '2026-01-15T09:00:00.000Z', end: '2026-01-15T09:00:00.000Z' }),
    expect.objectContaining({ id: 'floating', start: '2026-07-15T08:00:00.000Z' }),
    expect.objectContaining({ id: 'prefixed', start: '2026-01-15T00:00:00.000Z' }),
  ]));
});

test('an override without its series is still an instance of its UID; events without UID or DTSTART are skipped', () => {
  const rows = read(feed(
    ['UID:lonely', 'RECURRENCE-ID:20260301T100000Z', 'DTSTART:20260302T100000Z', 'DTEND:20260302T110000Z'],
    ['SUMMARY:no uid', 'DTSTART:20260301T100000Z'],
    ['UID:no-start', 'SUMMARY:x'],
  ));
  expect(rows).toEqual([{ id: 'lonely::2026-03-01T10:00:00Z', start: '2026-03-02T10:00:00.000Z', end: '2026-03-02T11:00:00.000Z', status: 'confirmed' }]);
});

test('only instances starting inside the window; an endless rule stops at the window', () => {
  const o = { ...opts, windowStart: new Date('2026-05-01T00:00:00Z'), windowEnd: new Date('2026-05-04T00:00:00Z') };
  const rows = read(feed(['UID:d', 'DTSTART:20200101T120000Z', 'RRULE:FREQ=DAILY']), o);
  expect(rows.map((r) => r.id)).toEqual(['d::2026-05-01T12:00:00Z', 'd::2026-05-02T12:00:00Z', 'd::2026-05-03T12:00:00Z']);
});

test('not a calendar, a broken calendar and too many events are FeedErrors', () => {
  expect(() => readFeed('<html></html>', opts)).toThrow(FeedError);
  expect(() => readFeed('BEGIN:VCALENDAR\r\nnonsense\r\nEND:VCALENDAR', opts)).toThrow(/could not be parsed/);
  expect(() => readFeed(feed(['UID:m', 'DTSTART:20260101T000000Z', 'RRULE:FREQ=MINUTELY;INTERVAL=10']), opts)).toThrow(/more than 20000 events/);
});
