import { studentTTwoSidedP } from '../insights/stats/student-t.ts';

/**
 * The comparison of the outcome between B days and A days (docs/decisions.md, "n-of-1 experiments"):
 * the regression y = α + β·B by least squares (β = mean_B − mean_A), its Newey–West standard
 * error, the classical one, and a 95% interval from the larger of the two with Student's t on
 * ⌊runs/2⌋ degrees of freedom. Every number equals statsmodels' for the same observations
 * (test/fixtures/experiments/make_reference.py); nothing here rounds.
 */
export type Comparison = {
  nA: number;
  nB: number;
  meanA: number | null;
  meanB: number | null;
  /** mean_B − mean_A: the regression's β. */
  difference: number | null;
  /** Hedges' g: the difference over the pooled standard deviation, times 1 − 3/(4n − 9). */
  hedgesG: number | null;
  /** Newey–West: Bartlett kernel, hacLags lags, times n/(n − 2). */
  hacSe: number | null;
  /** The classical least-squares standard error of β. */
  olsSe: number | null;
  /** max(hacSe, olsSe): the one the interval uses. */
  se: number | null;
  hacLags: number | null;
  /** Runs of one arm among the observations, in order (ABAB is 4). */
  runs: number;
  /** ⌊runs/2⌋: the interval's degrees of freedom. */
  df: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  pValue: number | null;
};

/** floor(4·(n/100)^(2/9)): Newey and West's (1994) rule of thumb, statsmodels' default for maxlags. */
export const neweyWestLags = (n: number): number => Math.floor(4 * (n / 100) ** (2 / 9));

/** The t value exceeded in absolute value with probability alpha (two-sided), by bisection on the exact tail. */
export function tCritical(df: number, alpha = 0.05): number {
  let lo = 0;
  let hi = 2;
  while (studentTTwoSidedP(hi, df) > alpha) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTTwoSidedP(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Runs of equal values: AABBBA has 3. */
function countRuns(b: readonly boolean[]): number {
  let runs = 0;
  for (let i = 0; i < b.length; i++) if (i === 0 || b[i] !== b[i - 1]) runs++;
  return runs;
}

/**
 * y[t] the outcome of observation t, b[t] true on a B day, in time order (the HAC lags count
 * observations). Fields are null where they are undefined: a mean without days, a regression
 * without both arms and three observations, g without spread.
 */
export function compareArms(y: readonly number[], b: readonly boolean[]): Comparison {
  const n = y.length;
  let nB = 0;
  let sumA = 0;
  let sumB = 0;
  for (let t = 0; t < n; t++) {
    if (b[t]) {
      nB++;
      sumB += y[t];
    } else sumA += y[t];
  }
  const nA = n - nB;
  const meanA = nA ? sumA / nA : null;
  const meanB = nB ? sumB / nB : null;
  const runs = countRuns(b);
  const empty: Comparison = {
    nA,
    nB,
    meanA,
    meanB,
    difference: meanA !== null && meanB !== null ? meanB - meanA : null,
    hedgesG: null,
    hacSe: null,
    olsSe: null,
    se: null,
    hacLags: null,
    runs,
    df: null,
    ciLow: null,
    ciHigh: null,
    pValue: null,
  };
  if (meanA === null || meanB === null || n < 3) return empty;
  const difference = meanB - meanA;

  // Residuals and the scores x_t·e_t, x_t = (1, b_t).
  const e = y.map((v, t) => v - (b[t] ? meanB : meanA));
  const u1 = e.map((v, t) => (b[t] ? v : 0));
  const L = neweyWestLags(n);
  // S = Σ u_t u_t' + Σ_j w_j Σ_t (u_t u_{t−j}' + u_{t−j} u_t'), a symmetric 2×2 [s00 s01; s01 s11].
  let s00 = 0;
  let s01 = 0;
  let s11 = 0;
  for (let t = 0; t < n; t++) {
    s00 += e[t] * e[t];
    s01 += e[t] * u1[t];
    s11 += u1[t] * u1[t];
  }
  for (let j = 1; j <= L; j++) {
    const w = 1 - j / (L + 1);
    let a00 = 0;
    let a01 = 0;
    let a10 = 0;
    let a11 = 0;
    for (let t = j; t < n; t++) {
      a00 += e[t] * e[t - j];
      a01 += e[t] * u1[t - j];
      a10 += u1[t] * e[t - j];
      a11 += u1[t] * u1[t - j];
    }
    s00 += 2 * w * a00;
    s01 += w * (a01 + a10);
    s11 += 2 * w * a11;
  }
  // (X'X)⁻¹ = [nB −nB; −nB n] / (nA·nB); its second row is (−1/nA, n/(nA·nB)) = (−1/nA, 1/nA + 1/nB).
  const r0 = -1 / nA;
  const r1 = 1 / nA + 1 / nB;
  const hacVar = (r0 * r0 * s00 + 2 * r0 * r1 * s01 + r1 * r1 * s11) * (n / (n - 2));
  const hacSe = Math.sqrt(Math.max(0, hacVar));
  let sse = 0;
  for (const v of e) sse += v * v;
  const sigma2 = sse / (n - 2);
  const olsSe = Math.sqrt(sigma2 * r1);
  const se = Math.max(hacSe, olsSe);
  const hedgesG = sigma2 > 0 ? ((1 - 3 / (4 * n - 9)) * difference) / Math.sqrt(sigma2) : null;

  const df = Math.floor(runs / 2);
  const half = tCritical(df) * se;
  let pValue: number;
  if (se > 0) pValue = studentTTwoSidedP(difference / se, df);
  else pValue = difference === 0 ? 1 : 0;
  return { ...empty, difference, hedgesG, hacSe, olsSe, se, hacLags: L, df, ciLow: difference - half, ciHigh: difference + half, pValue };
}
