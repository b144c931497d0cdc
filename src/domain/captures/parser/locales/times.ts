import {
  Chrono,
  ParsingComponents,
  type ParsedResult,
  type Parser,
  type ParsingOption,
  type ParsingReference,
  type Refiner,
} from 'chrono-node';
import { casual as englishCasual } from '../chrono.ts';

/**
 * Times in German, French and Spanish: chrono-node's casual parser of the language, with a few
 * phrases it lacks ("anoche", "hace 2 horas") and the day's parts at the hours time.ts gives the
 * English ones (morning 08:00, afternoon 15:00, evening 19:00, last night 22:00 yesterday).
 *
 * chrono's German, French and Spanish time-unit patterns end in `(?=\W|$)`, which nearly every
 * text satisfies where a unit ends, so they do not backtrack the way the English "ago"/"later"
 * ones did (chrono.ts); test/captures/languages.test.ts parses the same adversarial shapes in each
 * language, and `npm run bench:parser -- --language de` times them. The Spanish day-month parser
 * did backtrack, on runs of spaces: es-dates.ts guards it.
 */
export type LocaleTimes = {
  /** The language's casual chrono, with this file's parsers and refiner. */
  chrono: Chrono;
  /** English's (chrono.ts) beside it, without the parsers both share (see localeTimes). */
  english: Chrono;
  /** Phrases that, alone, are far more often ordinary words than dates ("so", "mar", "dom"). */
  lone: RegExp;
};

const WORD = '[\\p{L}\\p{N}_]';
const bounded = (pattern: string) => new RegExp(`(?<!${WORD})(?:${pattern})(?!${WORD})`, 'iu');

/** `pattern`, a phrase for last night: 22:00 the day before the capture. */
export function lastNight(pattern: string): Parser {
  const re = bounded(pattern);
  return {
    pattern: () => re,
    extract: (context) => {
      const c = ParsingComponents.createRelativeFromReference(context.reference, { day: -1 });
      c.assign('hour', 22);
      c.assign('minute', 0);
      c.assign('second', 0);
      return c.addTag('casualReference/lastNight');
    },
  };
}

type Part = 'morning' | 'afternoon' | 'evening' | 'night';
/** The hour chrono's parsers imply for a part of the day, and the tag the refiner below reads. */
const PARTS: Record<Part, [hour: number, tag: string]> = {
  morning: [8, 'casualReference/morning'],
  afternoon: [15, 'casualReference/afternoon'],
  evening: [19, 'casualReference/evening'],
  night: [22, 'casualReference/evening'],
};

/**
 * `pattern` with a group naming the day (`days`: how many days back) and one naming a part of it
 * (`parts`): "gestern früh", "ayer por la tarde" (chrono reads "ayer" and then "tarde" apart).
 */
export function dayPart(pattern: string, days: Record<string, number>, parts: Record<string, Part>): Parser {
  const re = bounded(pattern);
  return {
    pattern: () => re,
    extract: (context, match) => {
      const back = days[(match[1] ?? '').toLowerCase()] ?? 0;
      const [hour, tag] = PARTS[parts[(match[2] ?? '').toLowerCase()] ?? 'morning'];
      const c = ParsingComponents.createRelativeFromReference(context.reference, { day: -back });
      c.imply('hour', hour);
      c.imply('minute', 0);
      c.imply('second', 0);
      return c.addTag(tag);
    },
  };
}

/**
 * `pattern` with groups for an hour, its minutes (optional) and a part of the day that says a.m.
 * or p.m.: "um 7 Uhr abends", "à 9h du soir", "a las 7 de la mañana" (chrono reads the part apart,
 * and Spanish "mañana" alone as tomorrow).
 */
export function clockWithPart(pattern: string, parts: Record<string, Part>): Parser {
  const re = bounded(pattern);
  return {
    pattern: () => re,
    extract: (context, match) => {
      let hour = Number(match[1]);
      const minute = match[2] ? Number(match[2]) : 0;
      const part = parts[(match[3] ?? '').toLowerCase()] ?? 'morning';
      if (hour > 23 || minute > 59) return null;
      if (part === 'morning' && hour === 12) hour = 0;
      if (part !== 'morning' && hour < 12 && !(part === 'night' && hour <= 4)) hour += 12;
      const c = context.createParsingComponents();
      c.assign('hour', hour);
      c.assign('minute', minute);
      c.assign('second', 0);
      return c;
    },
  };
}

type Unit = 'minute' | 'hour' | 'day' | 'week';

/** `pattern` with a number group and a unit group: that long before the capture ("hace 2 horas"). */
export function ago(pattern: string, numbers: Record<string, number>, units: Record<string, Unit>): Parser {
  const re = bounded(pattern);
  return {
    pattern: () => re,
    extract: (context, match) => {
      const word = match[1].toLowerCase();
      const n = numbers[word] ?? Number(word);
      const unit = units[match[2].toLowerCase()] ?? 'hour';
      // Half an hour is 30 minutes: chrono's durations are whole numbers of a unit.
      const duration = unit === 'hour' && !Number.isInteger(n) ? { minute: -Math.round(n * 60) } : { [unit]: -n };
      return ParsingComponents.createRelativeFromReference(context.reference, duration);
    },
  };
}

