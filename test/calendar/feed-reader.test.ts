import { readFeedOffThread } from '../../src/domain/calendar/feed-reader.ts';

/**
 * The feed reader's threads are kept between reads (feed-reader.ts): a read that overruns its time
 * loses its thread, never the next read, and reads side by side each get a thread of their own.
 */
const options = {
  windowStart: new Date('2026-01-01T00:00:00Z'),
  windowEnd: new Date('2026-03-01T00:00:00Z'),
  userTimezone: 'Europe/Berlin',
  userEmail: null,
};
const feed = (uid: string, tzid = 'Custom/Zone') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VTIMEZONE',
    `TZID:${tzid}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0500',
    'TZOFFSETTO:+0500',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=${tzid}:20260110T100000`,
    'DTEND;TZID=Custom/Zone:20260110T110000',
    'SUMMARY:Standup',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
const withoutZone = (uid: string) => feed(uid).replace(/BEGIN:VTIMEZONE[\s\S]*END:VTIMEZONE\r\n/, '');

test('reads one after another reuse the reader, and nothing of one feed reaches the next', async () => {
  const first = await readFeedOffThread(feed('a'), options);
  expect(first.events.map((e) => [e.externalId, e.startsAt.toISOString()])).toEqual([['a', '2026-01-10T05:00:00.000Z']]);
  // The zone the first feed defined is not known to a feed that does not define it: floating, in the user's zone.
  const second = await readFeedOffThread(withoutZone('b'), options);
  expect(second.events.map((e) => e.startsAt.toISOString())).toEqual(['2026-01-10T09:00:00.000Z']);
});

test('a read that overruns its time is refused with a reason, and the next read works', async () => {
  // Two thousand events: more than a millisecond's work for any thread.
  const big = feed('slow').replace(/BEGIN:VEVENT[\s\S]*END:VEVENT\r\n/, (e) =>
    Array.from({ length: 2000 }, (_, i) => e.replace('UID:slow', `UID:slow${i}`)).join(''),
  );
  await expect(readFeedOffThread(big, options, 1)).rejects.toThrow(/took longer than 1 ms to read/);
  expect((await readFeedOffThread(feed('next'), options)).events).toHaveLength(1);
});

test('reads side by side each get their answer', async () => {
  const uids = Array.from({ length: 5 }, (_, i) => `u${i}`);
  const feeds = await Promise.all(uids.map((uid) => readFeedOffThread(feed(uid), options)));
  expect(feeds.map((f) => f.events[0].externalId)).toEqual(uids);
});

test('a text that is not a calendar is a FeedError with the reader still in service', async () => {
  await expect(readFeedOffThread('hello', options)).rejects.toThrow('The feed is not an iCalendar (ICS) document');
  expect((await readFeedOffThread(feed('after'), options)).events).toHaveLength(1);
});
