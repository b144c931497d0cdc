import ICAL from 'ical.js';
import { isValidTimezone } from '../../core/clock.ts';
import type { CalendarEventStatus } from './calendar-event.entity.ts';

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;
type IcalEvent = InstanceType<typeof ICAL.Event>;

/** One calendar event (or recurring instance) as the feed describes it, in UTC. */
export type FeedEvent = {
  externalId: string;
  title: string | null;
  startsAt: Date;
  endsAt: Date;
  isAllDay: boolean;
  status: CalendarEventStatus;
  attendeeCount: number;
  rsvpStatus: string | null;
  userRelevance: 'organizer' | 'attendee' | null;
};

/** Events of the feed that could not be read: how many, and why for the first few (each naming the event). */
export type Skipped = { count: number; reasons: string[] };

export type Feed = { calendarName: string | null; events: FeedEvent[]; skipped: Skipped };

export type FeedOptions = {
  /** Instances starting in [windowStart, windowEnd) are produced. */
  windowStart: Date;
  windowEnd: Date;
  /** Floating times (no TZID, no Z) and unknown TZIDs are read in this IANA timezone. */
  userTimezone: string;
  /** To find the user among ATTENDEE / ORGANIZER (their RSVP and role). */
  userEmail: string | null;
};

/** A feed that is not a calendar, or that the parser refuses; nothing of it is written. */
export class FeedError extends Error {}

/** Limits against a hostile or runaway feed: occurrences stepped per recurring event, and events per feed. */
const MAX_STEPS_PER_EVENT = 50_000;
const MAX_EVENTS = 20_000;

// ---------- time zones ----------

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** Offset (seconds east of UTC) of an IANA zone at a UTC instant (ms). */
function offsetAt(timezone: string, utcMs: number): number {
  let f = offsetFormatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    offsetFormatters.set(timezone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute), Number(parts.second));
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 1000);
}

/**
 * The UTC instant of a wall-clock time in an IANA zone. A time in a DST gap moves forward by the
 * gap; an ambiguous time (the repeated hour) takes the earlier instant, as RFC 5545 says.
 */
export function wallTimeToUtc(wallMs: number, timezone: string): number {
  const before = offsetAt(timezone, wallMs - 43_200_000);
  const after = offsetAt(timezone, wallMs + 43_200_000);
  const valid = [wallMs - before * 1000, wallMs - after * 1000].filter((utc) => offsetAt(timezone, utc) * 1000 === wallMs - utc);
  // None valid: the wall time falls in a gap, and the offset before it moves it forward by the gap.
  return valid.length ? Math.min(...valid) : wallMs - before * 1000;
}

/** An ical.js zone answering offsets from the runtime's IANA database, for TZIDs the feed has no VTIMEZONE for. */
class IntlZone extends ICAL.Timezone {
  constructor(tzid: string) {
    super({ tzid });
  }
  override utcOffset(tt: Time): number {
    const wall = Date.UTC(tt.year, tt.month - 1, tt.day, tt.hour, tt.minute, tt.second);
    return Math.round((wall - wallTimeToUtc(wall, this.tzid)) / 1000);
  }
}

/** Windows-style and other TZIDs often carry an IANA name after a prefix ("/mozilla.org/.../Europe/Berlin"). */
function ianaName(tzid: string): string | null {
  if (isValidTimezone(tzid)) return tzid;
  const m = /([A-Za-z_]+\/[A-Za-z_+\-]+(?:\/[A-Za-z_+\-]+)?)$/.exec(tzid);
  return m && isValidTimezone(m[1]!) ? m[1]! : null;
}

function tzidsUsed(root: Component): Set<string> {
  const ids = new Set<string>();
  for (const event of root.getAllSubcomponents('vevent')) {
    for (const prop of event.getAllProperties()) {
      const tzid = prop.getParameter('tzid');
      if (typeof tzid === 'string') ids.add(tzid);
    }
  }
  return ids;
}

// ---------- values ----------

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateOf = (t: Time) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;

