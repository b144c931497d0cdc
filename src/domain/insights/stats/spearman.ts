import { averageRanks } from './ranks.ts';
import { rankCorrelation } from './subset-ranks.ts';
import { studentTTwoSidedP } from './student-t.ts';

export type Correlation = { r: number; p: number };

/**
 * Spearman's rho over the first n pairs: Pearson's r of the average ranks (ties included),
 * with the two-sided p-value of t = r·sqrt((n-2)/(1-r²)) on n-2 degrees of freedom, which is
 * SciPy's spearmanr and R's cor.test(method = "spearman", exact = FALSE).
 * r and p are NaN when either series is constant; callers guarantee n ≥ 3.
 */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>, n: number): Correlation {
  const sorted = new Float64Array(n);
  const rx = averageRanks(x, n, new Float64Array(n), sorted);
  const ry = averageRanks(y, n, new Float64Array(n), sorted);
  const r = rankCorrelation(rx, ry, n);
  return { r, p: Number.isNaN(r) ? Number.NaN : correlationPValue(r, n) };
}

/**
 * Two-sided p of a correlation r from n pairs under the t approximation. Since
 * t² = r²(n-2)/(1-r²), the t tail equals I_{1-r²}((n-2)/2, 1/2): no t is formed, so |r| near 1 keeps precision.
 */
export function correlationPValue(r: number, n: number): number {
  const x = (1 - r) * (1 + r);
  if (x <= 0) return 0;
  return studentTTwoSidedP(null, n - 2, x, r * r);
}
