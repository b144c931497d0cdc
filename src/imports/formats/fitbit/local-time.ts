import { wallTimeToUtc } from '../../../core/clock.ts';

/**
 * Fitbit's times. The export writes wall-clock times without an offset ("01/02/21 00:00:05", the
 * sleep logs' "2021-01-02T07:41:30.000"), in the time zone the account was set to when each was
 * recorded, which it does not say. They are read in the user's own timezone (their profile's):
 * right for everything recorded at home, off by the difference for what was recorded while
 * travelling with the account set to another zone. The few files that do give a zone (a "Z") are
 * read as what they say.
 */

/** A wall time as milliseconds since the epoch read as if it were UTC (Date.UTC's fields). */
type WallMs = number;

const HOUR_MS = 3_600_000;
/** Hours whose offset is remembered; a long import past it starts again (a few years of hours). */
const MAX_HOURS = 100_000;

/**
 * Wall times to instants in one timezone, quickly: a Takeout holds tens of millions of samples,
 * and wallTimeToUtc asks Intl several times per call. The offset is worked out once per wall hour
 * and reused for the hour's every minute, unless the offset at the hour's end differs (a
 * transition inside the hour): those hours take wallTimeToUtc per time, so the answer is always
 * exactly wallTimeToUtc's (a time in a gap moves forward, a repeated time takes the earlier instant).
 */
export class LocalClock {
  readonly timezone: string;
  private readonly offsets = new Map<number, number | null>();

  constructor(timezone: string) {
    this.timezone = timezone;
  }

  utc(wall: WallMs): number {
    const hour = Math.floor(wall / HOUR_MS) * HOUR_MS;
    let offset = this.offsets.get(hour);
    if (offset === undefined) {
      const atStart = hour - wallTimeToUtc(hour, this.timezone);
      const atEnd = hour + HOUR_MS - wallTimeToUtc(hour + HOUR_MS, this.timezone);
      offset = atStart === atEnd ? atStart : null;
      if (this.offsets.size >= MAX_HOURS) this.offsets.clear();
      this.offsets.set(hour, offset);
    }
    return offset === null ? wallTimeToUtc(wall, this.timezone) : wall - offset;
  }

  /** Noon of a calendar day here: where a day's one value (a resting heart rate, a night's SpO2) is recorded. */
  noon(day: WallMs): number {
    return this.utc(day + 12 * HOUR_MS);
  }
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function wall(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): WallMs | null {
  if (mo < 1 || mo > 12 || d < 1 || d > DAYS_IN_MONTH[mo - 1] || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // 29 February of a year without one.
  return new Date(t).getUTCDate() === d ? t : null;
}

/** "MM/DD/YY HH:MM:SS" (the intraday files, exercise, the weigh-ins' date with their time), years 2000-2099. */
const US_DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;
/** "YYYY-MM-DDTHH:MM:SS(.sss)" (the sleep logs, the CSVs), maybe with a zone ("Z", "+01:00"). */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const MAX_TIME_CHARS = 40;

/**
 * A time as the export writes it, as an instant: read in `clock`'s timezone unless it names its
 * own zone. Null when it is not one of Fitbit's spellings or not a real date and time.
 */
export function instant(text: unknown, clock: LocalClock): number | null {
  if (typeof text !== 'string' || text.length > MAX_TIME_CHARS) return null;
  const local = wallTime(text);
  if (local !== null) return clock.utc(local);
  const m = ISO.exec(text);
  if (!m?.[8]) return null;
  const at = wall(+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), +(m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  if (at === null) return null;
  if (m[8] === 'Z') return at;
  const sign = m[8][0] === '-' ? -1 : 1;
  const digits = m[8].slice(1).replace(':', '');
  return at - sign * (+digits.slice(0, 2) * 60 + +digits.slice(2)) * 60_000;
}

/** A wall time without a zone ("01/02/21 00:00:05", "2021-01-02T07:41:30.000", "01/02/21"), or null (also for one with a zone). */
export function wallTime(text: string): WallMs | null {
  if (text.length > MAX_TIME_CHARS) return null;
  const us = US_DATE_TIME.exec(text);
  if (us) return wall(2000 + +us[3], +us[1], +us[2], +(us[4] ?? 0), +(us[5] ?? 0), +(us[6] ?? 0));
  const m = ISO.exec(text);
  if (!m || m[8]) return null;
  return wall(+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), +(m[7] ?? '0').padEnd(3, '0').slice(0, 3));
}

/** The calendar day a time is written on ("01/02/21 …", "2021-01-02T…", "2021-01-02T00:00:00Z"), as the wall time of its midnight. */
export function day(text: unknown): WallMs | null {
  if (typeof text !== 'string') return null;
  const us = /^(\d{2})\/(\d{2})\/(\d{2})(?!\d)/.exec(text);
  if (us) return wall(2000 + +us[3], +us[1], +us[2]);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?!\d)/.exec(text);
  return iso ? wall(+iso[1], +iso[2], +iso[3]) : null;
}

/** A wall time as the text a source id keeps ("2021-01-02T00:00"): the same whatever timezone reads it. */
export const wallKey = (t: WallMs, unit: 'minute' | 'second' | 'day') =>
  new Date(t).toISOString().slice(0, unit === 'day' ? 10 : unit === 'minute' ? 16 : 19);