/** A DATE-TIME as a UTC instant: its zone, or the user's timezone when floating. */
function instant(t: Time, userTimezone: string): Date {
  if (t.zone?.tzid === 'floating' || !t.zone) {
    return new Date(wallTimeToUtc(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second), userTimezone));
  }
  return new Date(t.toUnixTime() * 1000);
}

/** All-day: the date itself at 00:00Z, never shifted by a timezone. */
const dayStart = (t: Time) => new Date(`${dateOf(t)}T00:00:00Z`);

/** The recurrence id in external_id: the instance's original start, `YYYY-MM-DD` for all-day, else UTC `...Z`. */
function recurrenceKey(t: Time, userTimezone: string): string {
  return t.isDate ? dateOf(t) : instant(t, userTimezone).toISOString().replace('.000Z', 'Z');
}

function statusOf(component: Component): CalendarEventStatus {
  const s = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return s === 'CANCELLED' ? 'cancelled' : s === 'TENTATIVE' ? 'tentative' : 'confirmed';
}

const mailto = (v: unknown) => (typeof v === 'string' ? v.replace(/^mailto:/i, '').trim().toLowerCase() : '');

function people(component: Component, userEmail: string | null) {
  const attendees = component.getAllProperties('attendee');
  const email = userEmail?.toLowerCase() ?? null;
  const me = email ? attendees.find((a) => mailto(a.getFirstValue()) === email) : undefined;
  const organizer = email !== null && mailto(component.getFirstPropertyValue('organizer')) === email;
  const partstat = me?.getParameter('partstat');
  return {
    attendeeCount: attendees.length,
    rsvpStatus: typeof partstat === 'string' ? partstat.toLowerCase() : null,
    userRelevance: organizer ? ('organizer' as const) : me ? ('attendee' as const) : null,
  };
}

function row(
  externalId: string,
  item: IcalEvent,
  start: Time,
  end: Time | null,
  masterStatus: CalendarEventStatus,
  options: FeedOptions,
): FeedEvent {
  const isAllDay = start.isDate;
  let startsAt: Date;
  let endsAt: Date;
  if (isAllDay) {
    startsAt = dayStart(start);
    const endDay = end ? dayStart(end) : null;
    endsAt = endDay && endDay > startsAt ? endDay : new Date(startsAt.getTime() + 86_400_000);
  } else {
    startsAt = instant(start, options.userTimezone);
    const e = end ? instant(end, options.userTimezone) : startsAt;
    endsAt = e >= startsAt ? e : startsAt;
  }
  const own = statusOf(item.component);
  const summary = item.component.getFirstPropertyValue('summary');
  return {
    externalId,
    title: typeof summary === 'string' && summary.trim() ? summary.trim().slice(0, 1000) : null,
    startsAt,
    endsAt,
    isAllDay,
    status: masterStatus === 'cancelled' ? 'cancelled' : own,
    ...people(item.component, options.userEmail),
  };
}

/** DTEND, else DTSTART + DURATION, else none (the caller's default). */
function endOf(event: IcalEvent): Time | null {
  if (event.component.hasProperty('dtend') || event.component.hasProperty('duration')) return event.endDate;
  return null;
}

// ---------- the feed ----------

/** Cheap check before parsing: an iCalendar stream starts with BEGIN:VCALENDAR. */
export function looksLikeIcs(text: string): boolean {
  return /^\uFEFF?\s*BEGIN:VCALENDAR\b/i.test(text);
}

/**
 * Reads a feed's events inside the window: single events by UID, recurring ones expanded
 * (RRULE/RDATE, minus EXDATE, with RECURRENCE-ID overrides), each instance keyed `UID::<original start>`.
 * Synchronous from start to end, so the time zones it registers in ical.js' process-wide
 * TimezoneService for this feed cannot be seen by another feed's sync; they are cleared at the end.
 */
