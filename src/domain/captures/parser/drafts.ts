import { formatDuration } from '../../events/duration.ts';
import { findActivity, type Activity, type Quantity } from './activities.ts';
import { DANGLING } from './grammar.ts';
import { lexicon } from './locales/index.ts';
import { findSymptom } from './symptoms.ts';
import type { FoundMeal } from './meals.ts';
import { atLocalTime, localHour, type TimeMention } from './time.ts';
import {
  allWithin,
  blankAll,
  firstWithin,
  type FoundReading,
  type ParseContext,
  type Range,
  type SegmentFacts,
  type SuggestionDraft,
} from './types.ts';

/** Turning what the grammar found into suggestion drafts: titles, payloads, categories, confidence. */

const USUAL_MEAL_TIME: Record<string, [number, number]> = {
  breakfast: [8, 0],
  brunch: [11, 0],
  lunch: [12, 30],
  dinner: [19, 0],
  supper: [19, 0],
};

const LEADING = new Set([' ', ',', ';', ':', '.', '-', '–', '—', '+', '&']);
const TRAILING = new Set([' ', ',', ';', ':', '-', '–', '—', '+', '&']);

/**
 * Whitespace collapsed, separators trimmed from both ends (a leading "." too), no space before
 * punctuation. The ends are trimmed by a loop: the regex `[…]+$` retries from every character
 * of a long run of separators ("a-----…-b"), which is quadratic.
 */
function tidy(s: string): string {
  const t = s.replace(/\s+/g, ' ');
  let start = 0;
  let end = t.length;
  while (start < end && LEADING.has(t[start])) start++;
  while (end > start && TRAILING.has(t[end - 1])) end--;
  return t
    .slice(start, end)
    .replace(/ ([,.;:!?])/g, '$1')
    .trim();
}

const norm = (s: string) => s.normalize('NFC').toLowerCase().trim();
const singular = (s: string) => s.replace(/(?:es|s)$/, '');

type Category = ParseContext['categories'][number];
type CategoryIndex = {
  /** Normalised name -> the first category with it. */
  byName: Map<string, Category>;
  /** Singular of the normalised name -> index of the first category with it. */
  bySingular: Map<string, number>;
  /** Longest name first, each with its word pattern. */
  patterns: { category: Category; pattern: RegExp }[];
};

/** Built once per categories list (one parse calls matchCategory per event, with the same list). */
const indexes = new WeakMap<ParseContext['categories'], CategoryIndex>();

