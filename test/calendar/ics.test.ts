import { FeedError } from '../../src/domain/calendar/feed-error.ts';
import { readFeed } from '../../src/domain/calendar/ics.ts';
import { wallTimeToUtc } from '../../src/core/clock.ts';

/** The feed reader on fixed dates: DST, zones without VTIMEZONE, EXDATE forms, RDATE, orphan overrides, limits. */
const window = { windowStart: new Date('2026-01-01T00:00:00Z'), windowEnd: new Date('2026-12-31T00:00:00Z') };
const opts = { ...window, userTimezone: 'Europe/Lisbon', userEmail: 'me@example.org' };
const feed = (...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//t//EN',
    ...events.flatMap((e) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...e, 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n');
const read = (text: string, o = opts) =>
  readFeed(text, o).events.map((e) => ({
    id: e.externalId,
    start: e.startsAt.toISOString(),
    end: e.endsAt.toISOString(),
    status: e.status,
  }));

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
  const rows = read(
    feed(
      [
        'UID:s',
        'DTSTART;TZID=Europe/Berlin:20260601T100000',
        'DTEND;TZID=Europe/Berlin:20260601T110000',
        'RRULE:FREQ=DAILY;COUNT=5',
        'EXDATE:20260602T080000Z',
        'EXDATE;TZID=Europe/Berlin:20260603T100000',
        'RDATE;TZID=Europe/Berlin:20260610T120000',
      ],
      [
        'UID:s',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260604T100000',
        'STATUS:CANCELLED',
        'DTSTART;TZID=Europe/Berlin:20260604T100000',
        'DTEND;TZID=Europe/Berlin:20260604T110000',
      ],
      ['UID:off', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20260701', 'RRULE:FREQ=DAILY;COUNT=2'],
    ),
  );
  expect(rows.filter((r) => r.id.startsWith('s::')).map((r) => [r.id, r.status])).toEqual([
    ['s::2026-06-01T08:00:00Z', 'confirmed'],
    ['s::2026-06-04T08:00:00Z', 'cancelled'],
    ['s::2026-06-05T08:00:00Z', 'confirmed'],
    ['s::2026-06-10T10:00:00Z', 'confirmed'],
  ]);
  expect(rows.filter((r) => r.id.startsWith('off::'))).toEqual([
    { id: 'off::2026-07-01', start: '2026-07-01T00:00:00.000Z', end: '2026-07-02T00:00:00.000Z', status: 'cancelled' },
    { id: 'off::2026-07-02', start: '2026-07-02T00:00:00.000Z', end: '2026-07-03T00:00:00.000Z', status: 'cancelled' },
  ]);
});

test("unknown TZIDs and floating times are read in the user's timezone; a prefixed IANA TZID is recognised", () => {
  const rows = read(
    feed(
      ['UID:unknown', 'DTSTART;TZID=Mars Standard Time:20260115T090000'],
      ['UID:floating', 'DTSTART:20260715T090000'],
      ['UID:prefixed', 'DTSTART;TZID=/mozilla.org/20050126_1/Asia/Tokyo:20260115T090000'],
    ),
  );
  expect(rows).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: 'unknown', start: '2026-01-15T09:00:00.000Z', end: '2026-01-15T09:00:00.000Z' }),
      expect.objectContaining({ id: 'floating', start: '2026-07-15T08:00:00.000Z' }),
      expect.objectContaining({ id: 'prefixed', start: '2026-01-15T00:00:00.000Z' }),
    ]),
  );
});

test('an override without its series is still an instance of its UID; an event without UID gets one from its content, one without DTSTART is skipped and named', () => {
  const text = feed(
    ['UID:lonely', 'RECURRENCE-ID:20260301T100000Z', 'DTSTART:20260302T100000Z', 'DTEND:20260302T110000Z'],
    ['SUMMARY:no uid', 'DTSTART:20260301T100000Z'],
    ['UID:no-start', 'SUMMARY:x'],
  );
  const result = readFeed(text, opts);
  const rows = read(text).sort((a, b) => (a.id.startsWith('lonely') ? -1 : b.id.startsWith('lonely') ? 1 : 0));
  expect(rows).toHaveLength(2);
  expect(rows[0]).toEqual({
    id: 'lonely::2026-03-01T10:00:00Z',
    start: '2026-03-02T10:00:00.000Z',
    end: '2026-03-02T11:00:00.000Z',
    status: 'confirmed',
  });
  expect(rows[1]).toMatchObject({ id: expect.stringMatching(/^nouid-[0-9a-f]{24}$/), start: '2026-03-01T10:00:00.000Z' });
  // The same content gives the same identity on the next sync; other content another one.
  expect(read(text).find((r) => r.id.startsWith('nouid-'))!.id).toBe(rows[1].id);
  expect(read(feed(['SUMMARY:no uid, renamed', 'DTSTART:20260301T100000Z']))[0].id).not.toBe(rows[1].id);
  expect(result.skipped).toEqual({ count: 1, reasons: ['Event no-start: it has no DTSTART'] });
});

