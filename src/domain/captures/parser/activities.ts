import { DURATION, L, NUM, R, durationSeconds, re, toNumber } from './grammar.ts';
import { afterAgo, localeActivities, localeQuantityRules } from './locales/activities.ts';
import { lexicon } from './locales/index.ts';
import { blankAll } from './types.ts';
import { type CaptureLanguage } from '../../users/preferences.ts';

/**
 * Activities the grammar recognises, with the category names that usually hold them, so
 * "ran 5k" lands in the user's "Running" (or "Run", "Jogging") category when there is one.
 */
export type Activity = { key: string; label: string; words: string; categories: string[] };

const ACTIVITIES: Activity[] = [
  {
    key: 'run',
    label: 'Run',
    words: 'ran|run|runs|running|jog|jogs|jogged|jogging|rann|runnning|🏃',
    categories: ['running', 'run', 'runs', 'jogging', 'jog'],
  },
  { key: 'walk', label: 'Walk', words: 'walk|walks|walked|walking|stroll|strolled|🚶', categories: ['walking', 'walk', 'walks'] },
  { key: 'hike', label: 'Hike', words: 'hike|hiked|hiking|🥾', categories: ['hiking', 'hike', 'walking', 'walk'] },
  {
    key: 'cycle',
    label: 'Ride',
    words: 'bike|biked|biking|cycled|cycling|cycle|bike ride|rode|🚴',
    categories: ['cycling', 'bike', 'biking', 'cycle', 'ride'],
  },
  { key: 'swim', label: 'Swim', words: 'swam|swim|swimming|🏊', categories: ['swimming', 'swim'] },
  { key: 'yoga', label: 'Yoga', words: 'yoga|🧘', categories: ['yoga'] },
  {
    key: 'strength',
    label: 'Workout',
    words: 'gym|lifted|lifting|weights|workout|worked out|strength training|crossfit|🏋️?',
    categories: ['gym', 'strength', 'workout', 'weights', 'training', 'exercise'],
  },
  {
    key: 'meditate',
    label: 'Meditation',
    words: 'meditated|meditating|meditation|meditate',
    categories: ['meditation', 'mindfulness', 'meditate'],
  },
  { key: 'read', label: 'Reading', words: 'read a book|reading|read|📚', categories: ['reading', 'read', 'books'] },
  { key: 'nap', label: 'Nap', words: 'nap|napped|power nap', categories: ['nap', 'naps', 'sleep'] },
  { key: 'climb', label: 'Climbing', words: 'climbing|climbed|bouldering|bouldered', categories: ['climbing', 'bouldering'] },
  { key: 'tennis', label: 'Tennis', words: 'tennis|🎾', categories: ['tennis'] },
  { key: 'football', label: 'Football', words: 'football|soccer|⚽', categories: ['football', 'soccer'] },
];

const ACTIVITY_RE = ACTIVITIES.map((a) => ({ a, re: new RegExp(`(?:${L}(?:${a.words})${R})`, 'iu') }));

/** The first activity named in `text`, in English or in `language` (locales/activities.ts). */
export function findActivity(text: string, language?: CaptureLanguage): { activity: Activity; start: number; end: number } | null {
  const lex = lexicon(language);
  let best: { activity: Activity; start: number; end: number } | null = null;
  for (const { a, re: pattern } of lex ? localeActivities(ACTIVITIES, lex) : ACTIVITY_RE) {
    const m = pattern.exec(text);
    if (m && (!best || m.index < best.start)) best = { activity: a, start: m.index, end: m.index + m[0].length };
  }
  return best;
}

export type Quantity =
  | { kind: 'duration'; start: number; end: number; seconds: number }
  | { kind: 'distance'; start: number; end: number; value: number; unit: string }
  /** "6/10", "4 out of 10": how strong a symptom or feeling was, on its scale. */
  | { kind: 'score'; start: number; end: number; value: number; scale: number };

