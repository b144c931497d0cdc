import type { Lexicon } from './locales/lexicon.ts';

/**
 * Times told by the day's landmarks rather than the clock: "since lunch", "after lunch", "before
 * bed", "at dinner", "after work". chrono reads none of them. Each is the usual hour of its
 * landmark, shifted a little by its preposition; like a bare clock time, it is the last such time
 * at or before the capture unless the line speaks of the future.
 */

/** Usual local times (hour, minute) of the landmarks. */
const LANDMARKS: Record<string, [number, number]> = {
  breakfast: [8, 0],
  brunch: [11, 0],
  lunch: [12, 30],
  dinner: [19, 0],
  supper: [19, 0],
  bed: [22, 0],
  bedtime: [22, 0],
  work: [17, 0],
};

/** Minutes the preposition moves the landmark: after lunch is once it is over, before bed is just before. */
const SHIFT: Record<string, number> = { since: 0, at: 0, around: 0, during: 0, after: 60, before: -30 };

/** "before bed" is going to bed itself (people say it of the last thing they do); "before work" is the morning. */
const SPECIAL: Record<string, [number, number]> = {
  'before bed': [22, 0],
  'before bedtime': [22, 0],
  'before work': [8, 0],
  'after work': [18, 0],
};

/**
 * `counted`: "two hours after lunch", which chrono half-reads ("two hours after" from now) and
 * which wins over chrono's reading of the same words.
 * `bare`: an hour told without am/pm ("around 4"), which the caller reads as p.m. for 1..6 unless
 * the line is about the small hours, as it does chrono's.
 */
export type Landmark = { start: number; end: number; text: string; hour: number; minute: number; bare?: boolean; counted?: boolean };

const HOUR_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const HOUR = `(\\d{1,2}|${HOUR_WORDS.join('|')})`;
const hourOf = (s: string) => (/^\d+$/.test(s) ? Number(s) : HOUR_WORDS.indexOf(s.toLowerCase()) + 1);

/**
 * Clock times chrono leaves alone: "around 10" (a bare hour after around/about/~), "half past ten",
 * "quarter to 9", "ten o'clock". Not before a unit ("around 10 min", "about 8k steps").
 */
const SPOKEN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:around|about|approx\\.?|~)\\s*(\\d{1,2})(?:[:.](\\d{2}))?\\s*(am|pm)?(?![\\p{L}\\p{N}%/.:,]|\\s*(?:[.,]\\d|k\\b|km|mi|min|h\\b|hours?|hrs?|kg|lbs?|steps|%|/|x\\b|times|cups?|glass|bpm|mg|ml|l\\b|kcal|cal))|(half|quarter)\\s+(past|to)\\s+${HOUR}(?![\\p{L}\\p{N}])|${HOUR}\\s+o'?clock)`,
  'giu',
);

function spokenClocks(text: string): Landmark[] {
  const out: Landmark[] = [];
  for (const m of text.matchAll(SPOKEN)) {
    let hour: number;
    let minute = 0;
    let bare = true;
    if (m[1] !== undefined) {
      hour = Number(m[1]);
      minute = m[2] ? Number(m[2]) : 0;
      if (m[3]) {
        bare = false;
        if (hour < 1 || hour > 12) continue;
        hour = (hour % 12) + (m[3].toLowerCase() === 'pm' ? 12 : 0);
      }
    } else if (m[4] !== undefined) {
      const base = hourOf(m[6]);
      const offset = (m[4].toLowerCase() === 'half' ? 30 : 15) * (m[5].toLowerCase() === 'to' ? -1 : 1);
      const total = base * 60 + offset;
      hour = Math.floor((total + 1440) / 60) % 24;
      minute = (total + 1440) % 60;
    } else {
      hour = hourOf(m[7]);
    }
    if (hour > 23 || minute > 59) continue;
    out.push({ start: m.index, end: m.index + m[0].length, text: m[0], hour, minute, bare: bare && hour <= 12 });
  }
  return out;
}

