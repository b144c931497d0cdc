import { COUNT, R, durationSeconds, toNumber } from '../grammar.ts';
import type { Lexicon } from './lexicon.ts';

/**
 * Numbers, counts and durations of a language other than English, built from its lexicon on top
 * of the English grammar (grammar.ts), which every language keeps.
 *
 * German, French and Spanish write a decimal comma and group thousands with a dot: "72,4" is
 * 72.4, "1,5" is 1.5 and "1,500" is 1.5 (not fifteen hundred, as in English), "8.500" is 8500.
 * A dot before anything but groups of three digits is still a decimal point ("72.4"), as phones
 * with English keyboards write it.
 */
export function localeNumber(text: string, lex: Lexicon): number {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (Object.hasOwn(lex.numbers, t)) return lex.numbers[t];
  if (/^\d{1,3}(?:\.\d{3})+$/.test(t)) return Number(t.replace(/\./g, ''));
  if (/^\d+(?:[.,]\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  return toNumber(t);
}

/** COUNT with the language's number words ("zwei", "deux", "dos") before English's. */
export function localeCount(lex: Lexicon): string {
  const words = Object.keys(lex.numbers).sort((a, b) => b.length - a.length || a.localeCompare(b));
  return `(?:${words.join('|')}|${COUNT.slice('(?:'.length)}`;
}

const alt = (s: string | undefined) => (s ? `|${s}` : '');

/** The duration units of `lex` besides the English ones. */
function units(lex: Lexicon) {
  return {
    hours: `h|hrs?|hours?${alt(lex.hours)}`,
    minutes: `mins?|minutes?${alt(lex.minutes)}`,
    seconds: `secs?|seconds?${alt(lex.seconds)}`,
    and: `and${alt(lex.and)}`,
    half: `(?:and\\s+)?a\\s+half${alt(lex.andAHalf)}`,
    /** A half between the number and its unit, or a pattern that never matches. */
    halfBefore: lex.halfBeforeUnit ? `\\s*(?:${lex.halfBeforeUnit})` : '(?!)',
  };
}

/**
 * A duration as typed in the language or in English: "7,5 Stunden", "7 Std 20", "7 horas y media",
 * "une demi-heure", "27 min". The same shapes as DURATION (each number starts at its first digit,
 * a unit's words are a fixed list), so it is as linear.
 */
export function localeDuration(lex: Lexicon): string {
  const u = units(lex);
  return [
    `(?<!\\d)\\d+\\s*(?:${u.hours})\\s*(?:(?:${u.and})\\s*)?\\d{1,2}\\s*(?:m|${u.minutes})?${R}`,
    `(?<!\\d)\\d+(?:[.,]\\d+)?(?:${u.halfBefore})?\\s*(?:${u.hours})${R}(?:\\s*(?:${u.half})${R})?`,
    `(?<!\\d)\\d+(?:[.,]\\d+)?\\s*(?:${u.minutes})${R}`,
    `(?<!\\d)\\d+\\s*(?:${u.seconds})${R}`,
    `(?:${lex.durationPhrases.map(([p]) => p).join('|')})${R}`,
    // English's durations in words (grammar.ts DURATION).
    `half\\s+an\\s+hour${R}`,
    `(?:an|one)\\s+hour(?:\\s+and\\s+a\\s+half)?${R}`,
  ].join('|');
}

type Readers = { hm: RegExp; h: RegExp; m: RegExp; s: RegExp; phrases: [RegExp, number][] };
const readers = new WeakMap<Lexicon, Readers>();

function readersOf(lex: Lexicon): Readers {
  let r = readers.get(lex);
  if (r) return r;
  const u = units(lex);
  r = {
    hm: new RegExp(`^(\\d+)\\s*(?:${u.hours})\\s*(?:(?:${u.and})\\s*)?(\\d{1,2})\\s*(?:m|${u.minutes})?$`, 'iu'),
    h: new RegExp(`^(\\d+(?:[.,]\\d+)?)(${u.halfBefore})?\\s*(?:${u.hours})(\\s*(?:${u.half}))?$`, 'iu'),
    m: new RegExp(`^(\\d+(?:[.,]\\d+)?)\\s*(?:${u.minutes})$`, 'iu'),
    s: new RegExp(`^(\\d+)\\s*(?:${u.seconds})$`, 'iu'),
    phrases: lex.durationPhrases.map(([p, seconds]) => [new RegExp(`^(?:${p})$`, 'iu'), seconds]),
  };
  readers.set(lex, r);
  return r;
}

/** Seconds in a duration matched by `localeDuration(lex)`. */
export function localeDurationSeconds(text: string, lex: Lexicon): number | null {
  const t = text.trim().replace(/\s+/g, ' ');
  const r = readersOf(lex);
  let m: RegExpExecArray | null;
  for (const [p, seconds] of r.phrases) if (p.test(t)) return seconds;
  if ((m = r.hm.exec(t))) return +m[1] * 3600 + +m[2] * 60;
  if ((m = r.h.exec(t))) return Math.round((localeNumber(m[1], lex) + (m[2] || m[3] ? 0.5 : 0)) * 3600);
  if ((m = r.m.exec(t))) return Math.round(localeNumber(m[1], lex) * 60);
  if ((m = r.s.exec(t))) return +m[1];
  return durationSeconds(t);
}
