import { GROUPED_NUM, L, NUM, R, re } from '../grammar.ts';
import { localeCount, localeDuration, localeDurationSeconds, localeNumber } from './grammar.ts';
import type { FoundReading } from '../types.ts';
import type { Lexicon } from './lexicon.ts';

/**
 * Metric readings in a language's words ("Gewicht 72,4 kg", "deux verres d'eau", "ánimo 7/10"):
 * rules of the same shapes as metrics.ts's English ones, built from the language's lexicon and
 * run before them (a rule's match masks its text, and "72,4 kg" must be read with "Gewicht", not
 * alone by the English unit rule). Numbers are read the language's way (locales/grammar.ts).
 * Units, servings and drinks are handed to metrics.ts in its English words, so the catalogue and
 * the caffeine table stay the only ones.
 */
type Found = Omit<FoundReading, 'start' | 'end'>;

/** What metrics.ts lends the rules (passed in, so this file does not import it back). */
export type ReadingKit = {
  reading(slug: string, inputValue: number, inputUnit: string | null, confidence: number, detail?: Record<string, unknown>): Found | null;
  /** A water reading: an amount in an English unit or serving word ("l", "glass"). */
  water(amount: string, unit: string | undefined, confidence: number): Found[] | null;
  /** Caffeine of a count of an English drink word ("coffee", "latte"). */
  drinkCaffeine(count: string | undefined, drink: string): Found[] | null;
  /** The night from a bedtime to a wake time, each a clock as English writes it ("23:30", "6.45", "7"). */
  bedToWake(bed: string, wake: string): Found[] | null;
  /** English unit words -> the catalogue's units. */
  unitOf(text: string | undefined): string | null;
  /** English drink words (a regex group). */
  drinks: string;
};

type Rule = { pattern: RegExp; read(m: RegExpExecArray): Found[] | null };

const alt = (s: string) => (s ? `|${s}` : '');
const one = (r: Found | null) => (r ? [r] : null);
const lower = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

const cache = new WeakMap<Lexicon, Rule[]>();

/** The rules of `lex`'s language, built once. */
export function localeReadingRules(lex: Lexicon, kit: ReadingKit): Rule[] {
  let rules = cache.get(lex);
  if (!rules) {
    rules = build(lex, kit);
    cache.set(lex, rules);
  }
  return rules;
}