const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(since|after|before|at|around|during)\\s+(?:the\\s+|my\\s+)?(${Object.keys(LANDMARKS).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

const HOURS_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, 'half an': 0.5, 'half a': 0.5 };

/** "two hours after lunch": the landmark itself, then so many hours from it. */
const HOURS_FROM = new RegExp(
  `(?<![\\p{L}\\p{N}])(\\d(?:\\.\\d)?|an?|one|two|three|four|five|half\\s+an?)\\s+hours?\\s+(after|before)\\s+(?:the\\s+|my\\s+)?(${Object.keys(LANDMARKS).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

const at = (m: RegExpMatchArray, total: number): Landmark => ({
  start: m.index!,
  end: m.index! + m[0].length,
  text: m[0],
  hour: Math.floor((((total % 1440) + 1440) % 1440) / 60),
  minute: (((total % 1440) + 1440) % 1440) % 60,
});

/** A language's landmark phrases ("seit dem Mittagessen", "después de comer"), with their English prepositions and landmarks. */
type LocalLandmarks = { pattern: RegExp; prep: (word: string) => string; mark: (word: string) => string };
const localLandmarks = new WeakMap<Lexicon, LocalLandmarks>();

function landmarksOf(lex: Lexicon): LocalLandmarks {
  let found = localLandmarks.get(lex);
  if (found) return found;
  const preps = Object.keys(lex.landmarkPreps).map((p) => p.replace(/ /g, '\\s+'));
  const marks = lex.landmarks.map(([p, mark]) => [new RegExp(`^(?:${p})$`, 'iu'), mark] as const);
  found = {
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])(${preps.join('|')})\\s+(?:(?:${lex.landmarkArticles})\\s*)?(${lex.landmarks.map(([p]) => p).join('|')})(?![\\p{L}\\p{N}])`,
      'giu',
    ),
    prep: (word) => lex.landmarkPreps[word.toLowerCase().replace(/\s+/g, ' ')],
    mark: (word) => marks.find(([p]) => p.test(word))![1],
  };
  localLandmarks.set(lex, found);
  return found;
}

/**
 * The landmark phrases and spoken clock times in `text`, each with its local time of day, in text
 * order; with `lex`, the language's landmark phrases too.
 */
export function findLandmarks(text: string, lex?: Lexicon): Landmark[] {
  const out: Landmark[] = spokenClocks(text);
  const counted: Landmark[] = [];
  for (const m of text.matchAll(HOURS_FROM)) {
    const n = m[1].toLowerCase().replace(/\s+/g, ' ');
    const hours = HOURS_WORDS[n] ?? Number(n);
    const [h, min] = LANDMARKS[m[3].toLowerCase()];
    counted.push({ ...at(m, h * 60 + min + Math.round(hours * 60) * (m[2].toLowerCase() === 'before' ? -1 : 1)), counted: true });
  }
  out.push(...counted);
  const phrases: [RegExpMatchArray, string, string][] = [...text.matchAll(PATTERN)].map((m) => [m, m[1].toLowerCase(), m[2].toLowerCase()]);
  if (lex) {
    const local = landmarksOf(lex);
    for (const m of text.matchAll(local.pattern)) phrases.push([m, local.prep(m[1]), local.mark(m[2])]);
  }
  for (const [m, prep, mark] of phrases) {
    if (counted.some((c) => c.start < m.index! + m[0].length && m.index! < c.end)) continue;
    // "at work" is a place, not a time.
    if (mark === 'work' && prep !== 'after' && prep !== 'before') continue;
    const special = SPECIAL[`${prep} ${mark}`];
    const [h, min] = special ?? LANDMARKS[mark];
    out.push(at(m, h * 60 + min + (special ? 0 : SHIFT[prep])));
  }
  return out.sort((a, b) => a.start - b.start);
}
