import ICAL from 'ical.js';
import { localDateOf, wallTimeToUtc } from '../../core/clock.ts';
import { Invalid } from '../../core/errors.ts';
import { addDays } from '../goals/periods.ts';

/** When a reminder falls due: local times on the days an RRULE gives, from a first day, in a timezone. */
export type Schedule = { rrule: string; startsOn: string; times: readonly string[]; timezone: string };

/** One due time: the instant, and the local day and time it was set for. */
export type Occurrence = { dueAt: Date; localDate: string; localTime: string };

const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
/** The parts a day rule may have; times of day are the reminder's `times`, not the rule's. */
const PARTS = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYYEARDAY', 'BYWEEKNO', 'BYSETPOS', 'WKST'];
const TIME_PARTS = ['BYHOUR', 'BYMINUTE', 'BYSECOND'];
/** Past this many days the rule is taken to have no more (a rule that matches nothing would spin forever). */
const MAX_DAYS_WALKED = 200_000;

const refuse = (msg: string): never => {
  throw Invalid.at(['rrule'], msg);
};

/**
 * An RRULE (RFC 5545) as stored: upper case, without an `RRULE:` prefix, its parts checked; times
 * of day (BYHOUR, BYMINUTE, BYSECOND) and sub-daily frequencies are refused, as the reminder's
 * `times` say when in the day.
 */
export function normalizeRule(text: string): string {
  const rule = text
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  const seen = new Set<string>();
  for (const part of rule.split(';')) {
    const [name, value, extra] = part.split('=');
    if (!name || !value || extra !== undefined) refuse(`"${part}" is not a NAME=value part`);
    if (TIME_PARTS.includes(name)) refuse(`${name} is not allowed: the times of day go in \`times\``);
    if (!PARTS.includes(name)) refuse(`${name} is not a part of a day rule (${PARTS.join(', ')})`);
    if (seen.has(name)) refuse(`${name} appears twice`);
    seen.add(name);
    if (!/^[A-Z0-9,+-]{1,200}$/.test(value)) refuse(`${name}=${value} is not a valid value`);
  }
  const freq = /(?:^|;)FREQ=([A-Z]+)/.exec(rule)?.[1];
  if (!freq) refuse('FREQ is required');
  if (!FREQUENCIES.includes(freq!)) refuse(`FREQ must be one of ${FREQUENCIES.join(', ')} (the times of day go in \`times\`)`);
  const interval = /(?:^|;)INTERVAL=([^;]+)/.exec(rule)?.[1];
  if (interval !== undefined && !(/^\d{1,4}$/.test(interval) && Number(interval) >= 1 && Number(interval) <= 1000))
    refuse('INTERVAL must be 1 to 1000');
  const count = /(?:^|;)COUNT=([^;]+)/.exec(rule)?.[1];
  if (count !== undefined && !(/^\d{1,6}$/.test(count) && Number(count) >= 1)) refuse('COUNT must be 1 to 999999');
  if (seen.has('COUNT') && seen.has('UNTIL')) refuse('Give COUNT or UNTIL, not both');
  try {
    ICAL.Recur.fromString(rule);
  } catch (err) {
    refuse(`Not a valid RRULE: ${(err as Error).message}`);
  }
  return rule;
}

/** The rule's days from its first, as YYYY-MM-DD, in order. */
function* days(s: Schedule): Generator<string> {
  const iterator = ICAL.Recur.fromString(s.rrule).iterator(ICAL.Time.fromDateString(s.startsOn));
  for (let walked = 0; walked < MAX_DAYS_WALKED; walked++) {
    const next = iterator.next();
    if (!next) return;
    yield next.toString().slice(0, 10);
  }
}

/** A local day and time as the instant it names; a time the clocks skip moves forward by the gap, a repeated one is its first. */
export function instantOf(localDate: string, localTime: string, timezone: string): Date {
  const [y, m, d] = localDate.split('-').map(Number);
  const [h, min] = localTime.split(':').map(Number);
  return new Date(wallTimeToUtc(Date.UTC(y, m - 1, d, h, min), timezone));
}

const onDay = (s: Schedule, day: string): Occurrence[] =>
  [...s.times].sort().map((t) => ({ dueAt: instantOf(day, t, s.timezone), localDate: day, localTime: t }));

/**
 * The due times after `after` (exclusive), earliest first, at most `limit`. Days before the local
 * day of `after` are walked without working out their instants (a daily rule set years ago).
 */
export function dueTimesAfter(s: Schedule, after: Date, limit: number): Occurrence[] {
  const out: Occurrence[] = [];
  // A day before the local date of `after` can still hold a later instant only across a zone change: one day of margin.
  const from = addDays(localDateOf(after, s.timezone), -1);
  for (const day of days(s)) {
    if (day < from) continue;
    for (const o of onDay(s, day)) if (o.dueAt > after && out.length < limit) out.push(o);
    if (out.length >= limit) break;
  }
  return out;
}

/** The due time before `before` (exclusive), or null when the rule has none: where "this period" starts. */
export function dueTimeBefore(s: Schedule, before: Date): Occurrence | null {
  const margin = addDays(localDateOf(before, s.timezone), -1);
  // The rule's latest day before the margin, passed over unconverted: the answer when the margin holds none.
  let earlier: string | null = null;
  let last: Occurrence | null = null;
  for (const day of days(s)) {
    if (day > addDays(margin, 2)) break;
    if (day < margin) {
      earlier = day;
      continue;
    }
    for (const o of onDay(s, day)) if (o.dueAt < before) last = o;
  }
  return last ?? (earlier ? onDay(s, earlier).at(-1)! : null);
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local time (HH:MM) of an instant in a timezone. */
export function localTimeOf(instant: Date, timezone: string): string {
  let f = timeFormatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormatters.set(timezone, f);
  }
  return f.format(instant);
}
