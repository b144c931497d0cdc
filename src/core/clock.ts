/** Calendar arithmetic in a user's IANA timezone, without a date library. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timezone, f);
  }
  return f;
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) of an instant as seen in a timezone. */
export function localDateOf(instant: Date, timezone: string): string {
  return formatter(timezone).format(instant);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The offset of an IANA zone at a UTC instant (ms), in seconds east of UTC (Europe/Berlin in winter: 3600). */
export function zoneOffsetSeconds(timezone: string, utcMs: number): number {
  let f = offsetFormatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timezone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 1000);
}

/**
 * The UTC instant of a wall-clock time in an IANA zone. A time in a DST gap moves forward by the
 * gap; an ambiguous time (the repeated hour) takes the earlier instant, as RFC 5545 says.
 */
export function wallTimeToUtc(wallMs: number, timezone: string): number {
  const before = zoneOffsetSeconds(timezone, wallMs - 43_200_000);
  const after = zoneOffsetSeconds(timezone, wallMs + 43_200_000);
  const valid = [wallMs - before * 1000, wallMs - after * 1000].filter((utc) => zoneOffsetSeconds(timezone, utc) * 1000 === wallMs - utc);
  // None valid: the wall time falls in a gap, and the offset before it moves it forward by the gap.
  return valid.length ? Math.min(...valid) : wallMs - before * 1000;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Days in the inclusive range `from`..`to` (YYYY-MM-DD), or undefined when either is not a date;
 * a range that runs backwards counts as one day. The limits on day ranges (GraphQL cost, MCP's
 * days per call) read it before any validation, so it never throws.
 */
export function daysInRange(from: unknown, to: unknown): number | undefined {
  if (typeof from !== 'string' || typeof to !== 'string' || !DATE.test(from) || !DATE.test(to)) return undefined;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return Number.isFinite(days) ? Math.max(1, days) : undefined;
}
