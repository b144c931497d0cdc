import { extractQuantities, findActivity } from './activities.ts';
import { eventDraft, mealDraft, readingDraft, timeFor } from './drafts.ts';
import { lexicon } from './locales/index.ts';
import { FOOD_HINT, NEXT_MEAL, mealGrammar, readMeal } from './meals.ts';
import { extractReadings } from './metrics.ts';
import { findPlaces, placeVisitDrafts } from './places.ts';
import { findSymptom } from './symptoms.ts';
import { findTimes, lastClockTime } from './time.ts';
import { MAX_SUGGESTIONS } from './version.ts';
import { allWithin, blankAll, firstWithin, type ParseContext, type Range, type SegmentFacts, type SuggestionDraft } from './types.ts';

/**
 * The capture parser: free text in, suggestion drafts out. Deterministic (same text, reference
 * time, timezone and categories -> same drafts), no language model. Times come from chrono-node,
 * quantities and units from this folder's grammar, canonical units from the metric catalogue.
 * Text it cannot read still becomes a low-confidence event holding the text as notes.
 */
export { MAX_SUGGESTIONS, PARSER_VERSION } from './version.ts';

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
    let start = points[i];
    let end = points[i + 1];
    const slice = text.slice(start, end);
    if (!/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(slice)) continue;
    start += slice.length - slice.trimStart().length;
    end -= slice.length - slice.trimEnd().length;
    // A lone separator character left at either end is not content.
    while (end > start && /[,.;|·]/.test(text[end - 1])) end--;
    out.push({ start, end });
  }
  return out;
}

/** Soft separators inside a segment: commas (not decimal ones), "and", "then", "+", "&". */
function pieces(text: string, seg: Range): Range[] {
  const body = text.slice(seg.start, seg.end);
  const out: Range[] = [];
  let from = 0;
  // `(?<!\s)`: a run of spaces is tried from its first one only (the same matches; linear, not quadratic).
  for (const m of body.matchAll(/(?<!\d),|,(?!\d)|(?<!\s)\s+(?:and|then|and then|also|plus|&|\+)\s+/giu)) {
    out.push({ start: seg.start + from, end: seg.start + m.index });
    from = m.index + m[0].length;
  }
  out.push({ start: seg.start + from, end: seg.end });
  return out.filter((r) => r.end > r.start);
}

// Words that, left over beside a reading, say nothing of their own: no generic event for them
// ("measured weight 72 kg", "bp 120/80 checked again").
const FILLER =
  /^(?:and|then|also|plus|i|we|did|had|got|a|an|the|my|me|some|today|just|with|of|in|on|at|for|about|around|to|was|were|is|it|this|that|so|ok|okay|now|later|earlier|again|roughly|approx|approximately|maybe|ish|measured|logged|checked|recorded|took|reading|\W|_)+$/iu;
const meaningful = (s: string) => {
  const words = s.replace(/[^\p{L}\p{N}\p{Extended_Pictographic}]+/gu, ' ').trim();
  if (!words) return false;
  return !words.split(/\s+/).every((w) => FILLER.test(w));
};

/**
 * Spaces kept around a segment when it is parsed on its own. The grammar and chrono only ever saw
 * the segment with everything else blanked, so a few spaces give them the same surroundings.
 */
const PAD = 8;

/**
 * One segment, parsed in a string of its own length (plus a little padding) rather than in a copy
 * of the whole text with the rest blanked: that copy, and chrono and every rule scanning it, made
 * each segment cost as much as the whole text, i.e. quadratic time for many short segments.
 */
function parseSegment(text: string, seg: Range, ctx: ParseContext): SuggestionDraft[] {
  const padLeft = Math.min(seg.start, PAD);
  const padRight = Math.min(text.length - seg.end, PAD);
  const local = ' '.repeat(padLeft) + text.slice(seg.start, seg.end) + ' '.repeat(padRight);
  const drafts = parseLocal(local, { start: padLeft, end: padLeft + seg.end - seg.start }, ctx);
  const shift = seg.start - padLeft;
  if (shift) for (const d of drafts) d.span = { ...d.span, start: d.span.start + shift, end: d.span.end + shift };
  return drafts;
}

/** Index of the piece holding offset `at` (pieces are sorted and disjoint), by binary search. */
function pieceAt(pieces: Range[], at: number): Range | undefined {
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = pieces[mid];
    if (at < p.start) hi = mid - 1;
    else if (at >= p.end) lo = mid + 1;
    else return p;
  }
  return undefined;
}

const DAY_WORDS =
  /(?<![\p{L}\p{N}])(?:yesterday|today|this\s+morning|last\s+night|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?![\p{L}\p{N}])/giu;

