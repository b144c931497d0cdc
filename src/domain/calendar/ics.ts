import ICAL from 'ical.js';
import { BudgetExceeded, FEED_EVENT_LIMIT, FeedBudget, iterationStart, SERIES_INSTANCE_LIMIT } from './ics-budget.ts';
import { contentId, describeEvent, parseCalendar, repairEvent } from './ics-lenient.ts';
import { wallTimeToUtc } from '../../core/clock.ts';
import { registerZones } from './ics-zones.ts';
import type { CalendarEventStatus } from './calendar-event.entity.ts';
import { FeedError } from './feed-error.ts';

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;
type IcalEvent = InstanceType<typeof ICAL.Event>;
type OccurrenceDetails = { recurrenceId: Time; item: IcalEvent | undefined; startDate: Time; endDate: Time };

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
type Skipped = { count: number; reasons: string[] };

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

const mailto = (v: unknown) =>
  typeof v === 'string'
    ? v
        .replace(/^mailto:/i, '')
        .trim()
        .toLowerCase()
    : '';

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
  // A time the database cannot hold (before year 1, past 9999, NaN) is this event's fault, not the feed's.
  if (!storable(startsAt)) throw new Error('its start is not a time a calendar can hold');
  // An end that is not one (DURATION:P999999999999999999W) is read as no end.
  if (!storable(endsAt)) endsAt = isAllDay ? new Date(startsAt.getTime() + 86_400_000) : startsAt;
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

// Not Date.UTC(1, 0, 1): it reads a two-digit year as 19xx.
const FIRST_STORABLE = Date.parse('0001-01-01T00:00:00Z');
const LAST_STORABLE = Date.parse('9999-12-31T23:59:59Z');
const storable = (d: Date) => d.getTime() >= FIRST_STORABLE && d.getTime() <= LAST_STORABLE;

/** DTEND, else DTSTART + DURATION, else none (the caller's default). */
function endOf(event: IcalEvent): Time | null {
  if (event.component.hasProperty('dtend') || event.component.hasProperty('duration')) return event.endDate;
  return null;
}

// ---------- the feed ----------

/** Cheap check before parsing: an iCalendar stream starts with BEGIN:VCALENDAR. */
function looksLikeIcs(text: string): boolean {
  return /^\uFEFF?\s*BEGIN:VCALENDAR\b/i.test(text);
}

const MAX_REASONS = 5;
const MAX_REASON_LENGTH = 200;

/** What a read skipped: every event counted, the first few named with their reason. */
class SkipLog {
  readonly skipped: Skipped = { count: 0, reasons: [] };
  add(reason: string): void {
    this.skipped.count++;
    if (this.skipped.reasons.length < MAX_REASONS) this.skipped.reasons.push(reason.slice(0, MAX_REASON_LENGTH));
  }
}

/**
 * Reads a feed's events inside the window: single events by UID, recurring ones expanded
 * (RRULE/RDATE, minus EXDATE, with RECURRENCE-ID overrides), each instance keyed `UID::<original start>`.
 * One event that cannot be read is skipped and counted, never the feed; the feed fails (FeedError)
 * only when it is not a calendar. Synchronous from start to end, so the time zones it registers in
 * ical.js' process-wide TimezoneService for this feed cannot be seen by another feed's read; they are
 * cleared at the end.
 */
export function readFeed(text: string, options: FeedOptions): Feed {
  if (!looksLikeIcs(text)) throw new FeedError('The feed is not an iCalendar (ICS) document');
  const parsed = parseCalendar(text.replace(/^\uFEFF/, ''));
  if (!parsed) throw new FeedError('The feed could not be parsed as an iCalendar document');
  const { root } = parsed;
  if (root.name !== 'vcalendar') throw new FeedError('The feed is not an iCalendar (ICS) document');
  const log = new SkipLog();
  for (const reason of parsed.dropped) log.add(reason);
  ICAL.TimezoneService.reset();
  try {
    registerZones(root);
    const name = root.getFirstPropertyValue('x-wr-calname');
    return {
      calendarName: typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : null,
      events: expand(root, options, log),
      skipped: log.skipped,
    };
  } finally {
    ICAL.TimezoneService.reset();
  }
}

type Series = { event: IcalEvent; periodEnds: Map<string, Time> };

/** The feed's VEVENTs as series (by UID) and overrides, each repaired; what cannot be read is logged. */
function collect(root: Component, log: SkipLog): { masters: Map<string, Series>; overrides: Series[] } {
  const masters = new Map<string, Series>();
  const overrides: Series[] = [];
  for (const vevent of root.getAllSubcomponents('vevent')) {
    try {
      const periodEnds = repairEvent(vevent);
      if (!vevent.hasProperty('dtstart')) throw new Error('it has no DTSTART');
      const uid = vevent.getFirstPropertyValue('uid');
      if (typeof uid !== 'string' || !uid.trim()) vevent.updatePropertyWithValue('uid', contentId(vevent));
      const event = new ICAL.Event(vevent, { exceptions: [] });
      event.startDate.toUnixTime(); // reads the start now, so an unreadable one is this event's fault
      const series = { event, periodEnds };
      if (vevent.hasProperty('recurrence-id')) overrides.push(series);
      else if (!masters.has(event.uid)) masters.set(event.uid, series);
      else masters.set(`${event.uid}#${contentId(vevent).slice(6, 14)}`, series); // a second series under one UID is kept, not merged
    } catch (err) {
      log.add(`${describeEvent(vevent)}: ${(err as Error).message}`);
    }
  }
  return { masters, overrides };
}

