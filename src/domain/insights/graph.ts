import { byKey, hasData, perMatrix, seriesOf, type ColumnKind, type InsightMatrix, type MatrixColumn } from './matrix.ts';
import { significant } from './rounding.ts';
import { benjaminiHochberg } from './stats/fdr.ts';
import { correlationPValue } from './stats/spearman.ts';
import { rankCorrelation, rankSubset, sortedDays } from './stats/subset-ranks.ts';

/** The candidate on day d-L against the centre on day d. */
const LAGS = [0, 1, 2, 3] as const;
const MIN_PAIRS = 10;
const MIN_FACTOR_SUPPORT = 5;

export const TIERS = ['strong', 'moderate', 'suggestive', 'weak'] as const;
export type Tier = (typeof TIERS)[number];
export const GRAPH_MODES = ['explore', 'significant'] as const;
export type GraphMode = (typeof GRAPH_MODES)[number];

/** One (candidate, lag) test made for a centre, at full precision. */
export type PairTest = {
  key: string;
  label: string;
  kind: ColumnKind;
  lag: number;
  n: number;
  support: number;
  r: number;
  p: number;
  q: number;
};

export type InsightEdge = {
  key: string;
  label: string;
  kind: ColumnKind;
  direction: 'positive' | 'negative';
  confidence: Tier;
  lag: number;
  n: number;
  support: number;
  r: number;
  qValue: number;
};

export type InsightCenter = { key: string; label: string; unit: string };

export type InsightGraph = {
  center: InsightCenter;
  edges: InsightEdge[];
  mode: GraphMode;
  windowDays: number;
};

type Prepared = { column: MatrixColumn; series: Float64Array; order: Int32Array; hasData: boolean };

/** Each column's series and value order, computed once per matrix (episodes reuse them for every centre). */
const prepare = perMatrix((matrix: InsightMatrix, _: void): Map<string, Prepared> => {
  const prepared = new Map<string, Prepared>();
  for (const column of byKey(matrix.columns)) {
    const series = seriesOf(column, matrix.dates.length);
    prepared.set(column.key, { column, series, order: sortedDays(series), hasData: hasData(series, column.kind) });
  }
  return prepared;
});

/**
 * Every test made for the centre: each other column with data in the window, at each lag, on the
 * days where both have a value, skipping n < 10, factors seen on fewer than 5 of those days and
 * constant series; then Benjamini-Hochberg over all of them. Returns tests in key, lag order.
 */
export const centreTests: (matrix: InsightMatrix, centreKey: string) => readonly PairTest[] = perMatrix(testCentre);

function testCentre(matrix: InsightMatrix, centreKey: string): PairTest[] {
  const days = matrix.dates.length;
  const prepared = prepare(matrix);
  const centre = prepared.get(centreKey);
  if (!centre) throw new Error(`No column ${centreKey} in the matrix`);
  const y = centre.series;
  // slot[d] = index of day d in the current pair list (the centre's day), or -1 when not paired.
  const slot = new Int32Array(days);
  const rx = new Float64Array(days);
  const ry = new Float64Array(days);
  const group = new Int32Array(days);
  const tests: Omit<PairTest, 'q'>[] = [];
  for (const { column, series: x, order, hasData: any } of prepared.values()) {
    if (column.key === centreKey || !any) continue;
    for (const lag of LAGS) {
      let n = 0;
      let support = 0;
      slot.fill(-1);
      for (let d = lag; d < days; d++) {
        const xv = x[d - lag];
        if (Number.isNaN(xv) || Number.isNaN(y[d])) continue;
        if (xv > 0) support++;
        slot[d] = n++;
      }
      if (column.kind === 'metric') support = n;
      if (n < MIN_PAIRS || (column.kind === 'factor' && support < MIN_FACTOR_SUPPORT)) continue;
      rankSubset(y, centre.order, 0, slot, ry, group);
      rankSubset(x, order, lag, slot, rx, group);
      const r = rankCorrelation(rx, ry, n);
      if (Number.isNaN(r)) continue; // a constant series
      tests.push({ key: column.key, label: column.label, kind: column.kind, lag, n, support, r, p: correlationPValue(r, n) });
    }
  }
  const q = benjaminiHochberg(tests.map((t) => t.p));
  return tests.map((t, i) => ({ ...t, q: q[i] }));
}

export function tierOf(test: Pick<PairTest, 'r' | 'p' | 'q'>): Tier | null {
  if (test.q <= 0.01 && Math.abs(test.r) >= 0.4) return 'strong';
  if (test.q <= 0.05) return 'moderate';
  if (test.q <= 0.2) return 'suggestive';
  if (test.p <= 0.1) return 'weak';
  return null;
}

/** Each candidate's best lag: smallest q, then the smaller lag. */
function bestLags(tests: readonly PairTest[]): PairTest[] {
  const best = new Map<string, PairTest>();
  for (const t of tests) {
    const current = best.get(t.key);
    if (!current || t.q < current.q || (t.q === current.q && t.lag < current.lag)) best.set(t.key, t);
  }
  return [...best.values()];
}

type Ranked = { test: PairTest; tier: Tier };

function compareEdges(a: Ranked, b: Ranked): number {
  return (
    TIERS.indexOf(a.tier) - TIERS.indexOf(b.tier) ||
    a.test.q - b.test.q ||
    Math.abs(b.test.r) - Math.abs(a.test.r) ||
    (a.test.key < b.test.key ? -1 : a.test.key > b.test.key ? 1 : 0)
  );
}

/** The tiered contributors of one centre, in order: tier, q ascending, |r| descending, key. */
export function rankedEdges(matrix: InsightMatrix, centreKey: string, mode: GraphMode): Ranked[] {
  const ranked: Ranked[] = [];
  for (const test of bestLags(centreTests(matrix, centreKey))) {
    const tier = tierOf(test);
    if (!tier || (mode === 'significant' && tier !== 'strong' && tier !== 'moderate')) continue;
    ranked.push({ test, tier });
  }
  return ranked.sort(compareEdges);
}

export function computeGraph(matrix: InsightMatrix, centreKey: string, opts: { mode: GraphMode; windowDays: number }): InsightGraph {
  const centre = matrix.columns.find((c) => c.key === centreKey);
  if (!centre) throw new Error(`No column ${centreKey} in the matrix`);
  return {
    center: { key: centre.key, label: centre.label, unit: centre.unit },
    edges: rankedEdges(matrix, centreKey, opts.mode).map(({ test, tier }) => ({
      key: test.key,
      label: test.label,
      kind: test.kind,
      direction: test.r < 0 ? 'negative' : 'positive',
      confidence: tier,
      lag: test.lag,
      n: test.n,
      support: test.support,
      r: significant(test.r),
      qValue: significant(test.q),
    })),
    mode: opts.mode,
    windowDays: opts.windowDays,
  };
}
