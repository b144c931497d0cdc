import { zoneOffsetSeconds } from '../../../core/clock.ts';
import { findLandmarks } from './anchors.ts';
import { lexicon, parseTimes } from './locales/index.ts';
import type { Lexicon } from './locales/lexicon.ts';
import type { CaptureLanguage } from '../../users/preferences.ts';

// Wall-clock arithmetic in an IANA timezone, so "yesterday 9pm" means 21:00 where the user is.

/**
 * Offsets already computed, by timezone and second: formatToParts is slow (it was 40% of a parse
 * of many short dated lines) and a capture asks for the same few instants again and again.
 */
const offsets = new Map<string, number>();

/** Minutes east of UTC of `timezone` at `instant` (Europe/Berlin in winter: 60). */
function offsetMinutes(timezone: string, instant: Date): number {
  const key = `${timezone} ${Math.floor(instant.getTime() / 1000)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const minutes = computeOffset(timezone, instant);
  if (offsets.size >= 10_000) offsets.clear();
  offsets.set(key, minutes);
  return minutes;
}

function computeOffset(timezone: string, instant: Date): number {
  return Math.round(zoneOffsetSeconds(timezone, instant.getTime()) / 60);
}

type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The instant at which the clocks in `timezone` show `t` (the earlier one when a DST change repeats it). */
function zonedToUtc(t: WallTime, timezone: string): Date {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  let guess = wall - offsetMinutes(timezone, new Date(wall)) * 60_000;
  for (let i = 0; i < 3; i++) {
    const next = wall - offsetMinutes(timezone, new Date(guess)) * 60_000;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** Words that put a line in the future (a plan, not a log): its times stay where they fall. */
const FUTURE = /\b(?:tomorrow|tonight|later|will|going to|gonna|plan(?:s|ned)?|remind(?: me)?|next|upcoming|scheduled?)\b/i;

const DAY_MS = 86_400_000;

/** The same wall-clock time one calendar day earlier in `timezone` (23:45 yesterday for 23:45 today). */
function dayBefore(instant: Date, timezone: string): Date {
  const local = new Date(instant.getTime() + offsetMinutes(timezone, instant) * 60_000 - DAY_MS);
  return zonedToUtc(
    {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      second: local.getUTCSeconds(),
    },
    timezone,
  );
}

/** Words that put a bare 1..6 o'clock in the small hours or the morning. */
const SMALL_HOURS = /\b(?:woke|wake|waking|up|alarm|asleep|sleep|slept|bed|night|morning|am|a\.m\.|early|dawn)\b|:\d\d\s*h\b/i;

export type TimeMention = { start: number; end: number; text: string; at: Date; endAt: Date | null; hasTime: boolean };

const CLOCK_WORDS = 'today|now|tonight|morning|afternoon|evening|night|noon|midnight';
const clockWordsOf = new Map<CaptureLanguage | undefined, RegExp>();
/** Words that give a day said with them a time of day (English's, and the language's today and now). */
function clockWords(language: CaptureLanguage | undefined): RegExp {
  let words = clockWordsOf.get(language);
  if (!words) {
    const now = lexicon(language)?.now;
    words = new RegExp(`\\b(?:${CLOCK_WORDS}${now ? `|${now}` : ''})\\b`, 'i');
    clockWordsOf.set(language, words);
  }
  return words;
}

/** Words chrono reads as dates that, alone, are far more often ordinary words in a log line. */
const LONE_WORDS = /^(?:sat|sun|mon|wed|thu|fri|tue|may|march|second|now|today)$/i;

/**
 * Dates and times mentioned in `text`, resolved against `reference` in `timezone`. Relative
 * expressions ("2 hours ago") keep their exact instant; calendar ones ("yesterday 9pm") are read
 * as wall time in the timezone, so DST is handled per date, not from the reference's offset.
 */
export function findTimes(text: string, reference: Date, timezone: string, language?: CaptureLanguage): TimeMention[] {
  const ref = { instant: reference, timezone: offsetMinutes(timezone, reference) };
  const out: TimeMention[] = [];
  // chrono in English, or in `language` and English (locales/index.ts).
  for (const r of parseTimes(text, ref, language)) {
    const phrase = r.text.trim();
    if (LONE_WORDS.test(phrase) && phrase.toLowerCase() !== 'today') continue;
    if (/^\d+(?:[.,]\d+)?$/.test(phrase)) continue;
    // "pain 6/10", "mood 4/5": a rating, not the 6th of October.
    if (/^\d{1,2}\s*\/\s*(?:5|10)$/.test(phrase)) continue;
    const s = r.start;
    let at: Date;
    if (s.isCertain('timezoneOffset')) {
      at = r.date();
    } else {
      const wall: WallTime = {
        year: s.get('year')!,
        month: s.get('month')!,
        day: s.get('day')!,
        hour: s.get('hour') ?? 12,
        minute: s.get('minute') ?? 0,
        second: s.get('second') ?? 0,
      };
      // A day without a time of day ("yesterday", "on Monday") is its middle, not the capture's clock time.
      if (!s.isCertain('hour') && !clockWords(language).test(phrase)) {
        Object.assign(wall, { hour: 12, minute: 0, second: 0 });
      }
      // chrono reads "last night" as the midnight that began yesterday; people mean yesterday evening.
      if (/\blast night\b/i.test(phrase) && !s.isCertain('hour')) {
        const y = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
        Object.assign(wall, { year: y.getUTCFullYear(), month: y.getUTCMonth() + 1, day: y.getUTCDate(), hour: 22, minute: 0, second: 0 });
      }
      // "from 9 to 5pm": chrono gives the start the end's p.m.; a 21:00-17:00 day is 09:00-17:00.
      if (r.end && !s.isCertain('meridiem') && wall.hour >= 13 && (r.end.get('hour') ?? 0) > wall.hour - 12) wall.hour -= 12;
      // "coffee at 4", "cola at 5": a bare 1..6 o'clock in a log is the afternoon, unless the line
      // is about waking or the small hours.
      // (Not when that afternoon is still to come and the morning has passed: "cola at 5" at 16:30.)
      if (s.isCertain('hour') && !s.isCertain('meridiem') && wall.hour >= 1 && wall.hour <= 6 && !SMALL_HOURS.test(text)) {
        const pm = { ...wall, hour: wall.hour + 12 };
        if (zonedToUtc(pm, timezone) <= reference || FUTURE.test(text)) wall.hour += 12;
      }
      // chrono's mornings start at 06:00 and evenings at 20:00; a log means the usual 08:00 and 19:00.
      const part = s.isCertain('hour') ? null : /\b(morning|evening)\b/i.exec(phrase);
      if (part) Object.assign(wall, { hour: part[1].toLowerCase() === 'morning' ? 8 : 19, minute: 0, second: 0 });
      at = zonedToUtc(wall, timezone);
      // "this morning" is 08:00 here; said at 04:30 it means earlier today, never later.
      if (!s.isCertain('hour') && /\b(?:this )?(?:morning|afternoon|evening)\b/i.test(phrase) && at > reference) {
        at = reference;
      }
    }
    let endAt: Date | null = null;
    if (r.end) {
      const e = r.end;
      endAt = e.isCertain('timezoneOffset')
        ? e.date()
        : zonedToUtc(
            {
              year: e.get('year')!,
              month: e.get('month')!,
              day: e.get('day')!,
              hour: e.get('hour') ?? 12,
              minute: e.get('minute') ?? 0,
              second: e.get('second') ?? 0,
            },
            timezone,
          );
      // The end's day as chrono had it for the start's old meridiem: a range within one day stays so.
      if (endAt.getTime() - at.getTime() > 16 * 3_600_000) endAt = new Date(endAt.getTime() - DAY_MS);
      if (endAt <= at) endAt = null;
    }
    // A log is of what happened: a clock time with no day ("bed at 23:45", "coffee at 9") that would
    // be later than the capture is yesterday's, unless the line speaks of the future.
    if (!s.isCertain('timezoneOffset') && s.isCertain('hour') && !s.isCertain('day') && at > reference && !FUTURE.test(text)) {
      at = dayBefore(at, timezone);
      if (endAt && !r.end?.isCertain('day')) endAt = dayBefore(endAt, timezone);
      if (endAt && endAt <= at) endAt = null;
    }
    const hasTime = s.isCertain('hour') || /morning|afternoon|evening|night|noon|midnight|ago|tonight/i.test(phrase);
    out.push({ start: r.index, end: r.index + r.text.length, text: r.text, at, endAt, hasTime });
  }
  return withLandmarks(text, out, reference, timezone, lexicon(language));
}

/** How far ahead of the capture a landmark may be and still mean now ("read before bed" at 21:00). */
const SOON_MS = 3 * 3_600_000;

/**
 * `found` with the landmark times of `text` ("after lunch") that chrono's phrases do not overlap,
 * in text order. A landmark is on the day a phrase beside it names ("yesterday after lunch"), else
 * the last one at or before the capture (the capture time when it is only a little ahead), or
 * today's when the line speaks of the future.
 */
function withLandmarks(text: string, found: TimeMention[], reference: Date, timezone: string, lex: Lexicon | undefined): TimeMention[] {
  const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
  const all = findLandmarks(text, lex);
  const marks = all.filter((m) => m.counted || !found.some((f) => overlaps(f, m)));
  if (marks.length === 0) return found;
  found = found.filter((f) => !marks.some((m) => m.counted && overlaps(f, m)));
  const dayMention = found.find((f) => !f.hasTime);
  const day = dayMention?.at;
  const future = FUTURE.test(text);
  const rest = found.filter((f) => f !== dayMention);
  for (const m of marks) {
    let today = atLocalTime(day ?? reference, timezone, m.hour, m.minute);
    if (m.bare && m.hour >= 1 && m.hour <= 6 && !SMALL_HOURS.test(text)) {
      const pm = atLocalTime(day ?? reference, timezone, m.hour + 12, m.minute);
      if (pm <= reference || day || future) today = pm;
    }
    // A landmark a little ahead of the capture ("read before bed" at 21:00) is now, not yesterday's.
    const ahead = today.getTime() - reference.getTime();
    const at = day || future || ahead <= 0 ? today : ahead <= SOON_MS ? reference : dayBefore(today, timezone);
    rest.push({ start: m.start, end: m.end, text: m.text, at, endAt: null, hasTime: true });
    // The day's own phrase stays a mention (its words are not notes) at the landmark's time.
    if (dayMention && m === marks[0]) rest.push({ ...dayMention, at, hasTime: true });
  }
  return rest.sort((a, b) => a.start - b.start);
}

/** The last `hh:mm` in `timezone` at or before `reference` (today's, or yesterday's when today's is still ahead). */
export function lastClockTime(hhmm: string, reference: Date, timezone: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  const today = atLocalTime(reference, timezone, h, m);
  return today > reference ? dayBefore(today, timezone) : today;
}

/** The instant of `hour:minute` on the local calendar day of `instant` in `timezone`. */
export function atLocalTime(instant: Date, timezone: string, hour: number, minute = 0): Date {
  const offset = offsetMinutes(timezone, instant);
  const local = new Date(instant.getTime() + offset * 60_000);
  return zonedToUtc(
    { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), hour, minute, second: 0 },
    timezone,
  );
}

/** The hour (0..23) the clocks in `timezone` show at `instant`. */
export function localHour(instant: Date, timezone: string): number {
  return new Date(instant.getTime() + offsetMinutes(timezone, instant) * 60_000).getUTCHours();
}
