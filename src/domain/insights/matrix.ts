/**
 * The slice of the daily summary insights read: one value per local day per column. Structurally
 * the DailyMatrix of src/domain/days/summary.service.ts, restated here so the statistics stay
 * pure functions that tests can feed synthetic matrices.
 */
export type ColumnKind = 'metric' | 'factor';

export type MatrixColumn = {
  key: string;
  label: string;
  unit: string;
  kind: ColumnKind;
  /**
   * One entry per date; null = no value that day. A factor holds daily event counts: 0 on a day
   * without such an event, null only where there is no record at all (before the user's first
   * event, after their today).
   */
  values: readonly (number | null)[];
};

export type InsightMatrix = { dates: readonly string[]; columns: readonly MatrixColumn[] };

/** The column as numbers, NaN where there is no value. */
export function seriesOf(column: MatrixColumn, length: number): Float64Array {
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const v = column.values[i];
    out[i] = v === null || v === undefined || !Number.isFinite(v) ? Number.NaN : v;
  }
  return out;
}

export function hasData(series: Float64Array, kind: ColumnKind): boolean {
  for (const v of series) if (kind === 'factor' ? v > 0 : !Number.isNaN(v)) return true;
  return false;
}

/** Columns in key order, so every result is independent of the order the summary lists them in. */
export function byKey<T extends { key: string }>(columns: readonly T[]): T[] {
  return [...columns].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * A computation remembered per matrix and argument. A matrix is built once per request and never
 * changed, so what is derived from it holds as long as the request keeps it (one GraphQL query
 * asks for the graph and the episodes of one window, which test the same columns).
 */
export function perMatrix<A, R>(compute: (matrix: InsightMatrix, arg: A) => R): (matrix: InsightMatrix, arg: A) => R {
  const cache = new WeakMap<InsightMatrix, Map<A, R>>();
  return (matrix, arg) => {
    let byArg = cache.get(matrix);
    if (!byArg) cache.set(matrix, (byArg = new Map<A, R>()));
    if (!byArg.has(arg)) byArg.set(arg, compute(matrix, arg));
    return byArg.get(arg)!;
  };
}