/** `s` with the characters of `ranges` taken back from `original` (same length). */
function restore(s: string, original: string, ranges: Range[]): string {
  let out = '';
  let at = 0;
  for (const r of ranges) {
    out += s.slice(at, r.start) + original.slice(r.start, r.end);
    at = r.end;
  }
  return out + s.slice(at);
}

/** `text` holds the segment at `seg` and only spaces around it. */
function parseLocal(text: string, seg: Range, ctx: ParseContext): SuggestionDraft[] {
  const tags: SegmentFacts['tags'] = [];
  for (const m of text.slice(seg.start, seg.end).matchAll(/(?<![\p{L}\p{N}_])#([\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu)) {
    const r = { start: seg.start + m.index, end: seg.start + m.index + m[0].length };
    tags.push({ ...r, tag: m[1].toLowerCase().slice(0, 64) });
  }
  const masked = blankAll(text, tags);

  // Meals read the whole segment: their items ("a latte") are food, not separate readings.
  const segText = text.slice(seg.start, seg.end);
  const mealWords = mealGrammar(lexicon(ctx.language));
  if (mealWords.hint.test(segText) || FOOD_HINT.test(segText)) {
    const mealTimes = findTimes(masked, ctx.capturedAt, ctx.timezone, ctx.language);
    const mealMasked = blankAll(masked, mealTimes);
    const meal = readMeal(mealMasked.slice(seg.start, seg.end), mealWords);
    if (meal) {
      // A meal at one of the user's places is also a visit there, at the meal's time.
      const eaten = mealDraft(text, meal, { seg, times: mealTimes, tags }, ctx);
      return [eaten, ...placeVisitDrafts(text, masked, { seg, times: mealTimes, tags }, ctx, pieces(text, seg), eaten.occurredAt)];
    }
  }

  // Day words between a metric's name and its number ("weight on Monday 72.8", "Weight yesterday:
  // 73.2") are hidden from the readings' grammar and put back for chrono to read.
  const dayWords = [...masked.slice(seg.start, seg.end).matchAll(DAY_WORDS)].map((m) => ({
    start: seg.start + m.index,
    end: seg.start + m.index + m[0].length,
  }));
  const box = { text: blankAll(masked, dayWords) };
  const readings = extractReadings(box, ctx.language);
  box.text = restore(box.text, masked, dayWords);
  const quantities = extractQuantities(box, ctx.language);
  const times = findTimes(box.text, ctx.capturedAt, ctx.timezone, ctx.language);
  box.text = blankAll(box.text, times);
  const facts: SegmentFacts = { seg, times, tags };
  const drafts: SuggestionDraft[] = [];

  // A place's name is the visit's, not an event's words ("cappuccino at Cafe Nero"), unless it also
  // names an activity ("gym at 7" is a visit and a workout).
  const placeWords = findPlaces(box.text, seg, ctx.places ?? []).filter((m) => !findActivity(box.text.slice(m.start, m.end), ctx.language));
  box.text = blankAll(box.text, placeWords);
  const segPieces = pieces(text, seg);
  const pieceOf = (r: Range) => pieceAt(segPieces, r.start) ?? seg;
  for (const r of readings) {
    // A reading read with its own clock time (a drink "at 9 and 11", a night that ended "up at 6:50")
    // is at the last such time before the capture; a night also carries its window.
    const clock = r.detail?.at_clock ?? r.detail?.wake_time;
    const at = typeof clock === 'string' ? lastClockTime(clock, ctx.capturedAt, ctx.timezone) : null;
    // A night is recorded when it ended: "slept 5h last night" is not at 22:00 yesterday.
    const told = timeFor(pieceOf(r), facts);
    const own = r.slug === 'sleep_duration' && told?.hasTime ? null : told;
    const draft = readingDraft(r, text, at ?? own?.at ?? ctx.capturedAt);
    if (at && r.detail?.wake_time) Object.assign(draft, { windowStart: new Date(at.getTime() - r.value * 3_600_000), windowEnd: at });
    drafts.push(draft);
  }

  // Events: a piece naming an activity starts one; other content joins the event before it.
  const groups: Range[] = [];
  let current: (Range & { activity: boolean }) | null = null;
  for (const p of segPieces) {
    const rest = box.text.slice(p.start, p.end);
    // A symptom starts its own event as an activity does ("runny nose, sneezing").
    const hasActivity = findActivity(rest, ctx.language) !== null || findSymptom(rest, lexicon(ctx.language)) !== null;
    const hasQuantity = firstWithin(quantities, p) !== undefined;
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
  const claimedTags = new Set(groups.flatMap((g) => allWithin(tags, g).map((t) => t.tag)));
  const loose = [...new Set(tags.filter((t) => !claimedTags.has(t.tag)).map((t) => t.tag))];
  if (groups.length === 0 && loose.length && drafts.length === 0) groups.push({ start: seg.start, end: seg.end });
  // "weight 70 kg #fasted": with no event to carry them, the tags go into the readings' metadata.
  if (groups.length === 0 && loose.length) {
    for (const d of drafts) (d.payload.metadata as Record<string, unknown>).tags = loose;
  }
  for (const g of groups) drafts.push(eventDraft(text, g, box.text, quantities, facts, ctx, groups.length === 1 ? loose : []));
  // A place named is a visit beside whatever else the segment says ("gym at 7": the workout too).
  drafts.push(...placeVisitDrafts(text, masked, facts, ctx, segPieces));
  return drafts.sort((a, b) => a.span.start - b.span.start);
}

export type ParseLimits = {
  /** Suggestions kept; parsing stops once one more is found. */
  maxSuggestions: number;
  /** Milliseconds of parsing after which no further segment is started (what was found is kept). */
  budgetMs: number;
  /** The clock the budget is read from (tests pass their own). */
  now: () => number;
};

export type ParseOutcome = {
  drafts: SuggestionDraft[];
  /** Why parsing stopped before the end of the text, or null when all of it was read. */
  truncated: null | 'max_suggestions' | 'time_budget';
};

/**
 * This thread's CPU time in ms: the budget counts the parser's own work, so a capture parses the
 * same on a busy machine as on an idle one (wall time also counted the time other processes held
 * the core: under load, a 20-suggestion capture was cut at 9). Wall time where Node lacks it.
 */
const threadMs =
  typeof process.threadCpuUsage === 'function'
    ? () => {
        const { user, system } = process.threadCpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();

/**
 * The parser with its limits: segments are parsed in text order, so the drafts kept are those of
 * the start of the text. It stops when a draft beyond `maxSuggestions` turns up (truncated
 * 'max_suggestions'), or when `budgetMs` has passed and segments remain ('time_budget').
 */
export function parseCaptureWithLimits(input: string, ctx: ParseContext, limits: Partial<ParseLimits> = {}): ParseOutcome {
  const max = limits.maxSuggestions ?? MAX_SUGGESTIONS;
  const budget = limits.budgetMs ?? Infinity;
  const now = limits.now ?? threadMs;
  const started = now();
  const text = input.normalize('NFC');
  const drafts: SuggestionDraft[] = [];
  let truncated: ParseOutcome['truncated'] = null;
  const segs = segments(text);
  for (const [i, seg] of segs.entries()) {
    if (i > 0 && now() - started > budget) {
      truncated = 'time_budget';
      break;
    }
    // Segments are disjoint and in text order, so their sorted drafts concatenate in text order.
    drafts.push(...parseSegment(text, seg, ctx));
    if (drafts.length > max) {
      truncated = 'max_suggestions';
      break;
    }
  }
  // Leftover words beside what was understood ("ugh", "finally", "regret") are not events of their
  // own: a suggestion per understood thing, not one more for the chatter around it.
  const understood = drafts.filter((d) => !d.generic);
  if (understood.length > 0) return { drafts: understood.slice(0, max), truncated };
  if (drafts.length > 0) return { drafts: drafts.slice(0, max), truncated };
  // Never a silent drop: the whole text becomes a low-confidence event for the user to fix.
  const at = findTimes(text, ctx.capturedAt, ctx.timezone, ctx.language)[0]?.at ?? ctx.capturedAt;
  const notes = text.trim();
  return {
    drafts: [
      {
        kind: 'event',
        title: notes.length > 60 ? `${notes.slice(0, 59)}…` : notes || 'Log entry',
        summary: notes,
        confidence: 0.2,
        occurredAt: at,
        windowStart: null,
        windowEnd: null,
        payload: { category_id: null, occurred_at: at.toISOString(), duration: null, scalar_value: null, notes, tags: null, metadata: {} },
        span: { start: 0, end: text.length, text },
      },
    ],
    truncated,
  };
}

let warm = false;

/**
 * Parses a sample once, so the one-time costs (compiling chrono's and the grammar's regular
 * expressions, timezone formatters: about 150 ms) are paid at worker start rather than counted
 * against the first capture's time budget. Idempotent.
 */
export function warmUpParser(): void {
  if (warm) return;
  warm = true;
  parseCapture(
    'weight 72.4 kg, slept 7h20, 2 coffees; ran 5k in 27 min yesterday 9pm #tag\n' +
      'lunch at Café Nero: salad and a latte; bp 120/80, mood 7/10, 3 days ago, in 2 hours, next week on 3/10 at 10:30',
    { capturedAt: new Date(0), timezone: 'UTC', categories: [{ id: 'warm-up', name: 'Running' }] },
  );
}

/** Free text in, at most MAX_SUGGESTIONS drafts out (in text order); no time budget. */
export function parseCapture(input: string, ctx: ParseContext): SuggestionDraft[] {
  return parseCaptureWithLimits(input, ctx).drafts;
}