function build(x: Lexicon, kit: ReadingKit): Rule[] {
  const num = (s: string) => localeNumber(s, x);
  const SEP = `\\s*(?:(?:is|was|at|of|=|:|-${alt(x.sep)})\\s*)?`;
  const COUNT = localeCount(x);
  const DUR = localeDuration(x);
  const WATER_UNITS = `ml|cl|l|${x.waterUnits}`;
  const OUT_OF = `/|${x.outOf}`;
  // English's score names too, so "Stress 8 von 10" is read whole.
  const scoreWords = [x.mood, x.energy, x.stress, 'mood|energy|stress'].filter(Boolean).join('|');
  const isMood = new RegExp(`^(?:mood${alt(x.mood)})$`, 'iu');
  const isEnergy = new RegExp(`^(?:energy${alt(x.energy)})$`, 'iu');
  const scoreSlug = (word: string) => (isMood.test(word) ? 'mood' : isEnergy.test(word) ? 'energy' : 'stress');
  /** A unit, serving or drink word of the language in metrics.ts's English words. */
  const english = (word: string | undefined) => {
    if (word === undefined) return undefined;
    const w = lower(word);
    return x.servings[w] ?? x.units[w] ?? w;
  };
  const drinkPatterns = x.drinks.map(([p, drink]) => [new RegExp(`^(?:${p})$`, 'iu'), drink] as const);
  const drinkOf = (text: string) => drinkPatterns.find(([p]) => p.test(lower(text)))?.[1] ?? text;
  /** Steps are whole: "1,500", "1.500" or "1 500" groups thousands in any language. */
  const steps = (s: string, k: string | undefined) =>
    (/^\d{1,3}(?:[.,\s]\d{3})+$/.test(s) ? Number(s.replace(/[.,\s]/g, '')) : num(s)) * (k ? 1000 : 1);
  const sleep = (text: string, confidence: number) => {
    const t = text.trim();
    const seconds = /^\d+(?:[.,]\d+)?$/.test(t) ? num(t) * 3600 : localeDurationSeconds(t, x);
    if (seconds === null || !(seconds > 0) || seconds > 24 * 3600) return null;
    return one(kit.reading('sleep_duration', seconds / 60, 'min', confidence, { text: t }));
  };

  // A clock as the language writes it: "23:30", "6h30", "23h", "23 Uhr"; handed on without its o'clock word.
  const CLOCK = `\\d{1,2}(?:[:.h]\\d{2})?(?:\\s*(?:${x.oclock}))?`;
  const clock = (s: string) => /^\d{1,2}(?:[:.h]\d{2})?/.exec(s)![0];
  const rules: Rule[] = [
    {
      // "ins Bett um 23:30, aufgestanden um 6:45", "couché à 23h, levé à 6h30", "me acosté a las 12, me levanté a las 7".
      pattern: re(
        `${L}(?:${x.bed})\\s*(?:(?:${x.at})\\s+)?(${CLOCK})(?:[\\s,;]+(?:(?:${x.and})\\s+)?(?:${x.up})|\\s*(?:-|–|—)\\s*)\\s*(?:(?:${x.at})\\s+)?(${CLOCK})${R}`,
      ),
      read: (m) => kit.bedToWake(clock(m[1]), clock(m[2])),
    },
    {
      pattern: re(`${L}(?:${x.bloodPressure})${SEP}(\\d{2,3})\\s*(?:/|over${alt(x.over)})\\s*(\\d{2,3})(?:\\s*mm\\s*hg)?${R}`),
      read: (m) => {
        const s = kit.reading('blood_pressure_systolic', +m[1], 'mmHg', 0.9);
        const d = kit.reading('blood_pressure_diastolic', +m[2], 'mmHg', 0.9);
        return s && d ? [s, d] : null;
      },
    },
  ];
  if (x.bloodPressureCmHg) {
    rules.push({
      // "tension 12/8" is 120/80 in cmHg, as French and Spanish speakers say it; only in the range
      // of a blood pressure, and never over 5 or 10, which is how a score is written.
      pattern: re(`${L}(?:${x.bloodPressureCmHg})${SEP}(\\d{1,2}(?:[.,]\\d)?)\\s*/\\s*(\\d{1,2}(?:[.,]\\d)?)${R}`),
      read: (m) => {
        const [sys, dia] = [num(m[1]), num(m[2])];
        if (!(sys >= 8 && sys <= 25 && dia >= 4 && dia <= 15 && sys > dia) || m[2] === '5' || m[2] === '10') return null;
        const detail = { written: `${m[1]}/${m[2]}`, written_unit: 'cmHg' };
        const s = kit.reading('blood_pressure_systolic', Math.round(sys * 10), 'mmHg', 0.8, detail);
        const d = kit.reading('blood_pressure_diastolic', Math.round(dia * 10), 'mmHg', 0.8, detail);
        return s && d ? [s, d] : null;
      },
    });
  }
  rules.push(
    {
      pattern: re(`${L}(?:${x.restingHeartRate})${SEP}(${NUM})\\s*(bpm)?${R}`),
      read: (m) => one(kit.reading('resting_heart_rate', num(m[1]), 'bpm', 0.9)),
    },
    {
      pattern: re(`${L}(?:${x.heartRate})${SEP}(${NUM})\\s*(bpm)?${R}`),
      read: (m) => one(kit.reading('heart_rate', num(m[1]), 'bpm', 0.8)),
    },
    {
      pattern: re(`${L}(?:${x.weight})${SEP}(${NUM})\\s*(kgs?|kilos?|kilograms?|lbs?|pounds?|st|stones?${alt(x.weightUnits)})?${R}`),
      read: (m) => one(kit.reading('weight', num(m[1]), kit.unitOf(english(m[2])) ?? 'kg', m[2] ? 0.9 : 0.75)),
    },
    {
      pattern: re(`${L}(?:${x.bodyFat})${SEP}(${NUM})\\s*%?`),
      read: (m) => one(kit.reading('body_fat', num(m[1]), '%', 0.85)),
    },
    {
      // "dormi environ 7h30", "Schlaf: 7,5": up to three words of how between.
      pattern: re(
        `${L}(?:${x.sleep})${R}(?:[\\s,]+(?:${x.sleepHow})${R}){0,3}[\\s,:]*(${DUR}|\\d{1,2}:\\d{2}|\\d+(?:[.,]\\d+)?(?![\\d.,:]))`,
      ),
      read: (m) => sleep(m[1], 0.9),
    },
    {
      // "7,5 Stunden geschlafen", "7 h de sommeil".
      pattern: re(`${L}(${DUR})\\s*(?:${x.sleepAfter})${R}`),
      read: (m) => sleep(m[1], 0.85),
    },
    {
      pattern: re(`${L}(?:${x.temperature})${SEP}(${NUM})\\s*(°\\s*[cf]|celsius|fahrenheit${alt(x.degrees)}|[cf](?![\\p{L}]))?`),
      read: (m) => {
        const v = num(m[1]);
        return one(kit.reading('body_temperature', v, kit.unitOf(english(m[2])) ?? (v > 50 ? '°F' : '°C'), m[2] ? 0.9 : 0.8));
      },
    },
    {
      pattern: re(`${L}(?:${x.glucose})${SEP}(${NUM})\\s*(mg\\s*/\\s*dl|mmol(?:\\s*/\\s*l)?)?${R}`),
      read: (m) => {
        const v = num(m[1]);
        return one(kit.reading('blood_glucose', v, kit.unitOf(m[2]?.replace(/\s+/g, '')) ?? (v < 35 ? 'mmol/L' : 'mg/dL'), 0.85));
      },
    },
    {
      pattern: re(`${L}(?:${x.spo2})${SEP}(${NUM})\\s*%?`),
      read: (m) => one(kit.reading('spo2', num(m[1]), '%', 0.85)),
    },
    {
      pattern: re(`${L}(${GROUPED_NUM})\\s*(k)?\\s*(?:${x.steps})${R}`),
      read: (m) => one(kit.reading('steps', steps(m[1], m[2]), 'count', 0.9)),
    },
    {
      // "pas 8500": a count of steps, so never a handful ("pas 2 cafés" is French for "not 2 coffees").
      pattern: re(`${L}(?:${x.steps})${SEP}(${GROUPED_NUM})\\s*(k)?${R}`),
      read: (m) => {
        const count = steps(m[1], m[2]);
        return count >= 100 ? one(kit.reading('steps', count, 'count', 0.85)) : null;
      },
    },
    {
      // "1,5 l Wasser", "2 vasos de agua".
      pattern: re(`${L}(?:(?:${x.drank})\\s+)?(${NUM})\\s*(${WATER_UNITS})${R}(?:${x.of})(?:${x.water})${R}`),
      read: (m) => kit.water(String(num(m[1])), english(m[2]), 0.9),
    },
    {
      pattern: re(`${L}(?:${x.water})${SEP}(${NUM})\\s*(${WATER_UNITS})?${R}`),
      read: (m) => kit.water(String(num(m[1])), english(m[2]), 0.85),
    },
    {
      // "deux verres d'eau", "zwei Gläser Wasser".
      pattern: re(`${L}(?:(?:${x.drank})\\s+)?(${COUNT})\\s+(${x.servingUnits})(?:${x.of})(?:${x.water})${R}`),
      read: (m) => kit.water(String(num(m[1])), english(m[2]), 0.85),
    },
    {
      pattern: re(`${L}(?:${x.caffeine})${SEP}(${NUM})\\s*(mg|g)?${R}`),
      read: (m) => one(kit.reading('caffeine', num(m[1]), m[2] ?? 'mg', 0.85)),
    },
    {
      // "zwei Kaffee getrunken", "2 tasses de café", "dos cafés", "zwei Espresso": the language's
      // drinks and English's, counted in the language's words.
      pattern: re(
        `${L}(?<!${L}(?:${x.none})\\s{1,3})(?:(?:${x.drank})\\s+)?(?:(${COUNT})\\s+)?(?:(?:${x.cups})(?:${x.of}))?(${x.drinks.map(([p]) => p).join('|')}|${kit.drinks})(?:\\s*x\\s*(\\d+))?${x.drankAfter ? `(?:\\s+(?:${x.drankAfter}))?` : ''}${R}`,
      ),
      read: (m) => {
        const count = m[3] ?? m[1];
        return kit.drinkCaffeine(count === undefined ? undefined : String(num(count)), drinkOf(m[2]));
      },
    },
    {
      pattern: re(`${L}(${NUM})\\s*g(?:${x.of}|\\s+)(?:${x.protein})${R}|${L}(?:${x.protein})${SEP}(${NUM})\\s*g${R}`),
      read: (m) => one(kit.reading('protein', num(m[1] ?? m[2]), 'g', 0.85)),
    },
  );
  if (scoreWords) {
    rules.push(
      {
        // "Stimmung heute gut 7/10", "humeur plutôt bonne, 7 sur 10": at most three words between.
        pattern: re(`${L}(${scoreWords})(?:[\\s,:]+(?:${x.scoreHow})${R}){1,3}[\\s,:-]*(${NUM})\\s*(?:${OUT_OF})\\s*(10|5)${R}`),
        read: (m) => one(kit.reading(scoreSlug(m[1]), num(m[2]), 'score', 0.75, { scale: Number(m[3]) })),
      },
      {
        // "me siento bien, 8/10": how one feels is the mood.
        pattern: re(`${L}(?:${x.feeling})(?:[\\s,]+(?:${x.feelingHow})${R}){0,3}[\\s,:-]*(${NUM})\\s*(?:${OUT_OF})\\s*(10|5)${R}`),
        read: (m) => one(kit.reading('mood', num(m[1]), 'score', 0.7, { scale: Number(m[2]) })),
      },
      {
        pattern: re(`${L}(${scoreWords})${SEP}(${NUM})(?:\\s*(?:${OUT_OF})\\s*(\\d+))?${R}`),
        read: (m) => one(kit.reading(scoreSlug(m[1]), num(m[2]), 'score', 0.8, m[3] ? { scale: Number(m[3]) } : undefined)),
      },
    );
  }
  return rules;
}
