/**
 * ISO 8601 durations limited to exact units (weeks, days, hours, minutes, seconds):
 * years and months have no fixed length, so a tracked duration never uses them.
 */
const PATTERN =
  /^P(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;
const UNIT_SECONDS = [604_800, 86_400, 3_600, 60, 1];

export function durationSeconds(text: string): number | null {
  const m = PATTERN.exec(text.trim().toUpperCase());
  if (!m || text.trim().toUpperCase().endsWith('T') || m.slice(1).every((g) => g === undefined)) return null;
  return m.slice(1).reduce((sum, g, i) => sum + (g ? Number(g.replace(',', '.')) * UNIT_SECONDS[i] : 0), 0);
}

/** Canonical form, e.g. 5400 -> "PT1H30M", 90061 -> "P1DT1H1M1S", 0 -> "PT0S". */
export function formatDuration(seconds: number): string {
  let rest = seconds;
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3_600);
  rest -= hours * 3_600;
  const minutes = Math.floor(rest / 60);
  rest = Math.round((rest - minutes * 60) * 1000) / 1000;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest ? `${rest}S` : ''}`;
  if (!days && !time) return 'PT0S';
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}
