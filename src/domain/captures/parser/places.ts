import { DANGLING } from './grammar.ts';
import { atLocalTime, lastClockTime, type TimeMention } from './time.ts';
import { allWithin, blankAll, firstWithin, type ParseContext, type Range, type SegmentFacts, type SuggestionDraft } from './types.ts';

/**
 * Visits to the user's own places: a capture naming one of them ("gym at 7", "lunch at Luigi's",
 * "worked from the office 9-17") suggests a visit there at the time it states. Names and aliases
 * match as whole words, whatever their case, accents and apostrophes ("cafe nero" is Café Nero,
 * "luigis" is Luigi's), the longest first. Linear in the text: one word index per places list,
 * and each word of the text walks it at most as deep as the longest name has words.
 */

type PlaceRef = NonNullable<ParseContext['places']>[number];
type Hit = { place: PlaceRef; alias: boolean };
type Node = { next: Map<string, Node>; hit: Hit | null };

const DAY_MS = 86_400_000;

/** Apostrophes join a word's letters ("Luigi's" is "luigis"), so people may type them or not. */
const APOSTROPHES = new Set([0x27, 0x60, 0xb4, 0x2018, 0x2019, 0x201b, 0x2032, 0x02bc, 0x02b9]);

/** What a non-ASCII code point reads as: its base letters and digits, '' to join a word, null to end one. */
const folded = new Map<number, string | null>();
function fold(cp: number): string | null {
  let out = folded.get(cp);
  if (out !== undefined) return out;
  const ch = String.fromCodePoint(cp);
  if (APOSTROPHES.has(cp) || /^\p{M}$/u.test(ch)) out = '';
  else {
    const base = ch
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^\p{L}\p{N}]/gu, '');
    out = base || null;
  }
  if (folded.size >= 4096) folded.clear();
  folded.set(cp, out);
  return out;
}

type Word = { key: string; start: number; end: number };

/** The words of `text[from, to)`: folded to lower-case letters and digits, with their offsets in `text`. */
function wordsOf(text: string, from = 0, to = text.length): Word[] {
  const out: Word[] = [];
  let key = '';
  let start = -1;
  let end = -1;
  const close = () => {
    if (key) out.push({ key, start, end });
    key = '';
  };
  for (let i = from; i < to;) {
    const c = text.charCodeAt(i);
    let piece: string | null;
    let width = 1;
    if (c < 0x80) {
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) piece = text[i];
      else if (c >= 0x41 && c <= 0x5a) piece = String.fromCharCode(c + 32);
      else piece = APOSTROPHES.has(c) ? '' : null;
    } else {
      const cp = text.codePointAt(i)!;
      width = cp > 0xffff ? 2 : 1;
      piece = fold(cp);
    }
    if (piece === null) close();
    else if (piece) {
      if (!key) start = i;
      key += piece;
      end = i + width;
    }
    i += width;
  }
  close();
  return out;
}

/** Built once per places list (one parse looks in every segment with the same list). */
const indexes = new WeakMap<readonly PlaceRef[], Node>();

function indexOf(places: readonly PlaceRef[]): Node {
  const known = indexes.get(places);
  if (known) return known;
  const root: Node = { next: new Map(), hit: null };
  const add = (phrase: string, hit: Hit) => {
    const words = wordsOf(phrase);
    if (words.length === 0) return;
    let node = root;
    for (const w of words) {
      let child = node.next.get(w.key);
      if (!child) node.next.set(w.key, (child = { next: new Map(), hit: null }));
      node = child;
    }
    // A name beats an alias spelled the same; otherwise the first place in the list keeps it.
    if (!node.hit || (node.hit.alias && !hit.alias)) node.hit = hit;
  };
  for (const place of places) add(place.name, { place, alias: false });
  for (const place of places) for (const alias of place.aliases) add(alias, { place, alias: true });
  indexes.set(places, root);
  return root;
}

export type PlaceMention = Range & { place: PlaceRef; alias: boolean };

/** The places named in `text[range)`, left to right, each the longest name or alias starting at its word. */
export function findPlaces(text: string, range: Range, places: readonly PlaceRef[]): PlaceMention[] {
  if (places.length === 0) return [];
  const root = indexOf(places);
  if (root.next.size === 0) return [];
  const words = wordsOf(text, range.start, range.end);
  const out: PlaceMention[] = [];
  for (let i = 0; i < words.length;) {
    let node = root.next.get(words[i].key);
    let best: { hit: Hit; last: number } | null = null;
    for (let j = i; node;) {
      if (node.hit) best = { hit: node.hit, last: j };
      if (++j >= words.length) break;
      node = node.next.get(words[j].key);
    }
    if (!best) {
      i++;
      continue;
    }
    out.push({ start: words[i].start, end: words[best.last].end, place: best.hit.place, alias: best.hit.alias });
    i = best.last + 1;
  }
  return out;
}

