/** Robust location and scale for baseline-deviation scores. Inputs are never mutated. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = Float64Array.from(values).sort();
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Median absolute deviation from the median, unscaled. */
function medianAbsoluteDeviation(values: readonly number[], centre = median(values)): number {
  return median(values.map((v) => Math.abs(v - centre)));
}

/** Mean absolute deviation from the median: the scale used when more than half the values tie. */
function meanAbsoluteDeviation(values: readonly number[], centre = median(values)): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += Math.abs(v - centre);
  return sum / values.length;
}

/** 1/Φ⁻¹(3/4): makes the MAD estimate σ for normal data. */
const MAD_SCALE = 1.4826;
/** sqrt(π/2): makes the mean absolute deviation estimate σ for normal data. */
const MEAN_AD_SCALE = 1.2533;

export type RobustScore = {
  z: number;
  recentMedian: number;
  baselineMedian: number;
  scale: number;
  /** The MAD was 0 (over half the baseline ties), so the scale is the mean absolute deviation. */
  fallback: boolean;
};

/**
 * z = (median(recent) − median(baseline)) / (1.4826 · MAD(baseline)), falling back to
 * 1.2533 · mean absolute deviation when the MAD is 0; null when that is 0 too (a flat baseline).
 */
export function robustZ(recent: readonly number[], baseline: readonly number[]): RobustScore | null {
  const baselineMedian = median(baseline);
  const recentMedian = median(recent);
  let scale = MAD_SCALE * medianAbsoluteDeviation(baseline, baselineMedian);
  const fallback = scale === 0;
  if (fallback) scale = MEAN_AD_SCALE * meanAbsoluteDeviation(baseline, baselineMedian);
  if (!(scale > 0)) return null;
  return { z: (recentMedian - baselineMedian) / scale, recentMedian, baselineMedian, scale, fallback };
}
