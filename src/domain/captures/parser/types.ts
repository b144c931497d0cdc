/** Shapes shared by the parser's modules. Offsets are UTF-16 indexes into the capture text. */
import type { TimeMention } from './time.ts';

export type ParseContext = {
  capturedAt: Date;
  timezone: string;
  categories: { id: string; name: string }[];
};

export type SuggestionDraft = {
  kind: 'event' | 'metric_reading' | 'meal';
  title: string;
  summary: string;
  confidence: number;
  occurredAt: Date;
  windowStart: Date | null;
  windowEnd: Date | null;
  payload: Record<string, unknown>;
  /** Where in the capture text this came from (UTF-16 offsets, end exclusive). */
  span: { start: number; end: number; text: string };
};

export type Range = { start: number; end: number };

export const blank = (s: string, r: Range) => s.slice(0, r.start) + ' '.repeat(r.end - r.start) + s.slice(r.end);
export const within = (inner: Range, outer: Range) => inner.start >= outer.start && inner.end <= outer.end;

export type SegmentFacts = {
  seg: Range;
  times: TimeMention[];
  tags: { start: number; end: number; tag: string }[];
};
