import { createHash } from 'node:crypto';
import { rankedEdges } from './graph.ts';
import { byKey, perMatrix, seriesOf, type ColumnKind, type InsightMatrix, type MatrixColumn } from './matrix.ts';
import { decimals, significant } from './rounding.ts';
import { robustZ, type RobustScore } from './stats/robust.ts';

const EPISODE_Z = 2.5;
const MIN_BASELINE_DAYS = 14;
const MIN_RECENT_DAYS = 3;
/** Fewer baseline days than this is worth a caution: four weeks is where a median steadies. */
const THIN_BASELINE_DAYS = 28;
/** A run of at least this many days without values inside the window is called a gap. */
const GAP_DAYS = 3;

export type EpisodeCard = {
  id: string;
  key: string;
  kind: ColumnKind;
  label: string;
  direction: 'above' | 'below';
  z: number;
  /** Recent median / baseline median; null when the baseline median is 0. */
  ratio: number | null;
  headline: string;
  caution: string;
  /** Other episodes of the window that the graph links to this one, if any. */
  corroboration: string | null;
  baselineDays: number;
  recentDays: number;
  windowDays: number;
};

export type Episodes = { episodes: EpisodeCard[]; windowDays: number };

const recentDaysFor = (windowDays: number) => (windowDays < 28 ? 3 : 7);

