const DAY_MS = 86_400_000;

/** The calendar day n days after (or before, n < 0) a YYYY-MM-DD date. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The window_days local days ending on (and including) end. */
export function windowOf(end: string, windowDays: number): { from: string; to: string } {
  return { from: addDays(end, -(windowDays - 1)), to: end };
}
