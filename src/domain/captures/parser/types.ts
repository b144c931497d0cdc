/** Shapes shared by the parser's modules. Offsets are UTF-16 indexes into the capture text. */
import type { CaptureLanguage } from '../../users/preferences.ts';
import type { TimeMention } from './time.ts';

export type ParseContext = {
  capturedAt: Date;
  timezone: string;
  categories: { id: string; name: string }[];
  /** The user's places, matched by name and alias for place_visit suggestions (none when absent). */
  places?: { id: string; name: string; aliases: string[] }[];
  /** The profile's language; English when absent. */
  language?: CaptureLanguage;
};

export type SuggestionDraft = {
  kind: 'event' | 'metric_reading' | 'meal' | 'place_visit';
  title: string;
  summary: string;
  confidence: number;
  occurredAt: Date;
  windowStart: Date | null;
  windowEnd: Date | null;
  payload: Record<string, unknown>;
  /** Where in the capture text this came from (UTF-16 offsets, end exclusive). */
  span: { start: number; end: number; text: string };
  /** An event of leftover words only (no activity, category, quantity, tag or time of its own). */
  generic?: boolean;
};

export type Range = { start: number; end: number };

const within = (inner: Range, outer: Range) => inner.start >= outer.start && inner.end <= outer.end;

/**
 * `s` with every range replaced by spaces (same length), in one pass: blanking one range at a
 * time copies the whole string per range, which is quadratic when a text has hundreds of them.
 * Ranges may be unsorted or overlap (their union is blanked).
 */
export function blankAll(s: string, ranges: readonly Range[]): string {
  if (ranges.length === 0) return s;
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const r of sorted) {
    const start = Math.max(r.start, at);
    const end = Math.min(r.end, s.length);
    if (end <= start) continue;
    out += s.slice(at, start) + ' '.repeat(end - start);
    at = end;
  }
  return out + s.slice(at);
}

/** Index of the first item whose start is >= `start`, in a list sorted by start. */
function firstFrom(sorted: readonly Range[], start: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].start < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const byStart = new WeakSet<readonly Range[]>();
function isSorted(list: readonly Range[]): boolean {
  if (byStart.has(list)) return true;
  for (let i = 1; i < list.length; i++) if (list[i - 1].start > list[i].start) return false;
  byStart.add(list);
  return true;
}

/**
 * The items of `list` within `outer`, in list order: `list.filter((x) => within(x, outer))`, but
 * by binary search when the list is sorted by start (so looking up every piece of a long segment
 * stays linear overall). Do not mutate a list after passing it here.
 */
export function allWithin<T extends Range>(list: readonly T[], outer: Range): T[] {
  if (!isSorted(list)) return list.filter((x) => within(x, outer));
  const out: T[] = [];
  for (let i = firstFrom(list, outer.start); i < list.length && list[i].start <= outer.end; i++) {
    if (list[i].end <= outer.end) out.push(list[i]);
  }
  return out;
}

/** `list.find((x) => within(x, outer))`, with the same shortcut as `allWithin`. */
export function firstWithin<T extends Range>(list: readonly T[], outer: Range): T | undefined {
  if (!isSorted(list)) return list.find((x) => within(x, outer));
  for (let i = firstFrom(list, outer.start); i < list.length && list[i].start <= outer.end; i++) {
    if (list[i].end <= outer.end) return list[i];
  }
  return undefined;
}

export type SegmentFacts = {
  seg: Range;
  times: TimeMention[];
  tags: { start: number; end: number; tag: string }[];
};

/** A metric reading the grammar found in a capture (metrics.ts, and a language's rules in locales/readings.ts). */
export type FoundReading = {
  start: number;
  end: number;
  slug: string;
  /** In the metric's canonical unit. */
  value: number;
  unit: string;
  inputValue: number;
  inputUnit: string | null;
  confidence: number;
  /** Extra facts for the reading's metadata (e.g. the drink that was counted). */
  detail?: Record<string, unknown>;
};