export function readFeed(text: string, options: FeedOptions): Feed {
  if (!looksLikeIcs(text)) throw new FeedError('The feed is not an iCalendar (ICS) document');
  let root: Component;
  try {
    root = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, '')) as unknown[]);
  } catch (err) {
    throw new FeedError(`The feed could not be parsed: ${(err as Error).message}`.slice(0, 500));
  }
  if (root.name !== 'vcalendar') throw new FeedError('The feed is not an iCalendar (ICS) document');
  ICAL.TimezoneService.reset();
  try {
    for (const vtz of root.getAllSubcomponents('vtimezone')) {
      const tzid = vtz.getFirstPropertyValue('tzid');
      if (typeof tzid === 'string' && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(new ICAL.Timezone(vtz), tzid);
    }
    for (const tzid of tzidsUsed(root)) {
      if (ICAL.TimezoneService.has(tzid)) continue;
      const iana = ianaName(tzid);
      // An unknown TZID stays unregistered: ical.js reads it as floating, that is, in the user's timezone.
      if (iana) ICAL.TimezoneService.register(new IntlZone(iana), tzid);
    }
    const name = root.getFirstPropertyValue('x-wr-calname');
    return {
      calendarName: typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : null,
      events: expand(root, options),
      skipped: { count: 0, reasons: [] },
    };
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError(`The feed could not be read: ${(err as Error).message}`.slice(0, 500));
  } finally {
    ICAL.TimezoneService.reset();
  }
}

function expand(root: Component, options: FeedOptions): FeedEvent[] {
  const from = options.windowStart.getTime();
  const to = options.windowEnd.getTime();
  const inWindow = (e: FeedEvent) => e.startsAt.getTime() >= from && e.startsAt.getTime() < to;
  const masters = new Map<string, IcalEvent>();
  const overrides: IcalEvent[] = [];
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent, { exceptions: [] });
    const uid = event.uid;
    if (typeof uid !== 'string' || !uid.trim() || !vevent.hasProperty('dtstart')) continue;
    if (vevent.hasProperty('recurrence-id')) overrides.push(event);
    else masters.set(uid, event);
  }
  const orphans: IcalEvent[] = [];
  for (const o of overrides) {
    const master = masters.get(o.uid);
    if (master?.isRecurring()) master.relateException(o);
    else orphans.push(o);
  }

  const out = new Map<string, FeedEvent>();
  const add = (e: FeedEvent) => {
    if (!inWindow(e)) return;
    if (out.size >= MAX_EVENTS && !out.has(e.externalId)) throw new FeedError(`The feed has more than ${MAX_EVENTS} events in the sync window`);
    out.set(e.externalId, e);
  };
  for (const [uid, event] of masters) {
    const masterStatus = statusOf(event.component);
    if (!event.isRecurring()) {
      add(row(uid, event, event.startDate, endOf(event), 'confirmed', options));
      continue;
    }
    const it = event.iterator();
    // Without overrides an instance starts where the rule puts it, so those before the window cost one step each.
    const overridden = Object.keys(event.exceptions).length > 0 || event.rangeExceptions.length > 0;
    for (let steps = 0; steps < MAX_STEPS_PER_EVENT; steps++) {
      const next = it.next();
      if (!next) break;
      const original = instantOrDay(next, options);
      if (!overridden && original < from) continue;
      const details = event.getOccurrenceDetails(next);
      const item = details.item ?? event;
      // An override has its own DTEND; a plain instance is its start plus the series' duration.
      const end = item !== event ? endOf(item) : endOf(event) ? details.endDate : null;
      const e = row(`${uid}::${recurrenceKey(next, options.userTimezone)}`, item, details.startDate, end, masterStatus, options);
      add(e);
      // Past the window both where it was and where an override moved it: nothing later can be in it.
      if (original >= to && e.startsAt.getTime() >= to) break;
    }
  }
  // An override whose series is not in the feed (or is not recurring) is still an instance of that UID.
  for (const o of orphans) {
    add(row(`${o.uid}::${recurrenceKey(o.recurrenceId, options.userTimezone)}`, o, o.startDate, endOf(o), 'confirmed', options));
  }
  return [...out.values()];
}

function instantOrDay(t: Time, options: FeedOptions): number {
  return (t.isDate ? dayStart(t) : instant(t, options.userTimezone)).getTime();
}
