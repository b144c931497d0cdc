import { extractQuantities, findActivity } from './activities.ts';
import { eventDraft, mealDraft, readingDraft, timeFor } from './drafts.ts';
import { NEXT_MEAL, readMeal } from './meals.ts';
import { extractReadings } from './metrics.ts';
import { findTimes } from './time.ts';
import { blank, within, type ParseContext, type Range, type SegmentFacts, type SuggestionDraft } from './types.ts';

/**
 * The capture parser: free text in, suggestion drafts out. Deterministic (same text, reference
 * time, timezone and categories -> same drafts), no language model. Times come from chrono-node,
 * quantities and units from this folder's grammar, canonical units from the metric catalogue.
 * Text it cannot read still becomes a low-confidence event holding the text as notes.
 */
export const PARSER_VERSION = 'capture-grammar/1';

export type { ParseContext, SuggestionDraft } from './types.ts';

/** Hard separators: lines, semicolons, sentence ends, and a second meal in one line. */
function segments(text: string): Range[] {
  const cuts = new Set<number>([0, text.length]);
  for (const m of text.matchAll(/\r?\n|;|\s\|\s|[.!?](?=\s+\S)(?<!\d\.(?=\d))|\s·\s/gu)) {
    cuts.add(m.index);
    cuts.add(m.index + m[0].length);
  }
  for (const m of text.matchAll(NEXT_MEAL)) cuts.add(m.index + m[0].length);
  const points = [...cuts].sort((a, b) => a - b);
  const out: Range[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    let start = points[i]!;
    let end = points[i + 1]!;
    const slice = text.slice(start, end);
    if (!/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(slice)) continue;
    start += slice.length - slice.trimStart().length;
    end -= slice.length - slice.trimEnd().length;
    // A lone separator character left at either end is not content.
    while (end > start && /[,.;|·]/.test(text[end - 1]!)) end--;
    out.push({ start, end });
  }
  return out;
}

/** Soft separators inside a segment: commas (not decimal ones), "and", "then", "+", "&". */
function pieces(text: string, seg: Range): Range[] {
  const body = text.slice(seg.start, seg.end);
  const out: Range[] = [];
  let from = 0;
  for (const m of body.matchAll(/(?<!\d),|,(?!\d)|\s+(?:and|then|and then|also|plus|&|\+)\s+/giu)) {
    out.push({ start: seg.start + from, end: seg.start + m.index });
    from = m.index + m[0].length;
  }
  out.push({ start: seg.start + from, end: seg.end });
  return out.filter((r) => r.end > r.start);
}

const FILLER = /^(?:and|then|also|plus|i|we|did|had|got|a|an|the|my|some|today|just|with|of|in|at|for|about|around|to|was|is|it|\W|_)+$/iu;
const meaningful = (s: string) => {
  const words = s.replace(/[^\p{L}\p{N}\p{Extended_Pictographic}]+/gu, ' ').trim();
  if (!words) return false;
  return !words.split(/\s+/).every((w) => FILLER.test(w));
};

function parseSegment(text: string, seg: Range, ctx: ParseContext): SuggestionDraft[] {
  let masked = text;
  const tags: SegmentFacts['tags'] = [];
  for (const m of text.slice(seg.start, seg.end).matchAll(/(?<![\p{L}\p{N}_])#([\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu)) {
    const r = { start: seg.start + m.index, end: seg.start + m.index + m[0].length };
    tags.push({ ...r, tag: m[1]!.toLowerCase().slice(0, 64) });
    masked = blank(masked, r);
  }
  const segmentOnly = (s: string) => ' '.repeat(seg.start) + s.slice(seg.start, seg.end) + ' '.repeat(text.length - seg.end);
  masked = segmentOnly(masked);

  // Meals read the whole segment: their items ("a latte") are food, not separate readings.
  const mealTimes = findTimes(masked, ctx.capturedAt, ctx.timezone);
  let mealMasked = masked;
  for (const t of mealTimes) mealMasked = blank(mealMasked, t);
  const meal = readMeal(mealMasked.slice(seg.start, seg.end));
  if (meal) return [mealDraft(text, meal, { seg, times: mealTimes, tags }, ctx)];

  const box = { text: masked };
  const readings = extractReadings(box);
  const quantities = extractQuantities(box);
  const times = findTimes(box.text, ctx.capturedAt, ctx.timezone);
  for (const t of times) box.text = blank(box.text, t);
  const facts: SegmentFacts = { seg, times, tags };
  const drafts: SuggestionDraft[] = [];

  const segPieces = pieces(text, seg);
  const pieceOf = (r: Range) => segPieces.find((p) => r.start >= p.start && r.start < p.end) ?? seg;
  for (const r of readings) drafts.push(readingDraft(r, text, timeFor(pieceOf(r), facts)?.at ?? ctx.capturedAt));

  // Events: a piece naming an activity starts one; other content joins the event before it.
  const groups: Range[] = [];
  let current: (Range & { activity: boolean }) | null = null;
  for (const p of segPieces) {
    const rest = box.text.slice(p.start, p.end);
    const hasActivity = findActivity(rest) !== null;
    const hasQuantity = quantities.some((q) => within(q, p));
    if (!meaningful(rest) && !hasQuantity) continue;
    if (current && !hasActivity && (current.activity || !hasQuantity)) {
      current.end = p.end;
      continue;
    }
    if (current && !hasActivity && !current.activity) {
      current.end = p.end;
      continue;
    }
    if (current) groups.push(current);
    current = { start: p.start, end: p.end, activity: hasActivity };
  }
  if (current) groups.push(current);
  const claimedTags = new Set(groups.flatMap((g) => tags.filter((t) => within(t, g)).map((t) => t.tag)));
  const loose = [...new Set(tags.filter((t) => !claimedTags.has(t.tag)).map((t) => t.tag))];
  if (groups.length === 0 && loose.length && drafts.length === 0) groups.push({ start: seg.start, end: seg.end });
  // "weight 70 kg #fasted": with no event to carry them, the tags go into the readings' metadata.
  if (groups.length === 0 && loose.length) {
    for (const d of drafts) (d.payload.metadata as Record<string, unknown>).tags = loose;
  }
  for (const g of groups) drafts.push(eventDraft(text, g, box.text, quantities, facts, ctx, groups.length === 1 ? loose : []));
  return drafts;
}

export function parseCapture(input: string, ctx: ParseContext): SuggestionDraft[] {
  const text = input.normalize('NFC');
  const drafts = segments(text).flatMap((seg) => parseSegment(text, seg, ctx));
  if (drafts.length > 0) return drafts.sort((a, b) => a.span.start - b.span.start);
  // Never a silent drop: the whole text becomes a low-confidence event for the user to fix.
  const at = findTimes(text, ctx.capturedAt, ctx.timezone)[0]?.at ?? ctx.capturedAt;
  const notes = text.trim();
  return [{
    kind: 'event',
    title: notes.length > 60 ? `${notes.slice(0, 59)}…` : notes || 'Log entry',
    summary: notes,
    confidence: 0.2,
    occurredAt: at,
    windowStart: null,
    windowEnd: null,
    payload: { category_id: null, occurred_at: at.toISOString(), duration: null, scalar_value: null, notes, tags: null, metadata: {} },
    span: { start: 0, end: text.length, text },
  }];
}
