import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local calendar provider over real HTTP. Each path answers what a test set with `serve`; the
 * fixed faults: /hang.ics never answers, /page.html is an HTML page, /big.ics streams more than
 * `bigBytes` of ICS-looking text without a content-length, /gone.ics is a 404.
 */
export type IcsServer = {
  url: string;
  requests: string[];
  serve(path: string, body: string | Uint8Array, contentType?: string): void;
  stop(): Promise<void>;
};

export async function startIcsServer(opts: { bigBytes: number }): Promise<IcsServer> {
  const feeds = new Map<string, { body: string | Uint8Array; type: string }>();
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    if (path === '/hang.ics') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (path === '/page.html') {
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html><body>Sign in to see this calendar</body></html>');
    }
    if (path === '/big.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//big//EN\r\n');
      const line = `X-FILLER:${'x'.repeat(1000)}\r\n`;
      let sent = 0;
      const more = () => {
        while (sent <= opts.bigBytes + 10_000 && !res.destroyed) {
          sent += line.length;
          if (!res.write(line)) return void res.once('drain', more);
        }
        res.end('END:VCALENDAR\r\n');
      };
      return more();
    }
    const feed = feeds.get(path);
    if (!feed) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': feed.type }).end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    serve: (path, body, type = 'text/calendar; charset=utf-8') => void feeds.set(path, { body, type }),
    stop: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------- ICS text relative to today ----------

const DAY = 86_400_000;
const today = () => Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
/** The UTC date `offset` days from today, as YYYY-MM-DD. */
export const isoDay = (offset: number) => new Date(today() + offset * DAY).toISOString().slice(0, 10);
/** The same date in ICS form, YYYYMMDD. */
const icsDay = (offset: number) => isoDay(offset).replaceAll('-', '');

/** The UTC instant at which a zone's wall clock shows `date`T`time`, found by trying offsets (test-side, independent of the code). */
export function zonedInstant(date: string, time: string, timezone: string): string {
  const wall = Date.parse(`${date}T${time}Z`);
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  for (let minutes = -14 * 60; minutes <= 14 * 60; minutes += 15) {
    const utc = wall - minutes * 60_000;
    if (f.format(new Date(utc)).replace(' ', 'T') === `${date}T${time}`) return new Date(utc).toISOString();
  }
  throw new Error(`no instant shows ${date}T${time} in ${timezone}`);
}

const BERLIN = `BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE`;

const calendar = (name: string, parts: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//lifetrack tests//EN', `X-WR-CALNAME:${name}`, BERLIN, ...parts, 'END:VCALENDAR']
    .join('\n')
    .replace(/\r?\n/g, '\r\n') + '\r\n';

const vevent = (lines: string[]) => ['BEGIN:VEVENT', `DTSTAMP:${icsDay(0)}T000000Z`, ...lines, 'END:VEVENT'].join('\n');

/**
 * The test feed. Version 1: a weekly Berlin standup (6 weeks from 14 days ago, the one 7 days ahead
 * EXDATE'd, the one 14 days ahead moved to 15:00), a New York meeting without VTIMEZONE, a two-day
 * all-day event, a STATUS:CANCELLED event, a tentative one the user attends, a floating-time one,
 * one that version 2 drops, and one 60 days ago (outside the window). Version 2 also renames the
 * New York meeting and cancels the standup's last instance by EXDATE.
 */
export function workFeed(version: 1 | 2, userEmail: string): string {
  const weeklyExdates = version === 1 ? [icsDay(7)] : [icsDay(7), icsDay(21)];
  const events = [
    vevent([
      'UID:standup@test',
      'SUMMARY:Standup',
      `DTSTART;TZID=Europe/Berlin:${icsDay(-14)}T090000`,
      `DTEND;TZID=Europe/Berlin:${icsDay(-14)}T093000`,
      'RRULE:FREQ=WEEKLY;COUNT=6',
      ...weeklyExdates.map((d) => `EXDATE;TZID=Europe/Berlin:${d}T090000`),
    ]),
    vevent([
      'UID:standup@test',
      `RECURRENCE-ID;TZID=Europe/Berlin:${icsDay(14)}T090000`,
      'SUMMARY:Standup (moved)',
      `DTSTART;TZID=Europe/Berlin:${icsDay(14)}T150000`,
      `DTEND;TZID=Europe/Berlin:${icsDay(14)}T160000`,
    ]),
    vevent([
      'UID:ny@test',
      `SUMMARY:${version === 1 ? 'New York sync' : 'New York sync (renamed)'}`,
      `DTSTART;TZID=America/New_York:${icsDay(3)}T100000`,
      `DTEND;TZID=America/New_York:${icsDay(3)}T110000`,
    ]),
    vevent(['UID:allday@test', 'SUMMARY:Conference', `DTSTART;VALUE=DATE:${icsDay(5)}`, `DTEND;VALUE=DATE:${icsDay(7)}`]),
    vevent(['UID:cancelled@test', 'SUMMARY:Called off', 'STATUS:CANCELLED', `DTSTART:${icsDay(2)}T120000Z`, `DTEND:${icsDay(2)}T130000Z`]),
    vevent([
      'UID:tentative@test',
      'SUMMARY:Maybe lunch',
      'STATUS:TENTATIVE',
      `DTSTART:${icsDay(4)}T110000Z`,
      'DURATION:PT1H30M',
      'ORGANIZER:mailto:boss@example.org',
      `ATTENDEE;PARTSTAT=TENTATIVE:mailto:${userEmail.toUpperCase()}`,
      'ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@example.org',
    ]),
    vevent(['UID:floating@test', 'SUMMARY:Breakfast', `DTSTART:${icsDay(8)}T080000`, `DTEND:${icsDay(8)}T090000`]),
    vevent(['UID:old@test', 'SUMMARY:Long ago', `DTSTART:${icsDay(-60)}T100000Z`, `DTEND:${icsDay(-60)}T110000Z`]),
  ];
  if (version === 1)
    events.push(vevent(['UID:dropped@test', 'SUMMARY:Dropped later', `DTSTART:${icsDay(6)}T130000Z`, `DTEND:${icsDay(6)}T140000Z`]));
  return calendar('Work', events);
}

/** A small feed of one-hour events at 10:00Z on the given days from today, for route tests. */
export function eventsFeed(events: { uid: string; day: number; title?: string }[], name = 'Personal'): string {
  return calendar(
    name,
    events.map((e) =>
      vevent([`UID:${e.uid}`, `SUMMARY:${e.title ?? 'Dentist'}`, `DTSTART:${icsDay(e.day)}T100000Z`, `DTEND:${icsDay(e.day)}T110000Z`]),
    ),
  );
}

/** Starts like a calendar but has a line that is no property: the parser refuses it. */
export const BROKEN_FEED = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nthis line is not a property\r\nEND:VCALENDAR\r\n';