/**
 * A part of the day without a clock time gets its usual hour, as a time, as time.ts gives the
 * English ones ("gestern Abend" is 19:00 yesterday); said before that hour on the same day ("ce
 * soir" at 17:00), it means earlier today, never later, so it is the capture's own time. A night
 * (chrono's 22:00: "heute Nacht", "cette nuit", "esta noche") of the same day is the one just gone
 * when said before noon ("heute Nacht schlecht geschlafen" at 08:00), else tonight's.
 */
const partsOfDay: Refiner = {
  refine(context, results) {
    if (results.length === 0) return results;
    const now = ParsingComponents.createRelativeFromReference(context.reference);
    for (const r of results) {
      const s = r.start;
      if (s.isCertain('hour')) continue;
      const tags = s.tags();
      const night = tags.has(PARTS.night[1]) && (s.get('hour') ?? 0) >= 21;
      const part = night ? PARTS.night : Object.values(PARTS).find(([, tag]) => tags.has(tag));
      if (!part) continue;
      const sameDay = (['year', 'month', 'day'] as const).every((k) => s.get(k) === now.get(k));
      if (night && sameDay && (now.get('hour') ?? 0) < 12) {
        r.start = ParsingComponents.createRelativeFromReference(context.reference, { day: -1 });
      }
      // The day is decided here (time.ts would move a dayless time that is still ahead to yesterday).
      for (const k of ['year', 'month', 'day'] as const) r.start.assign(k, r.start.get(k)!);
      r.start.assign('hour', part[0]);
      r.start.assign('minute', 0);
      r.start.assign('second', 0);
      if (!night && sameDay && r.start.date() > context.reference.instant) {
        r.start = ParsingComponents.createRelativeFromReference(context.reference, { second: 0 });
      }
    }
    return results;
  },
};

/**
 * `parser` with its pattern built once per `forwardDate` (the only option a pattern depends on):
 * several of chrono's German and French parsers rebuild a pattern of a few kilobytes on every
 * parse, about 40 µs each, ten times what the rest of a short segment's parse costs.
 */
function builtOnce(parser: Parser): Parser {
  const built = new Map<boolean, RegExp>();
  return {
    pattern(context) {
      const key = Boolean(context.option.forwardDate);
      let pattern = built.get(key);
      if (!pattern) {
        pattern = parser.pattern(context);
        built.set(key, pattern);
      }
      return pattern;
    },
    extract: (context, match) => parser.extract(context, match),
  };
}

/**
 * The language's casual parser with `parsers` tried first (they win a tie) and the parts of the
 * day, and English's beside it without the parsers of a class the language runs too (ISO dates,
 * slashed dates): on the same text the language's reading wins, so English's would be work thrown
 * away (half of a short segment's time). A slashed date is read the language's way ("10/3" is 10
 * March), in an English phrase too.
 */
export function localeTimes(casual: Chrono, parsers: Parser[], lone: RegExp): LocaleTimes {
  const chrono = casual.clone();
  chrono.parsers = [...parsers, ...chrono.parsers.map(builtOnce)];
  chrono.refiners.push(partsOfDay);
  const shared = new Set<unknown>(casual.parsers.map((p) => p.constructor).filter((c) => c !== Object));
  const english = new Chrono({
    parsers: englishCasual.parsers.filter((p) => !shared.has(p.constructor)),
    refiners: [...englishCasual.refiners],
  });
  return { chrono, english, lone };
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

/**
 * The times in `text`, read in the language and in English (people mix languages), in text order.
 * Where two readings overlap, the longer phrase is kept ("yesterday 9pm" over German's "9pm"), the
 * language's on a tie. A phrase of the language must stand on word boundaries that know accented
 * letters (chrono's `\W` reads "fr" in "früh" as Friday) and must not be a lone ordinary word.
 */
export function mergedTimes(text: string, reference: ParsingReference, option: ParsingOption, local: LocaleTimes): ParsedResult[] {
  const own = local.chrono
    .parse(text, reference, option)
    .filter((r) => !isWordChar(text[r.index - 1]) && !isWordChar(text[r.index + r.text.length]) && !local.lone.test(r.text.trim()));
  // Stable: at one index the language's reading comes first.
  const all = [...own, ...local.english.parse(text, reference, option)].sort((a, b) => a.index - b.index);
  const out: ParsedResult[] = [];
  for (const r of all) {
    const last = out.at(-1);
    if (!last || r.index >= last.index + last.text.length) out.push(r);
    else if (r.text.length > last.text.length) out[out.length - 1] = r;
  }
  return out;
}
