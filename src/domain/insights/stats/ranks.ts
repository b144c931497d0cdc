/**
 * Average ranks (1-based) of the first n values, ties sharing the mean of the ranks they span,
 * as SciPy's rankdata(method="average") and R's rank(ties.method = "average").
 * `sorted` is scratch space of at least n entries, so hot loops do not allocate. A value's tied
 * block in the sorted copy is [lo, hi), so its average rank is (lo + 1 + hi) / 2; a native numeric
 * sort plus two binary searches per value is several times faster than sorting with a comparator.
 */
export function averageRanks(values: ArrayLike<number>, n: number, out: Float64Array, sorted: Float64Array): Float64Array {
  const s = sorted.subarray(0, n);
  for (let i = 0; i < n; i++) s[i] = values[i]!;
  s.sort();
  for (let i = 0; i < n; i++) {
    const v = values[i];
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (s[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    let end = lo + 1;
    if (end < n && s[end] === v) {
      let top = n;
      while (end < top) {
        const mid = (end + top) >>> 1;
        if (s[mid] <= v) end = mid + 1;
        else top = mid;
      }
    }
    out[i] = (lo + 1 + end) / 2;
  }
  return out;
}