/** "9-17", "9:30-17:15": office hours as typed, which chrono does not read (it does read "9–17", "9 - 17", "9am-5pm"). */
const HOUR_RANGE = /(?<![\p{L}\p{N}:./-])([01]?\d|2[0-4])(?::([0-5]\d))?-([01]?\d|2[0-4])(?::([0-5]\d))?(?![\p{L}\p{N}:./-])/gu;
/** What may stand between a place and its hours: "office 9-17", "office, from 9-17", "9-17 at the office". */
const HOURS_AFTER = /^[\s,]*(?:(?:from|between|during)\s+)?$/iu;
const HOURS_BEFORE = /^[\s,]*(?:(?:at|in)\s+)?$/iu;

type When = { at: Date; endAt: Date | null; stated: boolean; range?: Range };

/**
 * Hours written next to a place named in the piece ("the office 9-17"; not the "2-3" of "2-3 coffees
 * at the office"): on the day of a time phrase they overlap ("9-17 yesterday", which chrono reads as
 * "17 yesterday") or of the piece's own one, else from the last such start at or before the capture.
 */
function hourRange(
  masked: string,
  piece: Range,
  named: Range[],
  times: TimeMention[],
  own: TimeMention | undefined,
  ctx: ParseContext,
): When | null {
  let k = 0;
  for (const m of masked.slice(piece.start, piece.end).matchAll(HOUR_RANGE)) {
    const start = piece.start + m.index;
    const end = start + m[0].length;
    while (k < named.length && named[k].end <= start) k++;
    const before = named[k - 1];
    const after = named[k];
    const next =
      (before !== undefined && HOURS_AFTER.test(masked.slice(before.end, start))) ||
      (after !== undefined && after.start >= end && HOURS_BEFORE.test(masked.slice(end, after.start)));
    if (!next) continue;
    const [h1, m1, h2, m2] = [+m[1], +(m[2] ?? 0), +m[3], +(m[4] ?? 0)];
    if ((h1 === 24 && m1) || (h2 === 24 && m2)) continue;
    const day = allWithin(times, piece).find((t) => t.start < end && start < t.end) ?? own;
    const pad = (n: number) => String(n).padStart(2, '0');
    const at = day ? atLocalTime(day.at, ctx.timezone, h1, m1) : lastClockTime(`${pad(h1)}:${pad(m1)}`, ctx.capturedAt, ctx.timezone);
    // "9-5" is office hours (17:00); "22-6" a night (06:00 the next day).
    const from = h1 * 60 + m1;
    const endHour = h2 * 60 + m2 <= from && h2 < 12 && (h2 + 12) * 60 + m2 > from ? h2 + 12 : h2;
    let endAt = atLocalTime(at, ctx.timezone, endHour, m2);
    if (endAt <= at) endAt = atLocalTime(new Date(at.getTime() + DAY_MS), ctx.timezone, endHour, m2);
    return { at, endAt, stated: true, range: { start, end } };
  }
  return null;
}

/**
 * When a visit named in `piece` was: a time said in the piece itself (a range gives its end), else
 * a bare hour range there, else the segment's one time, else `fallback` (a meal's time), else the
 * capture time. `named` are the places named in the piece; `times` the segment's time phrases, without
 * those inside a place's own name ("Sunday Market").
 */
function visitTime(masked: string, piece: Range, named: Range[], times: TimeMention[], ctx: ParseContext, fallback?: Date): When {
  const own = firstWithin(times, piece);
  if (own?.hasTime && own.endAt) return { at: own.at, endAt: own.endAt, stated: true };
  // Before a lone time of the piece: chrono reads "9-17 yesterday" as 17:00 yesterday, whose day the hours keep.
  const range = hourRange(masked, piece, named, times, own, ctx);
  if (range) return range;
  if (own?.hasTime) return { at: own.at, endAt: own.endAt, stated: true };
  const [first, ...others] = times;
  const only = own ?? (first && others.every((t) => t.at.getTime() === first.at.getTime()) ? first : undefined);
  if (only?.hasTime) return { at: only.at, endAt: only.endAt, stated: true };
  if (fallback) return { at: fallback, endAt: null, stated: true };
  // A day without a time of day ("yesterday"): that day, at chrono's noon, as a guess.
  if (only) return { at: only.at, endAt: null, stated: false };
  return { at: ctx.capturedAt, endAt: null, stated: false };
}

