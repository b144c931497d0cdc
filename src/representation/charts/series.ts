import { px } from './svg.ts';

/** A value range widened to round numbers: its ticks, and a function from value to y. */
export type Scale = { lo: number; hi: number; ticks: number[]; y: (value: number) => number };

export function scaleOf(values: number[], top: number, bottom: number, tickCount = 4): Scale {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (!Number.isFinite(lo)) [lo, hi] = [0, 1];
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const raw = (hi - lo) / tickCount;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v / step) * step);
  return { lo, hi, ticks, y: (v) => bottom - ((v - lo) / (hi - lo)) * (bottom - top) };
}

/**
 * The path through the days that have a value, broken where a day has none (a gap is drawn as a
 * gap, never bridged), and the days that stand alone (no neighbour to draw a line to).
 */
export function gappedPath(
  days: readonly string[],
  values: ReadonlyMap<string, number>,
  x: (i: number) => number,
  y: (v: number) => number,
): { d: string; alone: number[] } {
  const parts: string[] = [];
  const alone: number[] = [];
  days.forEach((day, i) => {
    const v = values.get(day);
    if (v === undefined) return;
    const joined = i > 0 && values.has(days[i - 1]);
    parts.push(`${joined ? 'L' : 'M'}${px(x(i))} ${px(y(v))}`);
    if (!joined && !values.has(days[i + 1] ?? '')) alone.push(i);
  });
  return { d: parts.join(''), alone };
}

/** Runs of consecutive days without a value, as index pairs [first, last]. */
export function missingRuns(days: readonly string[], values: ReadonlyMap<string, number>): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  days.forEach((day, i) => {
    if (values.has(day)) return;
    const last = runs.at(-1);
    if (last && last[1] === i - 1) last[1] = i;
    else runs.push([i, i]);
  });
  return runs;
}
