import { createHash } from 'node:crypto';
import ICAL from 'ical.js';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Jcal = [string, Record<string, unknown>, string, ...unknown[]];

/**
 * Reading real feeds as leniently as python's recurring-ical-events: forms that can be read one way
 * only are repaired rather than refused, and what cannot be read loses only its own event.
 */

/** The calendar, its VEVENTs each parsed on its own where the whole text fails, and why any event was dropped. */
type Parsed = { root: Component; dropped: string[] };

/**
 * ICAL.parse of the whole text; when that fails (one bad line anywhere rejects everything), the
 * calendar is parsed without its events, then each VEVENT block alone, so a broken event is dropped
 * and named while the rest is kept. Null when even the calendar's own lines cannot be parsed.
 */
export function parseCalendar(text: string): Parsed | null {
  try {
    return { root: component(ICAL.parse(text)), dropped: [] };
  } catch {
    return parseByEvent(text);
  }
}

function component(jcal: unknown): Component {
  // A file with several VCALENDARs parses to a list; the first is the calendar.
  const first = Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal[0] : jcal;
  return new ICAL.Component(first as unknown[]);
}

const EVENT_BLOCK = /^BEGIN:VEVENT\s*$[\s\S]*?^END:VEVENT\s*$/gim;

function parseByEvent(text: string): Parsed | null {
  const blocks = text.match(EVENT_BLOCK) ?? [];
  let root: Component;
  try {
    root = component(ICAL.parse(text.replace(EVENT_BLOCK, '')));
  } catch {
    return null;
  }
  const dropped: string[] = [];
  for (const block of blocks) {
    try {
      root.addSubcomponent(
        new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${block}\r\nEND:VCALENDAR`) as unknown[]).getFirstSubcomponent('vevent')!,
      );
    } catch (err) {
      dropped.push(`${describeBlock(block)}: ${(err as Error).message}`);
    }
  }
  return { root, dropped };
}

/** "UID x" or "SUMMARY y" of an unparsed block, to name it in a reason. */
function describeBlock(block: string): string {
  const uid = /^UID[^:\r\n]*:(.*)$/im.exec(block)?.[1]?.trim();
  const summary = /^SUMMARY[^:\r\n]*:(.*)$/im.exec(block)?.[1]?.trim();
  return uid ? `Event ${uid.slice(0, 80)}` : summary ? `Event "${summary.slice(0, 80)}"` : 'An event';
}

export function describeEvent(vevent: Component): string {
  const uid = vevent.getFirstPropertyValue('uid');
  const summary = vevent.getFirstPropertyValue('summary');
  if (typeof uid === 'string' && uid.trim()) return `Event ${uid.trim().slice(0, 80)}`;
  return typeof summary === 'string' && summary.trim() ? `Event "${summary.trim().slice(0, 80)}"` : 'An event';
}

/** Longer than any event: a century. */
const MAX_DURATION_S = 100 * 366 * 86_400;
const TIME_PROPERTIES = new Set(['dtstart', 'dtend', 'due', 'recurrence-id', 'exdate', 'rdate']);
/** What ical.js makes of a bare date read as DATE-TIME ("DTSTART:20190101"). */
const BARE_DATE = /^(\d{4}-\d{2}-\d{2})T::$/;

/**
 * Repairs one event's properties in place, before ical.js reads them:
 * - a bare date in a DATE-TIME property without VALUE=DATE is that date (all-day);
 * - an RRULE without FREQ (an empty `RRULE:`) means no rule;
 * - RDATE;VALUE=PERIOD becomes the periods' starts, and their ends are answered by the returned map
 *   (ical.js' iterator would yield the periods themselves, which are not times).
 */
export function repairEvent(vevent: Component): Map<string, Time> {
  const periodEnds = new Map<string, Time>();
  // A copy: properties are replaced while walking them.
  for (const prop of [...vevent.getAllProperties()]) {
    const jcal = prop.toJSON() as Jcal;
    if (
      TIME_PROPERTIES.has(prop.name) &&
      prop.type === 'date-time' &&
      jcal.slice(3).some((v) => typeof v === 'string' && BARE_DATE.test(v))
    ) {
      const values = jcal.slice(3).map((v) => (typeof v === 'string' ? v.replace(BARE_DATE, '$1') : v));
      replace(vevent, prop, [prop.name, { ...jcal[1], value: 'date' }, 'date', ...values]);
    } else if (
      prop.name === 'duration' &&
      !(Math.abs((prop.getFirstValue() as InstanceType<typeof ICAL.Duration>).toSeconds()) <= MAX_DURATION_S)
    ) {
      // ical.js adds a duration week by week: P999999999999999999W would never end. Read as no duration.
      vevent.removeProperty(prop);
    } else if (prop.name === 'rrule' && !(prop.getFirstValue() as { freq?: unknown } | null)?.freq) {
      vevent.removeProperty(prop);
    } else if (prop.name === 'rdate' && prop.type === 'period') {
      const periods = prop.getValues() as InstanceType<typeof ICAL.Period>[];
      for (const p of periods) periodEnds.set(p.start.toString(), p.getEnd());
      const { value: _value, ...params } = jcal[1];
      replace(vevent, prop, [
        'rdate',
        params,
        periods[0].start.isDate ? 'date' : 'date-time',
        ...jcal.slice(3).map((v): unknown => (Array.isArray(v) ? (v as unknown[])[0] : v)),
      ]);
    }
  }
  // DTSTART is the first instance (RFC 5545 3.8.5.2); ical.js' iterator skips it when only RDATEs recur.
  const dtstart = vevent.getFirstProperty('dtstart');
  if (dtstart && vevent.hasProperty('rdate') && !vevent.hasProperty('rrule')) {
    const [, params, type, value] = dtstart.toJSON() as Jcal;
    vevent.addProperty(new ICAL.Property(['rdate', params, type, value], vevent));
  }
  return periodEnds;
}

function replace(vevent: Component, old: InstanceType<typeof ICAL.Property>, jcal: Jcal): void {
  vevent.removeProperty(old);
  vevent.addProperty(new ICAL.Property(jcal, vevent));
}

/**
 * An identity for an event without UID, from what it says (start with its zone, summary,
 * recurrence): stable across syncs of the same feed, so re-syncing updates rather than duplicates.
 */
export function contentId(vevent: Component): string {
  const parts = ['dtstart', 'summary', 'rrule', 'rdate', 'exdate', 'recurrence-id'].flatMap((name) =>
    vevent.getAllProperties(name).map((p) => JSON.stringify(p.toJSON())),
  );
  return `nouid-${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 24)}`;
}