/** Words that only say someone went somewhere: no note of their own. */
const GOING =
  /^(?:i|we|went|go|goes|going|gone|been|was|were|am|is|are|to|at|in|into|from|the|a|an|my|our|visited|visit|visiting|stopped|stop|by|popped|dropped|over|headed|heading|arrived|back|there|again|today|just|and|then|also)$/iu;

const EDGE = new Set([' ', ',', ';', ':', '.', '-', '–', '—', '+', '&', '@']);

/** What else the piece says of the visit ("worked" of "worked from the office 9-17"), or null. */
function noteOf(masked: string, piece: Range, blank: Range[]): string | null {
  const words = blankAll(
    masked.slice(piece.start, piece.end),
    blank.map((r) => ({ start: r.start - piece.start, end: r.end - piece.start })),
  ).replace(/\s+/g, ' ');
  // Separators trimmed by a loop: a `[…]+$` regex retries from every character of a long run.
  let start = 0;
  let end = words.length;
  while (start < end && EDGE.has(words[start])) start++;
  while (end > start && EDGE.has(words[end - 1])) end--;
  const rest = words.slice(start, end).replace(DANGLING, '');
  const list = rest.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (list.length === 0 || list.every((w) => GOING.test(w))) return null;
  return rest.slice(0, 2000);
}

/** `times` without those overlapping a mention (both sorted by start; mentions disjoint), in one pass. */
function outside(times: TimeMention[], mentions: Range[]): TimeMention[] {
  let k = 0;
  return times.filter((t) => {
    while (k < mentions.length && mentions[k].end <= t.start) k++;
    return !(k < mentions.length && mentions[k].start < t.end);
  });
}

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);

/**
 * A place_visit draft for each of the user's places named in the segment, one per place and
 * time. `masked` is `text` with the segment's tags blanked; `pieces` are the segment's pieces
 * (sorted, disjoint); `fallback` is the time of the meal the segment is (its visit is the meal's).
 * Each piece's time and note are worked out once, however many places it names.
 */
export function placeVisitDrafts(
  text: string,
  masked: string,
  facts: SegmentFacts,
  ctx: ParseContext,
  pieces: Range[],
  fallback?: Date,
): SuggestionDraft[] {
  const found = findPlaces(masked, facts.seg, ctx.places ?? []);
  if (found.length === 0) return [];
  const times = outside(facts.times, found);
  const drafts: SuggestionDraft[] = [];
  const seen = new Set<string>();
  const byPiece = new Map<Range, { when: When; note: string | null }>();
  let p = 0;
  for (const m of found) {
    while (p < pieces.length - 1 && pieces[p].end <= m.start) p++;
    // A name across a soft separator ("Marks and Spencer") is read in the whole segment.
    const piece = pieces[p] && pieces[p].start <= m.start && m.end <= pieces[p].end ? pieces[p] : facts.seg;
    let about = byPiece.get(piece);
    if (!about) {
      const named = allWithin(found, piece);
      const when = visitTime(masked, piece, named, times, ctx, fallback);
      const blank = [...named, ...allWithin(times, piece), ...(when.range ? [when.range] : [])];
      about = { when, note: fallback ? null : noteOf(masked, piece, blank) };
      byPiece.set(piece, about);
    }
    const { when, note } = about;
    const key = `${m.place.id} ${when.at.getTime()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    drafts.push({
      kind: 'place_visit',
      title: `Visit: ${clip(m.place.name)}`,
      summary: `Visit to ${m.place.name}${note ? `: ${note}` : ''}`,
      // A full name is surer than an alias (often a common word); a visit at an unsaid time less so.
      confidence: ((m.alias ? 7 : 8) - (when.stated ? 0 : 2)) / 10,
      occurredAt: when.at,
      windowStart: when.endAt ? when.at : null,
      windowEnd: when.endAt,
      payload: { place_id: m.place.id, occurred_at: when.at.toISOString(), ended_at: when.endAt?.toISOString() ?? null, note },
      span: { start: m.start, end: m.end, text: text.slice(m.start, m.end) },
    });
  }
  return drafts;
}
