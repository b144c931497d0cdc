/** Rounding happens only here, at the edge: the statistics and every ordering use full precision. */

/** n significant digits; -0 becomes 0 so JSON never shows "-0". */
export function significant(x: number, digits = 4): number {
  if (x === 0 || !Number.isFinite(x)) return 0;
  const v = Number(x.toPrecision(digits));
  return v === 0 ? 0 : v;
}

/** Fixed decimals, half away from zero. */
export function decimals(x: number, places = 2): number {
  const f = 10 ** places;
  const v = (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
  return v === 0 ? 0 : v;
}
