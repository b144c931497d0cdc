import { wallTimeToUtc } from '../core/clock.ts';

/**
 * Times as the wearables' exports write them: ISO 8601 with an offset ("2026-05-27T00:42:29.000-07:00",
 * "+0200" too), a wall-clock time without one ("2026-07-08 11:58:38", "2014-02-13 6:04 Uhr": the
 * account's local time, read in the user's profile timezone), or a bare day.
 */

/** An instant, as text for a reading's recorded_at and in ms, with the file's offset in minutes (null: none given, the text is UTC). */
export type Instant = { iso: string; ms: number; offsetMin: number | null };

/** Longer than any time an export writes: anything longer is not one, and is not handed to a pattern. */
const MAX_TIME_CHARS = 48;
const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(?:\s*(Z|[+-]\d{2}:?\d{2})|\s*[A-Za-z]*)$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `ms` written in the wall-clock time of `offsetMin` with that offset ("…T01:30:00-07:00"), or in UTC ("…Z") when there is none. */
export function formatInstant(ms: number, offsetMin: number | null): string {
  if (offsetMin === null) return new Date(ms).toISOString();
  const wall = new Date(ms + offsetMin * 60_000).toISOString();
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${wall.slice(0, wall.endsWith('.000Z') ? 19 : 23)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The instant a time names, or null when it is not one (or not a real date: 2024-02-30). A time
 * without an offset is a wall-clock time in `timezone`; a bare day is its noon there, so it falls on
 * that day whatever the zone.
 */
export function parseInstant(text: string, timezone: string): Instant | null {
  const t = text.trim();
  if (t.length > MAX_TIME_CHARS) return null;
  const m = TIME.exec(t);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dayOnly = m[4] === undefined;
  const [h, mi, s] = dayOnly ? [12, 0, 0] : [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const frac = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s) + Math.floor(frac);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return null;
  const zone = m[8];
  if (zone === undefined) {
    const ms = wallTimeToUtc(wall, timezone);
    return { iso: new Date(ms).toISOString(), ms, offsetMin: null };
  }
  const offsetMin = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const ms = wall - offsetMin * 60_000;
  return { iso: formatInstant(ms, offsetMin), ms, offsetMin };
}

/** A day's noon in `timezone` (a daily total's time), or null when `day` is not YYYY-MM-DD. */
export function dayNoon(day: string, timezone: string): Instant | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(day.trim()) ? parseInstant(day, timezone) : null;
}
