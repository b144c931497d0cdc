import { regularizedBeta } from './beta.ts';

/**
 * Two-sided tail probability P(|T| ≥ |t|) of Student's t with df degrees of freedom:
 * I_{df/(df+t²)}(df/2, 1/2). Pass x = df/(df+t²) and y = 1-x directly (t = null) when the
 * caller can form them more accurately than from t.
 */
export function studentTTwoSidedP(t: number | null, df: number, x?: number, y?: number): number {
  let bx = x;
  let by = y;
  if (t !== null) {
    if (!Number.isFinite(t)) return Number.isNaN(t) ? Number.NaN : 0;
    const t2 = t * t;
    bx = df / (df + t2);
    by = t2 / (df + t2);
  }
  if (bx === undefined || by === undefined) throw new Error('studentTTwoSidedP needs t or (x, y)');
  return Math.min(1, regularizedBeta(bx, df / 2, 0.5, by));
}
