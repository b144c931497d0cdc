/**
 * Benjamini-Hochberg adjusted p-values, step for step as R's p.adjust(p, method = "BH"):
 * sort descending, q_(i) = min over j ≥ i of (m / j) · p_(j), capped at 1. Monotone in p,
 * and tied p-values get the same q whatever their order.
 */
export function benjaminiHochberg(p: ArrayLike<number>): Float64Array {
  const m = p.length;
  const q = new Float64Array(m);
  if (m === 0) return q;
  const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => p[b] - p[a] || a - b);
  let running = Number.POSITIVE_INFINITY;
  for (let k = 0; k < m; k++) {
    const rank = m - k; // R: i <- lp:1L, paired with order(p, decreasing = TRUE)
    const value = (m / rank) * p[order[k]];
    if (value < running) running = value;
    q[order[k]] = Math.min(1, running);
  }
  return q;
}
