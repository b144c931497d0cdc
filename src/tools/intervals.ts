/** A time interval as an export gives it: its bounds as text (kept for the reading) and in ms. */
export type Interval = { start: string; end: string; startMs: number; endMs: number };

/** A run of intervals with no gap longer than the split between them, and the time they cover. */
export type Span = { start: string; end: string; coveredMs: number; intervals: number };

/**
 * Groups intervals (in any order) into spans split where nothing covers more than `gapMs`, each
 * with the length of the union of its intervals: overlapping records of one source (a watch and
 * its phone's copy, a stage inside a longer "asleep") count once, so a night is never longer than
 * the time some interval of it covers.
 */
export function unionSpans(intervals: Interval[], gapMs: number): Span[] {
  const sorted = [...intervals].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const spans: Span[] = [];
  let span: (Span & { endMs: number }) | null = null;
  for (const i of sorted) {
    if (!span || i.startMs - span.endMs > gapMs) {
      if (span) spans.push(finish(span));
      span = { start: i.start, end: i.end, endMs: i.endMs, coveredMs: i.endMs - i.startMs, intervals: 1 };
      continue;
    }
    // Only the part past what the span already covers adds time.
    span.coveredMs += Math.max(0, i.endMs - Math.max(i.startMs, span.endMs));
    span.intervals++;
    if (i.endMs > span.endMs) Object.assign(span, { end: i.end, endMs: i.endMs });
  }
  if (span) spans.push(finish(span));
  return spans;
}

const finish = ({ start, end, coveredMs, intervals }: Span): Span => ({ start, end, coveredMs, intervals });
