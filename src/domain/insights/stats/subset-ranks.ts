/**
 * Average ranks of many subsets of one series without sorting each subset: the series' days are
 * sorted by value once (sortedDays), then each subset is ranked by one walk over that order,
 * keeping the days the subset includes. Ties are adjacent in the order, so each run of equal
 * included values gets the mean of the ranks it spans, exactly as averageRanks() would.
 */

/** Days with a value (not NaN), ordered by value, then by day. */
export function sortedDays(series: Float64Array): Int32Array {
  const days: number[] = [];
  for (let d = 0; d < series.length; d++) if (!Number.isNaN(series[d])) days.push(d);
  days.sort((a, b) => series[a] - series[b] || a - b);
  return Int32Array.from(days);
}

/**
 * Ranks of the subset: day e of the series is included when slot[e + offset] ≥ 0, and its rank
 * goes to out[slot[e + offset]]. `group` is scratch of at least the subset size.
 */
export function rankSubset(
  series: Float64Array,
  order: Int32Array,
  offset: number,
  slot: Int32Array,
  out: Float64Array,
  group: Int32Array,
): void {
  const limit = slot.length;
  let rank = 0; // ranks assigned so far
  let size = 0; // members of the current tie group
  let value = Number.NaN;
  for (let k = 0; k < order.length; k++) {
    const e = order[k];
    const d = e + offset;
    if (d < 0 || d >= limit) continue;
    const s = slot[d];
    if (s < 0) continue;
    const v = series[e];
    if (size > 0 && v !== value) {
      const average = rank + (size + 1) / 2;
      for (let g = 0; g < size; g++) out[group[g]] = average;
      rank += size;
      size = 0;
    }
    value = v;
    group[size++] = s;
  }
  const average = rank + (size + 1) / 2;
  for (let g = 0; g < size; g++) out[group[g]] = average;
}

/** Pearson's r of two rank vectors of length n (both have mean (n+1)/2); NaN when either is constant. */
export function rankCorrelation(rx: Float64Array, ry: Float64Array, n: number): number {
  const mean = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = rx[i] - mean;
    const dy = ry[i] - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return Number.NaN;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}