const DISTANCE_UNITS: Record<string, string> = {
  k: 'km',
  km: 'km',
  kms: 'km',
  kilometer: 'km',
  kilometers: 'km',
  kilometre: 'km',
  kilometres: 'km',
  mi: 'mi',
  mile: 'mi',
  miles: 'mi',
  m: 'm',
  meter: 'm',
  meters: 'm',
  metre: 'm',
  metres: 'm',
  yd: 'yd',
  yards: 'yd',
};

const QUANTITY_RULES: { pattern: RegExp; read(m: RegExpExecArray): Quantity | null }[] = [
  // "in 27:30" after an activity: minutes:seconds when the first part is 10 or more, else h:mm
  {
    // "ran 5k 27:30": a time right after a distance is how long it took, as minutes:seconds
    pattern: re(`(?<=\\d\\s*(?:k|km|kms|mi|miles?)\\s+)(\\d{2}):(\\d{2})${R}`),
    read: (m) => ({ kind: 'duration', start: m.index, end: m.index + m[0].length, seconds: +m[1] * 60 + +m[2] }),
  },
  {
    pattern: re(`(?<![\\d/])(\\d{1,2}(?:[.,]\\d)?)\\s*(?:/|out\\s+of|of)\\s*(10|5)(?![\\d/])`),
    read: (m) => {
      const value = toNumber(m[1]);
      const scale = Number(m[2]);
      return value <= scale ? { kind: 'score', start: m.index, end: m.index + m[0].length, value, scale } : null;
    },
  },
  {
    pattern: re(`${L}(?:in|for|took)\\s+(\\d{1,2}):(\\d{2})${R}`),
    read: (m) => {
      const a = +m[1];
      const b = +m[2];
      return { kind: 'duration', start: m.index, end: m.index + m[0].length, seconds: a >= 10 ? a * 60 + b : a * 3600 + b * 60 };
    },
  },
  {
    // "2 hours ago" is a time (chrono's), not how long something took.
    pattern: re(`(?:${L}(?:in|for|took|about|around)\\s+)?(${DURATION})(?!\\s*(?:ago|earlier|from\\s+now))`),
    read: (m) => {
      const seconds = durationSeconds(m[1]);
      return seconds ? { kind: 'duration', start: m.index, end: m.index + m[0].length, seconds } : null;
    },
  },
  {
    pattern: re(`${L}(${NUM})\\s*(k|kms?|kilomet(?:er|re)s?|mi|miles?|m|met(?:er|re)s?|yd|yards)${R}`),
    read: (m) => ({
      kind: 'distance',
      start: m.index,
      end: m.index + m[0].length,
      value: toNumber(m[1]),
      unit: DISTANCE_UNITS[m[2].toLowerCase()] ?? m[2].toLowerCase(),
    }),
  },
];

/** Durations and distances; blanks them in `masked` so chrono does not read "in 27 min" as a time. */
export function extractQuantities(masked: { text: string }, language?: CaptureLanguage): Quantity[] {
  const lex = lexicon(language);
  const out: Quantity[] = [];
  // Another language's rules first (locales/activities.ts); a duration after its "ago" is chrono's.
  for (const rule of lex ? [...localeQuantityRules(lex), ...QUANTITY_RULES] : QUANTITY_RULES) {
    rule.pattern.lastIndex = 0;
    const current = masked.text;
    const spans: Quantity[] = [];
    let m: RegExpExecArray | null;
    while ((m = rule.pattern.exec(current))) {
      const q = rule.read(m);
      if (!q || (lex && q.kind === 'duration' && afterAgo(lex, current, q.start))) continue;
      out.push(q);
      spans.push(q);
    }
    // Blanked once per rule (the rule itself reads `current`), not by copying the text per match.
    masked.text = blankAll(masked.text, spans);
  }
  return out.sort((a, b) => a.start - b.start);
}