function expand(root: Component, options: FeedOptions, log: SkipLog): FeedEvent[] {
  const { masters, overrides } = collect(root, log);
  const orphans: Series[] = [];
  for (const o of overrides) {
    const master = masters.get(o.event.uid);
    if (master?.event.isRecurring()) master.event.relateException(o.event);
    else orphans.push(o);
  }

  const out = new Map<string, FeedEvent>();
  const keep = (events: FeedEvent[], what: Component) => {
    const fresh = events.filter((e) => !out.has(e.externalId)).length;
    if (out.size + fresh > FEED_EVENT_LIMIT)
      return log.add(`${describeEvent(what)}: the feed has more than ${FEED_EVENT_LIMIT} events in the sync window`);
    for (const e of events) out.set(e.externalId, e);
  };
  const budget = new FeedBudget();
  // Single events first, then series from the sparsest rule to the densest: a dense series that
  // spends the feed's budget cannot take an ordinary event's place.
  const ordered = [...masters].sort(([, a], [, b]) => density(a.event) - density(b.event));
  for (const [id, series] of ordered) {
    try {
      keep(instances(id, series, options, budget), series.event.component);
    } catch (err) {
      log.add(`${describeEvent(series.event.component)}: ${(err as Error).message}`);
    }
  }
  // An override whose series is not in the feed (or is not recurring) is still an instance of that UID.
  for (const o of orphans) {
    try {
      const e = row(
        `${o.event.uid}::${recurrenceKey(o.event.recurrenceId, options.userTimezone)}`,
        o.event,
        o.event.startDate,
        endOf(o.event),
        'confirmed',
        options,
      );
      if (inWindow(e, options)) keep([e], o.event.component);
    } catch (err) {
      log.add(`${describeEvent(o.event.component)}: ${(err as Error).message}`);
    }
  }
  return [...out.values()];
}

const FREQ_ORDER = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY', 'SECONDLY'];
function density(event: IcalEvent): number {
  if (!event.isRecurring()) return -1;
  const freq = (event.component.getFirstPropertyValue('rrule') as { freq?: string } | null)?.freq ?? 'YEARLY';
  return FREQ_ORDER.indexOf(freq);
}

const inWindow = (e: FeedEvent, options: FeedOptions) => e.startsAt >= options.windowStart && e.startsAt < options.windowEnd;

/** A series' instances in the window (or the single event, when in it), within the feed's budget; a series past its limits throws. */
function instances(id: string, { event, periodEnds }: Series, options: FeedOptions, budget: FeedBudget): FeedEvent[] {
  if (!event.isRecurring())
    return [row(id, event, event.startDate, endOf(event), 'confirmed', options)].filter((e) => inWindow(e, options));
  const from = options.windowStart.getTime();
  const to = options.windowEnd.getTime();
  const toMs = (t: Time) => instantOrDay(t, options);
  const masterStatus = statusOf(event.component);
  // Without overrides an instance starts where the rule puts it, so those before the window can be stepped over cheaply.
  const overridden = Object.keys(event.exceptions).length > 0 || event.rangeExceptions.length > 0;
  const it = event.iterator(overridden ? undefined : iterationStart(event, { from, to }, toMs));
  const out: FeedEvent[] = [];
  for (let steps = 0; ; steps++) {
    budget.step(steps);
    const next = it.next();
    if (!next) break;
    const original = toMs(next);
    if (!overridden && original < from) continue;
    // ical.js's declaration of this type points at a file its package does not ship.
    const details = (event.getOccurrenceDetails as (t: Time) => unknown).call(event, next) as OccurrenceDetails;
    const item = details.item ?? event;
    // An override has its own DTEND; an RDATE period its own end; a plain instance is its start plus the series' duration.
    const end = item !== event ? endOf(item) : (periodEnds.get(next.toString()) ?? (endOf(event) ? details.endDate : null));
    const e = row(`${id}::${recurrenceKey(next, options.userTimezone)}`, item, details.startDate, end, masterStatus, options);
    if (inWindow(e, options)) out.push(e);
    if (out.length > SERIES_INSTANCE_LIMIT)
      throw new BudgetExceeded(`it has more than ${SERIES_INSTANCE_LIMIT} occurrences in the sync window`);
    // Past the window both where it was and where an override moved it: nothing later can be in it.
    if (original >= to && e.startsAt.getTime() >= to) break;
  }
  return out;
}

function instantOrDay(t: Time, options: FeedOptions): number {
  return (t.isDate ? dayStart(t) : instant(t, options.userTimezone)).getTime();
}