/** Stable for the same user, column and window (first and last day): a UUID-shaped SHA-256 digest. */
export function episodeId(userId: string, key: string, from: string, to: string): string {
  const h = createHash('sha256').update(`${userId}\n${key}\n${from}\n${to}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Numbers as a person reads them: whole numbers stay whole, others keep 3 significant digits (integers from 100 up). */
export function formatAmount(x: number): string {
  if (Number.isInteger(x)) return String(x);
  if (Math.abs(x) >= 100) return String(Math.round(x));
  return String(significant(x, 3));
}

/** "62 bpm", "8235 steps" (a count reads as the thing counted), "3 events a day" for a factor. */
function amount(column: MatrixColumn, x: number): string {
  const n = formatAmount(x);
  if (column.kind === 'factor') return `${n} ${x === 1 ? 'event' : 'events'} a day`;
  if (column.unit === 'count') return `${n} ${column.label.toLowerCase()}`;
  return column.unit ? `${n} ${column.unit}` : n;
}

function headline(column: MatrixColumn, up: boolean, recent: number, baseline: number, recentDays: number, baselineDays: number): string {
  const what =
    column.kind === 'factor' ? `has come up ${up ? 'more' : 'less'} often than usual` : `has been ${up ? 'above' : 'below'} your usual`;
  return `${column.label} ${what}: a median of ${amount(column, recent)} over the last ${recentDays} days, against ${amount(column, baseline)} over the ${baselineDays} days before.`;
}

function longestGap(series: Float64Array, dates: readonly string[]): { length: number; from: string; to: string } | null {
  let best: { length: number; from: string; to: string } | null = null;
  let lastValued = -1;
  for (let d = 0; d < series.length; d++) {
    if (Number.isNaN(series[d])) continue;
    const length = d - lastValued - 1;
    if (lastValued >= 0 && length >= GAP_DAYS && (!best || length > best.length)) {
      best = { length, from: dates[lastValued + 1], to: dates[d - 1] };
    }
    lastValued = d;
  }
  return best;
}

/** One switch between two sources is named with its day; more sources or back-and-forth are listed. */
function sourceNote(sources: readonly (string | null)[] | undefined, dates: readonly string[]): string | null {
  if (!sources) return null;
  const runs: { source: string; from: string }[] = [];
  for (let d = 0; d < sources.length; d++) {
    const s = sources[d];
    if (s && s !== runs.at(-1)?.source) runs.push({ source: s, from: dates[d] });
  }
  if (runs.length < 2) return null;
  if (runs.length === 2) return `the source changed from ${runs[0].source} to ${runs[1].source} on ${runs[1].from}`;
  const distinct = [...new Set(runs.map((r) => r.source))];
  return `values come from ${distinct.length > 1 ? `${distinct.length} sources` : 'one source'} that alternate (${distinct.join(', ')})`;
}

function caution(
  series: Float64Array,
  dates: readonly string[],
  sources: readonly (string | null)[] | undefined,
  counts: { baseline: number; recent: number; recentDays: number },
  score: RobustScore,
): string {
  const notes: string[] = [];
  if (score.fallback) {
    notes.push(`most baseline days share one value (${formatAmount(score.baselineMedian)}), so a small change scores high`);
  }
  if (counts.baseline < THIN_BASELINE_DAYS) notes.push(`only ${counts.baseline} baseline days have values`);
  if (counts.recent < counts.recentDays) notes.push(`only ${counts.recent} of the last ${counts.recentDays} days have values`);
  const gap = longestGap(series, dates);
  if (gap) notes.push(`there is a ${gap.length}-day gap without values (${gap.from} to ${gap.to})`);
  const change = sourceNote(sources, dates);
  if (change) notes.push(change);
  if (!notes.length) return '';
  const text = notes.join('; ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

type Scored = { column: MatrixColumn; series: Float64Array; score: RobustScore; baseline: number; recent: number };
type Found = Scored & { card: EpisodeCard };

/** Columns whose recent median deviates from their baseline by |z| ≥ 2.5, in |z| then key order (once per matrix and window). */
const score: (matrix: InsightMatrix, windowDays: number) => readonly Scored[] = perMatrix(scoreColumns);

function scoreColumns(matrix: InsightMatrix, windowDays: number): Scored[] {
  const days = matrix.dates.length;
  const recentStart = days - Math.min(recentDaysFor(windowDays), days);
  const baselineStart = Math.max(0, days - windowDays);
  const scored: Scored[] = [];
  for (const column of byKey(matrix.columns)) {
    const series = seriesOf(column, days);
    const baseline: number[] = [];
    const recent: number[] = [];
    for (let d = baselineStart; d < days; d++) {
      const v = series[d];
      if (!Number.isNaN(v)) (d < recentStart ? baseline : recent).push(v);
    }
    if (baseline.length < MIN_BASELINE_DAYS || recent.length < MIN_RECENT_DAYS) continue;
    const s = robustZ(recent, baseline);
    if (!s || Math.abs(s.z) < EPISODE_Z) continue;
    scored.push({ column, series, score: s, baseline: baseline.length, recent: recent.length });
  }
  return scored.sort(
    (a, b) => Math.abs(b.score.z) - Math.abs(a.score.z) || (a.column.key < b.column.key ? -1 : a.column.key > b.column.key ? 1 : 0),
  );
}

/** The metric keys that are episodes in this window: the service fetches their daily sources for the caution. */
export function episodeMetricKeys(matrix: InsightMatrix, windowDays: number): string[] {
  return score(matrix, windowDays)
    .filter((s) => s.column.kind === 'metric')
    .map((s) => s.column.key);
}

export type EpisodeOptions = {
  userId: string;
  windowDays: number;
  /** The source that supplied each day's value, by column key, when known: a change is a caution. */
  sources?: ReadonlyMap<string, readonly (string | null)[]>;
};

/**
 * Baseline-deviation episodes over a window (the matrix holds exactly the window's days): for each
 * column, the median of the last recent_days against the days before, scaled robustly. Episodes
 * are ordered by |z| descending, then key; corroboration names the other episodes that the graph
 * centred on this one links to it significantly.
 */
export function computeEpisodes(matrix: InsightMatrix, opts: EpisodeOptions): Episodes {
  const days = matrix.dates.length;
  const recentDays = Math.min(recentDaysFor(opts.windowDays), days);
  const from = matrix.dates[0] ?? '';
  const to = matrix.dates[days - 1] ?? '';
  const found: Found[] = score(matrix, opts.windowDays).map((s) => {
    const { column, score: z } = s;
    const up = z.z > 0;
    const card: EpisodeCard = {
      id: episodeId(opts.userId, column.key, from, to),
      key: column.key,
      kind: column.kind,
      label: column.label,
      direction: up ? 'above' : 'below',
      z: decimals(z.z, 2),
      ratio: z.baselineMedian !== 0 ? significant(z.recentMedian / z.baselineMedian) : null,
      headline: headline(column, up, z.recentMedian, z.baselineMedian, recentDays, s.baseline),
      caution: caution(s.series, matrix.dates, opts.sources?.get(column.key), { baseline: s.baseline, recent: s.recent, recentDays }, z),
      corroboration: null,
      baselineDays: s.baseline,
      recentDays: s.recent,
      windowDays: opts.windowDays,
    };
    return { ...s, card };
  });
  if (found.length > 1) corroborate(matrix, found);
  return { episodes: found.map((f) => f.card), windowDays: opts.windowDays };
}

function corroborate(matrix: InsightMatrix, found: Found[]): void {
  const inEpisode = new Set(found.map((f) => f.column.key));
  for (const f of found) {
    const linked = new Set(
      rankedEdges(matrix, f.column.key, 'significant')
        .map((e) => e.test.key)
        .filter((k) => inEpisode.has(k)),
    );
    const names = found.filter((o) => linked.has(o.column.key)).map((o) => `${o.column.label} (${o.card.direction})`);
    if (names.length)
      f.card.corroboration = `Also unusual in this window and linked to ${f.column.label} in your data: ${names.join(', ')}.`;
  }
}
