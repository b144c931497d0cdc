/**
 * A sleep period as the wearables summarise one (Oura's sleep documents, Withings' sleep.csv rows):
 * in bed from `bedStartMs` to `bedEndMs`, asleep for `asleepS` seconds of it (awake time inside the
 * period excluded), having taken `latencyS` to fall asleep. Its asleep interval is the one the
 * night is built from: it starts when sleep began (bed + latency) and lasts the asleep time, moved
 * earlier when that would pass the end of the period and cut to the period when longer than it. A
 * period alone so counts exactly its asleep time, and two records of one period (a re-analysis, the
 * same night in two files) overlap and count once in the union of a source's intervals (SleepNights).
 * Null when the period has no time asleep or its bounds are not an interval.
 */
export function asleepInterval(
  bedStartMs: number,
  bedEndMs: number,
  asleepS: number,
  latencyS = 0,
): { startMs: number; endMs: number } | null {
  const span = bedEndMs - bedStartMs;
  if (!Number.isFinite(span) || span <= 0 || !(asleepS > 0)) return null;
  const length = Math.min(span, Math.round(asleepS * 1000));
  const latency = Number.isFinite(latencyS) && latencyS > 0 ? Math.round(latencyS * 1000) : 0;
  const startMs = Math.min(bedStartMs + latency, bedEndMs - length);
  return { startMs, endMs: startMs + length };
}