function indexOf(categories: ParseContext['categories']): CategoryIndex {
  let index = indexes.get(categories);
  if (index) return index;
  index = { byName: new Map(), bySingular: new Map(), patterns: [] };
  for (const [i, c] of categories.entries()) {
    const n = norm(c.name);
    if (!index.byName.has(n)) index.byName.set(n, c);
    if (!index.bySingular.has(singular(n))) index.bySingular.set(singular(n), i);
  }
  const byLength = [...categories].sort((a, b) => b.name.length - a.name.length || a.name.localeCompare(b.name));
  for (const c of byLength) {
    const name = norm(c.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (name) index.patterns.push({ category: c, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${name}(?:s|es)?(?![\\p{L}\\p{N}])`, 'u') });
  }
  indexes.set(categories, index);
  return index;
}

function matchCategory(
  categories: ParseContext['categories'],
  candidates: string[],
  text: string,
  tags: string[],
): { id: string; name: string } | null {
  const index = indexOf(categories);
  for (const cand of candidates) {
    const hit = index.byName.get(cand);
    if (hit) return hit;
  }
  for (const tag of tags) {
    // A name equal to the tag also has the same singular: the first category with that singular.
    const i = index.bySingular.get(singular(tag));
    if (i !== undefined) return categories[i];
  }
  const lower = norm(text);
  if (!lower) return null;
  for (const { category, pattern } of index.patterns) {
    if (pattern.test(lower)) return category;
  }
  return null;
}

function formatNumber(v: number): string {
  return String(Number(v.toFixed(2)));
}

function formatHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h} h${m ? ` ${m} min` : ''}`;
}

function describeDuration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 3600) return formatHours(seconds / 3600);
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const LABELS: Record<string, string> = {
  weight: 'Weight',
  sleep_duration: 'Sleep',
  resting_heart_rate: 'Resting heart rate',
  heart_rate: 'Heart rate',
  caffeine: 'Caffeine',
  water: 'Water',
  steps: 'Steps',
  body_fat: 'Body fat',
  hrv_sdnn: 'HRV',
  blood_pressure_systolic: 'Blood pressure (systolic)',
  blood_pressure_diastolic: 'Blood pressure (diastolic)',
  body_temperature: 'Temperature',
  blood_glucose: 'Blood glucose',
  spo2: 'Blood oxygen',
  mood: 'Mood',
  energy: 'Energy',
  stress: 'Stress',
  active_energy: 'Active energy',
  dietary_energy: 'Calories eaten',
  protein: 'Protein',
};

export function readingDraft(r: FoundReading, text: string, at: Date): SuggestionDraft {
  const label = LABELS[r.slug] ?? r.slug;
  const scale = typeof r.detail?.scale === 'number' ? `/${r.detail.scale}` : '';
  const shown =
    r.unit === 'h'
      ? formatHours(r.value)
      : r.unit === '%'
        ? `${formatNumber(r.value)}%`
        : r.unit === 'count' || r.unit === 'score'
          ? `${formatNumber(r.value)}${scale}`
          : `${formatNumber(r.value)} ${r.unit}`;
  const spanText = text.slice(r.start, r.end);
  const metadata: Record<string, unknown> = { ...(r.detail ?? {}) };
  return {
    kind: 'metric_reading',
    title: `${label} ${shown}`.trim(),
    summary: `${label}: ${shown} (from "${spanText}")`,
    confidence: r.confidence,
    occurredAt: at,
    windowStart: null,
    windowEnd: null,
    payload: {
      metric_type_slug: r.slug,
      value: r.value,
      unit: r.unit,
      recorded_at: at.toISOString(),
      input_value: r.inputValue,
      input_unit: r.inputUnit,
      metadata,
    },
    span: { start: r.start, end: r.end, text: spanText },
  };
}

/** The time a suggestion happened: a time phrase in its own piece, else the segment's only one, else capture time. */
export function timeFor(range: Range, facts: SegmentFacts): TimeMention | null {
  const own = firstWithin(facts.times, range);
  if (own) return own;
  // One time, or several phrases of one time ("yesterday … after lunch").
  const [first, ...others] = facts.times;
  return first && others.every((t) => t.at.getTime() === first.at.getTime()) ? first : null;
}

/** A capitalised word after the first (not "I"): a person's or a place's name. */
const NAME = /\s(?!I\b)\p{Lu}\p{Ll}/u;

/** Activities whose distance is a distance (the rest read "15m" as minutes). */
const GOES_SOMEWHERE = new Set(['run', 'walk', 'hike', 'cycle', 'swim']);

export function eventDraft(
  text: string,
  range: Range,
  masked: string,
  quantities: Quantity[],
  facts: SegmentFacts,
  ctx: ParseContext,
  segmentTags: string[],
): SuggestionDraft {
  const remainder = masked.slice(range.start, range.end);
  const found = findActivity(remainder, ctx.language);
  const activity: Activity | null = found?.activity ?? null;
  const own = allWithin(quantities, range);
  let duration = own.find((q): q is Extract<Quantity, { kind: 'duration' }> => q.kind === 'duration');
  let distance = own.find((q): q is Extract<Quantity, { kind: 'distance' }> => q.kind === 'distance');
  // "meditation 15m": metres only mean something for an activity that covers ground; else minutes.
  if (distance && distance.unit === 'm' && activity && !GOES_SOMEWHERE.has(activity.key) && !duration) {
    duration = { kind: 'duration', start: distance.start, end: distance.end, seconds: distance.value * 60 };
    distance = undefined;
  }
  const score = own.find((q): q is Extract<Quantity, { kind: 'score' }> => q.kind === 'score');
  const time = timeFor(range, facts);
  const occurredAt = time?.at ?? ctx.capturedAt;
  let seconds = duration?.seconds ?? null;
  if (seconds === null && time?.endAt) seconds = Math.round((time.endAt.getTime() - time.at.getTime()) / 1000);

  const ownTagRanges = allWithin(facts.tags, range);
  const ownTags = ownTagRanges.map((t) => t.tag);
  const tags = [...new Set([...ownTags, ...segmentTags])];
  // "headache 6/10": a scored symptom is tagged with what was scored, so its days can be compared.
  const named = tags.length === 0 ? findSymptom(remainder, lexicon(ctx.language)) : null;
  if (named) tags.push(named);
  if (score && tags.length === 0) {
    const symptom = symptomWord(
      blankAll(masked.slice(range.start, range.end), [{ start: score.start - range.start, end: score.end - range.start }]),
    );
    if (symptom) tags.push(symptom);
  }
  const notesText = blankAll(
    text.slice(range.start, range.end),
    [...allWithin(facts.times, range), ...ownTagRanges].map((r) => ({ start: r.start - range.start, end: r.end - range.start })),
  );
  const notes = tidy(tidy(notesText).replace(DANGLING, '')) || null;
  const category = matchCategory(ctx.categories, activity?.categories ?? [], notes ?? '', tags);
  const recognised = Boolean(activity || category || duration || distance || time || tags.length);
  const confidence = activity && category ? 0.85 : activity ? 0.7 : category ? 0.6 : recognised ? 0.45 : 0.25;

  const metadata: Record<string, unknown> = {};
  if (activity) metadata.activity = activity.key;
  if (distance) metadata.unit = distance.unit;
  if (score && !distance) metadata.scale = score.scale;
  const name = category?.name ?? activity?.label ?? (notes ? notes.charAt(0).toUpperCase() + notes.slice(1) : 'Log entry');
  const title = [
    name.length > 60 ? `${name.slice(0, 59)}…` : name,
    distance ? `${formatNumber(distance.value)} ${distance.unit}` : null,
    seconds ? describeDuration(seconds) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const windowEnd = seconds ? new Date(occurredAt.getTime() + seconds * 1000) : null;
  // Someone named ("coffee with Anna", "met Sam") is worth an event of its own.
  // (German capitalises every noun, so there a capital says nothing.)
  const someone = notes !== null && ctx.language !== 'de' && NAME.test(notes);
  const generic = !activity && !category && !duration && !distance && !score && tags.length === 0 && !someone;
  return {
    kind: 'event',
    generic,
    title,
    summary: notes ?? title,
    confidence,
    occurredAt,
    windowStart: windowEnd ? occurredAt : null,
    windowEnd,
    payload: {
      category_id: category?.id ?? null,
      occurred_at: occurredAt.toISOString(),
      duration: seconds ? formatDuration(seconds) : null,
      scalar_value: distance ? distance.value : score ? score.value : null,
      notes,
      tags: tags.length ? tags : null,
      metadata,
    },
    span: { start: range.start, end: range.end, text: text.slice(range.start, range.end) },
  };
}

/** Words around a score that are not what was scored ("feeling anxious, 4 out of 10" scores anxious). */
const NOT_SYMPTOM =
  /^(?:feeling|feel|felt|i|im|i'm|am|a|an|the|bit|little|very|quite|really|pretty|so|mild|slight|bad|strong|today|now|my|some|have|had|got|with)$/i;

const WHERE_IT_HURTS = /^(?:pain|ache|aches|cramps?|soreness|quality)$/i;

/** What was scored, as a tag: the first word that names it ("headache"), with its kind ("back-pain"). */
function symptomWord(rest: string): string | null {
  const words = rest
    .toLowerCase()
    .split(/[^\p{L}'-]+/u)
    .filter((w) => w.length >= 3 && !NOT_SYMPTOM.test(w));
  if (!words.length) return null;
  const [first, second] = words;
  return (second && WHERE_IT_HURTS.test(second) ? `${first}-${second}` : first).slice(0, 64);
}

/** One meal suggestion for a whole segment. */
export function mealDraft(text: string, meal: FoundMeal, facts: SegmentFacts, ctx: ParseContext): SuggestionDraft {
  const { seg, tags } = facts;
  const time = facts.times[0] ?? null;
  let at = time?.at ?? ctx.capturedAt;
  // "yesterday dinner": a day without a time of day means the meal's usual time on that day; no
  // day either, today's usual time if it has come ("pasta for dinner" logged at 21:00 is 19:00).
  const usual = meal.mealType ? USUAL_MEAL_TIME[meal.mealType] : undefined;
  if (time && !time.hasTime && usual) at = atLocalTime(time.at, ctx.timezone, usual[0], usual[1]);
  // "dinner at 8" is 20:00: an evening meal at a morning hour is the clock read without its p.m.
  const evening = meal.mealType === 'dinner' || meal.mealType === 'supper';
  const pm = new Date(at.getTime() + 12 * 3_600_000);
  if (time?.hasTime && evening && localHour(at, ctx.timezone) >= 5 && localHour(at, ctx.timezone) < 12 && pm <= ctx.capturedAt) at = pm;
  if (!time && usual) {
    const today = atLocalTime(ctx.capturedAt, ctx.timezone, usual[0], usual[1]);
    if (today <= ctx.capturedAt) at = today;
  }
  const tagList = [...new Set(tags.map((t) => t.tag))];
  const category = matchCategory(
    ctx.categories,
    [meal.mealType ?? '', 'meals', 'meal', 'food', 'eating', 'nutrition'].filter(Boolean),
    '',
    tagList,
  );
  const typeLabel = meal.mealType ? meal.mealType.charAt(0).toUpperCase() + meal.mealType.slice(1) : 'Meal';
  const title = meal.placeText ? `${typeLabel} at ${meal.placeText}` : typeLabel;
  return {
    kind: 'meal',
    title,
    summary: meal.items.length
      ? meal.items.map((i) => (i.quantity && i.quantity !== 1 ? `${formatNumber(i.quantity)} × ${i.name}` : i.name)).join(', ')
      : title,
    confidence: meal.items.length ? (meal.mealType ? 0.8 : 0.7) : 0.55,
    occurredAt: at,
    windowStart: null,
    windowEnd: null,
    payload: {
      meal_type: meal.mealType,
      place_text: meal.placeText,
      items: meal.items,
      occurred_at: at.toISOString(),
      notes: meal.notes,
      tags: tagList.length ? tagList : null,
      category_id: category?.id ?? null,
    },
    span: { start: seg.start, end: seg.end, text: text.slice(seg.start, seg.end) },
  };
}