test('Windows time-zone names without a VTIMEZONE are their CLDR zone; a VTIMEZONE of that name still wins', () => {
  const rows = read(
    feed(
      ['UID:pst', 'DTSTART;TZID=Pacific Standard Time:20260115T100000', 'DTEND;TZID=Pacific Standard Time:20260115T110000'],
      ['UID:we', 'DTSTART;TZID="W. Europe Standard Time":20260715T100000'],
      ['UID:est', 'DTSTART;TZID=Eastern Standard Time:20260115T100000', 'RRULE:FREQ=WEEKLY;COUNT=2'],
    ),
  );
  expect(rows).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: 'pst', start: '2026-01-15T18:00:00.000Z', end: '2026-01-15T19:00:00.000Z' }),
      expect.objectContaining({ id: 'we', start: '2026-07-15T08:00:00.000Z' }),
      expect.objectContaining({ id: 'est::2026-01-15T15:00:00Z' }),
      expect.objectContaining({ id: 'est::2026-01-22T15:00:00Z' }),
    ]),
  );
  const own = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//t//EN',
    'BEGIN:VTIMEZONE',
    'TZID:Pacific Standard Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T000000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0100',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:own',
    'DTSTAMP:20260101T000000Z',
    'DTSTART;TZID=Pacific Standard Time:20260115T100000',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  expect(read(own)[0]).toMatchObject({ id: 'own', start: '2026-01-15T09:00:00.000Z' });
});

test('RDATE;VALUE=PERIOD: DTSTART and every period are instances, each period ending where it says', () => {
  const rows = read(
    feed([
      'UID:p',
      'DTSTART:20260310T090000Z',
      'DTEND:20260310T100000Z',
      'RDATE;VALUE=PERIOD:20260403T020000Z/20260403T040000Z,20260404T010000Z/PT3H',
      'RDATE;VALUE=PERIOD:20260405T120000Z/PT30M',
    ]),
  );
  expect(rows.map((r) => [r.id, r.start, r.end])).toEqual([
    ['p::2026-03-10T09:00:00Z', '2026-03-10T09:00:00.000Z', '2026-03-10T10:00:00.000Z'],
    ['p::2026-04-03T02:00:00Z', '2026-04-03T02:00:00.000Z', '2026-04-03T04:00:00.000Z'],
    ['p::2026-04-04T01:00:00Z', '2026-04-04T01:00:00.000Z', '2026-04-04T04:00:00.000Z'],
    ['p::2026-04-05T12:00:00Z', '2026-04-05T12:00:00.000Z', '2026-04-05T12:30:00.000Z'],
  ]);
});

test('lenient forms: a bare date in DTSTART is an all-day date, an empty RRULE means none; an unreadable event loses only itself', () => {
  const result = readFeed(
    feed(
      ['UID:new-year', 'SUMMARY:New Year', 'DTSTART:20260101', 'DTEND:20260102'],
      ['UID:empty-rule', 'SUMMARY:Once', 'DTSTART:20260201T100000Z', 'RRULE:'],
      ['UID:broken', 'SUMMARY:Broken', 'DTSTART:2026-02-30'],
      ['UID:fine', 'SUMMARY:Fine', 'DTSTART;VALUE=DATE:20260301'],
    ),
    opts,
  );
  expect(result.events.map((e) => [e.externalId, e.startsAt.toISOString(), e.isAllDay])).toEqual([
    ['new-year', '2026-01-01T00:00:00.000Z', true],
    ['empty-rule', '2026-02-01T10:00:00.000Z', false],
    ['fine', '2026-03-01T00:00:00.000Z', true],
  ]);
  expect(result.skipped.count).toBe(1);
  expect(result.skipped.reasons[0]).toMatch(/^Event broken: /);
});

