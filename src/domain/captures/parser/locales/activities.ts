import { L, NUM, R, re } from '../grammar.ts';
import { localeDuration, localeDurationSeconds, localeNumber } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';

/**
 * Activities and their quantities in a language's words ("joggen 5 km in 30 Minuten", "couru 5 km
 * en 27 min", "corrí 5 kilómetros"), beside activities.ts's English ones.
 */

type ActivityLike = { key: string; words: string; categories: string[] };

const activityCache = new WeakMap<Lexicon, { a: ActivityLike; re: RegExp }[]>();

/**
 * Every activity of `list` with the language's words added to its English ones, and the names the
 * language gives its category ("Laufen" for a run), tried after the English names.
 */
export function localeActivities<A extends ActivityLike>(list: readonly A[], lex: Lexicon): { a: A; re: RegExp }[] {
  let out = activityCache.get(lex) as { a: A; re: RegExp }[] | undefined;
  if (!out) {
    out = list.map((english) => {
      const own = lex.activities[english.key];
      const a = own
        ? { ...english, words: `${english.words}|${own.words}`, categories: [...english.categories, ...own.categories] }
        : english;
      return { a, re: new RegExp(`(?:${L}(?:${a.words})${R})`, 'iu') };
    });
    activityCache.set(lex, out);
  }
  return out;
}

type Quantity =
  | { kind: 'duration'; start: number; end: number; seconds: number }
  | { kind: 'distance'; start: number; end: number; value: number; unit: string }
  | { kind: 'score'; start: number; end: number; value: number; scale: number };

type Rule = { pattern: RegExp; read(m: RegExpExecArray): Quantity | null };

const ENGLISH_DISTANCE = 'k|kms?|kilomet(?:er|re)s?|mi|miles?|m|met(?:er|re)s?|yd|yards';
const ENGLISH_UNIT: Record<string, string> = { k: 'km', kms: 'km', mile: 'mi', miles: 'mi', yards: 'yd' };

const quantityCache = new WeakMap<Lexicon, Rule[]>();

/**
 * Quantities in the language's words, read before the English rules: scores "out of" in words
 * ("7 von 10"), "en 27:30", durations and distances. Durations and distances in English units
 * are read here too, so a number in them is read the language's way ("1.500 m" is 1500 m).
 */
export function localeQuantityRules(lex: Lexicon): Rule[] {
  let rules = quantityCache.get(lex);
  if (rules) return rules;
  const took = `in|for|took|about|around|${lex.took}`;
  const units = Object.keys(lex.distanceUnits).sort((a, b) => b.length - a.length);
  rules = [
    {
      pattern: re(`(?<![\\d/])(\\d{1,2}(?:[.,]\\d)?)\\s*(?:${lex.outOf})\\s*(10|5)(?![\\d/])`),
      read: (m) => {
        const value = localeNumber(m[1], lex);
        const scale = Number(m[2]);
        return value <= scale ? { kind: 'score', start: m.index, end: m.index + m[0].length, value, scale } : null;
      },
    },
    {
      pattern: re(`${L}(?:${took})\\s+(\\d{1,2}):(\\d{2})${R}`),
      read: (m) => {
        const a = +m[1];
        const b = +m[2];
        return { kind: 'duration', start: m.index, end: m.index + m[0].length, seconds: a >= 10 ? a * 60 + b : a * 3600 + b * 60 };
      },
    },
    {
      pattern: re(`(?:${L}(?:${took})\\s+)?(${localeDuration(lex)})(?!\\s*(?:ago|earlier|from\\s+now))`),
      read: (m) => {
        const seconds = localeDurationSeconds(m[1], lex);
        return seconds ? { kind: 'duration', start: m.index, end: m.index + m[0].length, seconds } : null;
      },
    },
    {
      pattern: re(`${L}(${NUM})\\s*(${units.length ? `${units.join('|')}|` : ''}${ENGLISH_DISTANCE})${R}`),
      read: (m) => {
        const word = m[2].toLowerCase();
        const unit = lex.distanceUnits[word] ?? ENGLISH_UNIT[word] ?? (/^kilomet/.test(word) ? 'km' : /^met/.test(word) ? 'm' : word);
        return { kind: 'distance', start: m.index, end: m.index + m[0].length, value: localeNumber(m[1], lex), unit };
      },
    },
  ];
  quantityCache.set(lex, rules);
  return rules;
}

const agoCache = new WeakMap<Lexicon, RegExp>();

/**
 * Whether the language's "ago" or "at" stands just before `start` ("vor 2 Stunden", "hace 27 min",
 * "à 21h"): that duration is a time, left for chrono, not how long something took.
 */
export function afterAgo(lex: Lexicon, text: string, start: number): boolean {
  let pattern = agoCache.get(lex);
  if (!pattern) {
    pattern = new RegExp(`${L}(?:${lex.ago}|${lex.at})\\s{1,3}$`, 'iu');
    agoCache.set(lex, pattern);
  }
  return pattern.test(text.slice(Math.max(0, start - 16), start));
}