test('a line ical.js cannot parse inside one event drops that event only, named by its UID', () => {
  const text = feed(
    ['UID:good', 'DTSTART:20260105T100000Z'],
    ['UID:bad', 'DTSTART:20260106T100000Z', 'this line has no colon'],
    ['UID:good2', 'DTSTART:20260107T100000Z'],
  );
  const result = readFeed(text, opts);
  expect(result.events.map((e) => e.externalId)).toEqual(['good', 'good2']);
  expect(result.skipped).toEqual({ count: 1, reasons: [expect.stringMatching(/^Event bad: /)] });
});

test('a feed of 40 SECONDLY series costs no more than a moment and keeps its ordinary events; dense series are skipped with a reason', () => {
  const dense = Array.from({ length: 40 }, (_, i) => [
    `UID:dense-${i}`,
    'DTSTART:20190101T000000Z',
    i % 2 ? 'RRULE:FREQ=SECONDLY' : 'RRULE:FREQ=SECONDLY;BYMONTH=12',
  ]);
  const started = performance.now();
  const result = readFeed(
    feed(['UID:meeting', 'DTSTART:20260105T100000Z'], ...dense, ['UID:weekly', 'DTSTART:20200106T080000Z', 'RRULE:FREQ=WEEKLY']),
    opts,
  );
  const elapsed = performance.now() - started;
  expect(result.events.filter((e) => !e.externalId.startsWith('weekly::')).map((e) => e.externalId)).toEqual(['meeting']);
  expect(result.events.filter((e) => e.externalId.startsWith('weekly::'))).toHaveLength(52);
  expect(result.skipped.count).toBe(40);
  expect(result.skipped.reasons).toHaveLength(5);
  for (const r of result.skipped.reasons)
    expect(r).toMatch(
      /^Event dense-\d+: (it has more than 5000 occurrences in the sync window|a SECONDLY or MINUTELY rule with BYxxx parts is not expanded)$/,
    );
  // Not a timing assertion on a shared machine: a bound two orders of magnitude under the 18 s this feed once took.
  expect(elapsed).toBeLessThan(2_000);
});

test('an hourly series since years before the window starts near the window and keeps every instance in it', () => {
  const o = { ...opts, windowStart: new Date('2026-05-01T00:00:00Z'), windowEnd: new Date('2026-05-03T00:00:00Z') };
  const rows = read(feed(['UID:h', 'DTSTART:20150101T003000Z', 'RRULE:FREQ=HOURLY;INTERVAL=3']), o);
  expect(rows.map((r) => r.start)).toEqual(
    Array.from({ length: 16 }, (_, i) => new Date(Date.parse('2026-05-01T00:30:00Z') + i * 3 * 3600_000).toISOString()),
  );
});

test('an event of 1899 is a time a calendar can hold: it is stored, not skipped', () => {
  const o = { ...opts, windowStart: new Date('1899-01-01T00:00:00Z'), windowEnd: new Date('1899-12-31T00:00:00Z') };
  expect(readFeed(feed(['UID:old', 'DTSTART:18990601T120000Z']), o)).toMatchObject({
    events: [{ externalId: 'old', startsAt: new Date('1899-06-01T12:00:00Z') }],
    skipped: { count: 0 },
  });
});

test('only instances starting inside the window; an endless rule stops at the window', () => {
  const o = { ...opts, windowStart: new Date('2026-05-01T00:00:00Z'), windowEnd: new Date('2026-05-04T00:00:00Z') };
  const rows = read(feed(['UID:d', 'DTSTART:20200101T120000Z', 'RRULE:FREQ=DAILY']), o);
  expect(rows.map((r) => r.id)).toEqual(['d::2026-05-01T12:00:00Z', 'd::2026-05-02T12:00:00Z', 'd::2026-05-03T12:00:00Z']);
});

test('not a calendar and a calendar whose own lines are broken are FeedErrors; a series past its limit is skipped, not the feed', () => {
  expect(() => readFeed('<html></html>', opts)).toThrow(FeedError);
  expect(() => readFeed('BEGIN:VCALENDAR\r\nnonsense\r\nEND:VCALENDAR', opts)).toThrow(/could not be parsed/);
  const result = readFeed(
    feed(['UID:m', 'DTSTART:20260101T000000Z', 'RRULE:FREQ=MINUTELY;INTERVAL=10'], ['UID:ok', 'DTSTART:20260102T000000Z']),
    opts,
  );
  expect(result.events.map((e) => e.externalId)).toEqual(['ok']);
  expect(result.skipped).toEqual({ count: 1, reasons: ['Event m: it has more than 5000 occurrences in the sync window'] });
});
