import { metricType, toCanonical } from '../../metric-types/catalogue.ts';
import { COUNT, DURATION, GROUPED_NUM, L, NUM, R, durationSeconds, groupedNumber, re, toNumber } from './grammar.ts';
import { lexicon } from './locales/index.ts';
import { localeReadingRules, type ReadingKit } from './locales/readings.ts';
import { blankAll, type FoundReading } from './types.ts';
import { type CaptureLanguage } from '../../users/preferences.ts';

/**
 * Metric readings in free text. The grammar maps words to a metric slug and a unit as written;
 * the catalogue (domain/metrics) converts to the canonical unit, so there is one unit table.
 */

type Rule = {
  pattern: RegExp;
  read(m: RegExpExecArray): Omit<FoundReading, 'start' | 'end'>[] | null;
};

/**
 * Between a metric's name and its number: spaces, an optional word, spaces. Written so that a run
 * of spaces can be matched one way only (`\\s*(?:word)?\\s*` lets the engine try every split of a
 * long run between the two `\\s*` — quadratic — before failing). Same language, same matches.
 */
const SEP = '\\s*(?:(?:is|was|at|of|=|:|-)\\s*)?';

/** Unit words as people write them -> the unit names the catalogue knows. */
const UNIT_WORDS: Record<string, string> = {
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  st: 'st',
  stone: 'st',
  stones: 'st',
  l: 'l',
  liter: 'l',
  liters: 'l',
  litre: 'l',
  litres: 'l',
  ml: 'ml',
  cl: 'cl',
  oz: 'fl oz',
  'fl.oz': 'fl oz',
  floz: 'fl oz',
  ounce: 'fl oz',
  ounces: 'fl oz',
  bpm: 'bpm',
  ms: 'ms',
  '%': '%',
  percent: '%',
  c: '°C',
  '°c': '°C',
  celsius: '°C',
  f: '°F',
  '°f': '°F',
  fahrenheit: '°F',
  'mg/dl': 'mg/dL',
  mmol: 'mmol/L',
  'mmol/l': 'mmol/L',
  kcal: 'kcal',
  cal: 'kcal',
  cals: 'kcal',
  calorie: 'kcal',
  calories: 'kcal',
  kj: 'kJ',
  g: 'g',
  mg: 'mg',
};
const unitOf = (text: string | undefined) =>
  text === undefined ? null : (UNIT_WORDS[text.toLowerCase().replace(/\s+/g, '').replace(/^°\s*/, '°')] ?? text);

/** Serving sizes the grammar knows, in ml. */
const SERVINGS_ML: Record<string, number> = {
  glass: 250,
  glasses: 250,
  cup: 250,
  cups: 250,
  mug: 250,
  mugs: 250,
  bottle: 500,
  bottles: 500,
};

/** Caffeine per serving, mg (typical values; the reading records which drink was counted). */
const CAFFEINE_MG: [RegExp, string, number][] = [
  [/^(?:espresso|espressos|espressoes|shots?)$/i, 'espresso', 63],
  [/^(?:double\s+espressos?|doppios?)$/i, 'double espresso', 126],
  [/^(?:flat\s*whites?)$/i, 'flat white', 130],
  [/^(?:matcha\s*lattes?)$/i, 'matcha', 70],
  [/^(?:chai\s*lattes?)$/i, 'tea', 47],
  [/^(?:cappuc+inos?|capuc+inos?|lattes?|cortados?|macchiatos?)$/i, 'milk coffee', 63],
  [/^(?:cold\s*brews?)$/i, 'cold brew', 155],
  [/^(?:green\s*teas?)$/i, 'green tea', 28],
  [/^(?:matchas?)$/i, 'matcha', 70],
  [/^(?:teas?|black\s*teas?|chai)$/i, 'tea', 47],
  [/^(?:energy\s*drinks?|red\s*bulls?|monsters?)$/i, 'energy drink', 80],
  [/^(?:cokes?|colas?)$/i, 'cola', 34],
  [/^(?:coffees?|cofee|coffe|coffes|cofees|americanos?|filter\s*coffees?|☕)$/i, 'coffee', 95],
];
const DRINKS =
  '(?:double\\s+espressos?|doppios?|espressos|espressoes|espresso|flat\\s*whites?|matcha\\s*lattes?|chai\\s*lattes?|cappuc+inos?|capuc+inos?|lattes?|cortados?|macchiatos?|cold\\s*brews?|green\\s*teas?|black\\s*teas?|matchas?|chai|teas?|energy\\s*drinks?|red\\s*bulls?|cokes?|colas?|filter\\s*coffees?|americanos?|coffees?|cofees|cofee|coffes|coffe)';

function reading(slug: string, inputValue: number, inputUnit: string | null, confidence: number, detail?: Record<string, unknown>) {
  const type = metricType(slug);
  if (!type || !Number.isFinite(inputValue)) return null;
  const value = toCanonical(slug, inputValue, inputUnit ?? type.unit);
  if (value === null) return null;
  return { slug, value, unit: type.unit, inputValue, inputUnit, confidence, ...(detail ? { detail } : {}) };
}
const one = (r: ReturnType<typeof reading>) => (r ? [r] : null);

function sleepFrom(text: string, confidence: number) {
  const trimmed = text.trim();
  const seconds = /^\d+(?:[.,]\d+)?$/.test(trimmed) ? toNumber(trimmed) * 3600 : durationSeconds(trimmed);
  if (seconds === null || seconds <= 0 || seconds > 24 * 3600) return null;
  const minutes = seconds / 60;
  return one(reading('sleep_duration', minutes, 'min', confidence, { text: trimmed }));
}

/** A clock time as people type it: "23:45", "6.50", "11pm", "6:50 am", "7". */
const CLOCK = '(?:\\d{1,2}(?:[:.h]\\d{2})?\\s*(?:am|pm)?|midnight|noon)';

/** "07:05" for 425 minutes after midnight. */
const hhmm = (v: number) => `${String(Math.floor(v / 60)).padStart(2, '0')}:${String(v % 60).padStart(2, '0')}`;

/** Minutes after midnight of a CLOCK; `evening` reads a bare 7..11 as p.m. and a bare 12 as midnight (a bedtime). */
function clockMinutes(text: string, evening: boolean): number | null {
  const word = text.trim().toLowerCase();
  if (word === 'midnight') return 0;
  if (word === 'noon') return 720;
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm)?$/i.exec(text.trim());
  if (!m) return null;
  let h = +m[1];
  const min = m[2] ? +m[2] : 0;
  if (h > 23 || min > 59) return null;
  const half = m[3]?.toLowerCase();
  if (half) {
    if (h > 12 || h === 0) return null;
    h = (h % 12) + (half === 'pm' ? 12 : 0);
  } else if (evening && !m[2] && h >= 7 && h <= 11) {
    h += 12;
  } else if (evening && !m[2] && h === 12) {
    // "bed at 12": midnight, not noon.
    h = 0;
  }
  return h * 60 + min;
}

/** The sleep from a bedtime to a wake time (across midnight when the wake time is earlier). */
function bedToWake(bedText: string, wakeText: string) {
  const bed = clockMinutes(bedText, true);
  const wake = clockMinutes(wakeText, false);
  if (bed === null || wake === null) return null;
  const minutes = wake > bed ? wake - bed : wake + 1440 - bed;
  if (minutes < 30 || minutes > 16 * 60) return null;
  return one(reading('sleep_duration', minutes, 'min', 0.85, { bedtime: hhmm(bed), wake_time: hhmm(wake) }));
}

/** One serving at each clock time (as `at_clock`, HH:MM; the parse places it on the right day). */
function drinksAtTimes(countText: string, drinkText: string, timesText: string) {
  const clocks = timesText.split(/\s*(?:,|and|&)\s*(?:at\s+)?/i).map((t) => clockMinutes(t, false));
  if (clocks.some((c) => c === null) || clocks.length !== toNumber(countText)) return null;
  const out = clocks.flatMap((c) => {
    const [r] = drinkCaffeine(undefined, drinkText) ?? [];
    return r ? [{ ...r, confidence: 0.75, detail: { ...r.detail, at_clock: hhmm(c!) } }] : [];
  });
  return out.length === clocks.length ? out : null;
}

function drinkCaffeine(countText: string | undefined, drinkText: string) {
  const drink = drinkText.replace(/\s+/g, ' ').trim();
  const entry = CAFFEINE_MG.find(([p]) => p.test(drink)) ?? CAFFEINE_MG[CAFFEINE_MG.length - 1];
  const count = countText ? toNumber(countText) : 1;
  if (!(count > 0) || count > 30) return null;
  return one(
    reading('caffeine', count * entry[2], 'mg', countText ? 0.75 : 0.6, { drink: entry[1], servings: count, mg_per_serving: entry[2] }),
  );
}

const SLEEP_WORDS = '(?<!(?:deep|rem|light|core)\\s+)(?:slept|sleep|slep|slpet|sleeped|😴|💤)';
const WATER_UNITS = '(?:ml|cl|l|liters?|litres?|glass(?:es)?|cups?|mugs?|bottles?|fl\\.?\\s*oz|oz|ounces?)';

function water(n: string, u: string | undefined, confidence: number) {
  const value = toNumber(n);
  const word = u?.toLowerCase();
  if (word && word in SERVINGS_ML)
    return one(
      reading('water', value * SERVINGS_ML[word], 'ml', confidence - 0.1, { servings: value, serving: word.replace(/es$|s$/, '') }),
    );
  return one(reading('water', value, unitOf(u) ?? 'ml', u ? confidence : confidence - 0.2));
}

/** Ordered: more specific rules first, since each match masks its text for the ones after it. */
const RULES: Rule[] = [
  // blood pressure "bp 120/80" -> two readings
  {
    pattern: re(`${L}(?:bp|blood\\s*pressure)${SEP}(\\d{2,3})\\s*(?:/|over)\\s*(\\d{2,3})(?:\\s*mm\\s*hg)?${R}`),
    read: (m) => {
      const s = reading('blood_pressure_systolic', +m[1], 'mmHg', 0.9);
      const d = reading('blood_pressure_diastolic', +m[2], 'mmHg', 0.9);
      return s && d ? [s, d] : null;
    },
  },
  {
    pattern: re(`${L}(?:resting\\s*(?:hr|heart\\s*rate|pulse|bpm)|(?:hr|heart\\s*rate|pulse)\\s*resting|rhr)${SEP}(${NUM})\\s*(bpm)?${R}`),
    read: (m) => one(reading('resting_heart_rate', toNumber(m[1]), 'bpm', 0.9)),
  },
  {
    pattern: re(`${L}hrv${SEP}(${NUM})\\s*(ms)?${R}`),
    read: (m) => one(reading('hrv_sdnn', toNumber(m[1]), 'ms', 0.85)),
  },
  {
    pattern: re(`${L}(?:hr|heart\\s*rate|pulse)${SEP}(${NUM})\\s*(bpm)?${R}`),
    read: (m) => one(reading('heart_rate', toNumber(m[1]), 'bpm', 0.8)),
  },
  {
    // "11st 4lb": stones and pounds, as British scales show them.
    pattern: re(`${L}(?:(?:weight|weighed|weigh|wt)${SEP})?(\\d{1,2})\\s*(?:st|stone)\\s*(\\d{1,2}(?:[.,]\\d+)?)\\s*(?:lbs?|pounds?)?${R}`),
    read: (m) => one(reading('weight', toNumber(m[1]) * 14 + toNumber(m[2]), 'lb', 0.85)),
  },
  {
    pattern: re(
      `${L}(?:weight|weighed|weigh-?in|weigh|weighs|wieght|weigth|wight|wt|⚖️?)${SEP}(${NUM})\\s*(kgs?|kilos?|kilograms?|lbs?|pounds?|st|stones?)?${R}`,
    ),
    read: (m) => one(reading('weight', toNumber(m[1]), unitOf(m[2]) ?? 'kg', m[2] ? 0.9 : 0.75)),
  },
  {
    pattern: re(`${L}(${NUM})\\s*(kgs?|kilos|lbs)${R}`),
    read: (m) => one(reading('weight', toNumber(m[1]), unitOf(m[2]), 0.6)),
  },
  {
    pattern: re(`${L}(?:body\\s*fat|bf)${SEP}(${NUM})\\s*(%|percent)?${R}`),
    read: (m) => one(reading('body_fat', toNumber(m[1]), '%', 0.85)),
  },
  {
    // "bed at 23:45, up at 6:50", "slept 10pm-6am", "couldn't sleep until 2am, up at 7": the night
    // between the two clock times (the later of bed and asleep, when both are told, by matching
    // from the last start word).
    pattern: re(
      `${L}(?:went\\s+to\\s+(?:bed|sleep)|in\\s+bed(?:\\s+by)?|bed(?:time)?|asleep|fell\\s+asleep|dozed\\s+off|lights\\s+out|(?:couldn'?t|could\\s+not|didn'?t|did\\s+not)\\s+sleep\\s+(?:until|till|til)|slept\\s+from|slept)\\s*(?:at\\s+|@\\s*|around\\s+|about\\s+|by\\s+)?(${CLOCK})(?:\\s+last\\s+night)?(?:[\\s,;]+(?:and\\s+|then\\s+)?(?:up|woke(?:\\s+up)?|got\\s+up|awake|alarm|wake\\s+up)|\\s*(?:-|–|—|to|till|until|til)\\s*)\\s*(?:at\\s+|@\\s*|around\\s+)?(${CLOCK})${R}`,
    ),
    read: (m) => bedToWake(m[1], m[2]),
  },
  {
    // "deep sleep 1h20": a phase of the night, not a second night (read, so nothing else takes it).
    pattern: re(`${L}(?:deep|rem|light|core)\\s+sleep${SEP}(?:${DURATION}|\\d{1,2}:\\d{2})`),
    read: () => [],
  },
  {
    // "slept 7.5 h", "slept badly, maybe 5 hours": up to three words of how between.
    pattern: re(
      `${SLEEP_WORDS}(?:[\\s,]+(?:for|about|around|only|just|badly|well|poorly|maybe|like|roughly|approx|approximately|barely|ok|okay|great|terribly|probably)){0,3}[\\s,:]*(${DURATION}|\\d{1,2}:\\d{2}|\\d+(?:[.,]\\d+)?(?![\\d.,:]))`,
    ),
    read: (m) => sleepFrom(m[1], 0.9),
  },
  {
    pattern: re(`${L}(${DURATION})\\s*(?:of\\s+)?(?:sleep|in\\s+bed)${R}`),
    read: (m) => sleepFrom(m[1], 0.85),
  },
  {
    pattern: re(
      `${L}(?:temp(?:erature)?|body\\s*temp(?:erature)?|fever)${SEP}(${NUM})\\s*(°\\s*[cf]|celsius|fahrenheit|[cf](?![\\p{L}]))?`,
    ),
    read: (m) => {
      const v = toNumber(m[1]);
      return one(reading('body_temperature', v, unitOf(m[2]) ?? (v > 50 ? '°F' : '°C'), m[2] ? 0.9 : 0.8));
    },
  },
  {
    pattern: re(`${L}(?:blood\\s*(?:glucose|sugar)|glucose|sugar|bg)${SEP}(${NUM})\\s*(mg\\s*/\\s*dl|mmol(?:\\s*/\\s*l)?)?${R}`),
    read: (m) => {
      const v = toNumber(m[1]);
      return one(reading('blood_glucose', v, unitOf(m[2]?.replace(/\s+/g, '')) ?? (v < 35 ? 'mmol/L' : 'mg/dL'), 0.85));
    },
  },
  {
    pattern: re(
      `${L}(?:spo2|sp02|o2\\s*sat(?:uration)?|oxygen(?:\\s*sat(?:uration)?)?|blood\\s*oxygen|pulse\\s*ox(?:imeter)?)${SEP}(${NUM})\\s*%?`,
    ),
    read: (m) => one(reading('spo2', toNumber(m[1]), '%', 0.85)),
  },
  {
    pattern: re(`${L}(?:(?:walked|did|took|got|made|hit)\\s+)?(${GROUPED_NUM})\\s*(k)?\\s*steps${R}`),
    read: (m) => one(reading('steps', groupedNumber(m[1]) * (m[2] ? 1000 : 1), 'count', 0.9)),
  },
  {
    pattern: re(`${L}steps${SEP}(${GROUPED_NUM})\\s*(k)?${R}`),
    read: (m) => one(reading('steps', groupedNumber(m[1]) * (m[2] ? 1000 : 1), 'count', 0.85)),
  },
  {
    pattern: re(`${L}(?:(?:drank|drunk|had)\\s+)?(${NUM})\\s*(${WATER_UNITS})${R}\\s*(?:of\\s+)?(?:water|h2o)${R}`),
    read: (m) => water(m[1], m[2], 0.9),
  },
  {
    pattern: re(`(?:${L}(?:water|h2o)|💧)${SEP}(${NUM})\\s*(${WATER_UNITS})?${R}`),
    read: (m) => water(m[1], m[2], 0.85),
  },
  {
    pattern: re(`${L}(?:(?:drank|drunk|had)\\s+)?(?:(${COUNT})\\s+)?(glass(?:es)?|cups?|mugs?|bottles?)\\s+of\\s+water${R}`),
    read: (m) => water(m[1] ? String(toNumber(m[1])) : '1', m[2], m[1] ? 0.85 : 0.8),
  },
  {
    pattern: re(`${L}caffeine${SEP}(${NUM})\\s*(mg|g)?${R}`),
    read: (m) => one(reading('caffeine', toNumber(m[1]), m[2] ?? 'mg', 0.85)),
  },
  {
    // "2 espressos at 9 and 11": one drink at each time, when there are as many times as drinks.
    pattern: re(
      `${L}(?:(?:had|drank|drunk)\\s+)?(${COUNT})\\s+(?:(?:cups?|mugs?|shots?|cans?|glass(?:es)?|bottles?)\\s+of\\s+)?(${DRINKS})\\s+at\\s+(${CLOCK}(?:\\s*(?:,|and|&)\\s*(?:at\\s+)?${CLOCK}){1,5})${R}`,
    ),
    read: (m) => drinksAtTimes(m[1], m[2], m[3]),
  },
  {
    pattern: re(
      `${L}(?:(?:had|drank|drunk)\\s+)?(?:(${COUNT})\\s+)?(?:(?:cups?|mugs?|shots?|cans?|glass(?:es)?|bottles?)\\s+of\\s+)?(${DRINKS}|☕)(?:\\s*x\\s*(\\d+))?${R}`,
    ),
    read: (m) => drinkCaffeine(m[3] ?? m[1], m[2]),
  },
  {
    pattern: re(`${L}(?:burned|burnt|burn)\\s+(${NUM})\\s*(kcal|cals?|calories|kj)${R}`),
    read: (m) => one(reading('active_energy', toNumber(m[1]), unitOf(m[2]), 0.8)),
  },
  {
    pattern: re(`${L}(${NUM})\\s*(kcal|cals?|calories|kj)\\s*(?:burned|burnt)${R}`),
    read: (m) => one(reading('active_energy', toNumber(m[1]), unitOf(m[2]), 0.8)),
  },
  {
    pattern: re(
      `${L}(?:(?:ate|eaten|consumed|intake)\\s+)?(${NUM})\\s*(kcal|cals?|calories|kj)(?:\\s*(?:eaten|consumed|intake|today))?${R}`,
    ),
    read: (m) => one(reading('dietary_energy', toNumber(m[1]), unitOf(m[2]), 0.7)),
  },
  {
    pattern: re(`${L}(${NUM})\\s*g\\s*(?:of\\s+)?protein${R}|${L}protein${SEP}(${NUM})\\s*g${R}`),
    read: (m) => one(reading('protein', toNumber(m[1] ?? m[2]), 'g', 0.85)),
  },
  {
    pattern: re(`${L}(?:active\\s*(?:energy|cal(?:orie)?s?|kcal)|move\\s*cal(?:orie)?s?)${SEP}(${NUM})\\s*(kcal|cals?|calories|kj)?${R}`),
    read: (m) => one(reading('active_energy', toNumber(m[1]), unitOf(m[2]) ?? 'kcal', 0.85)),
  },
  {
    pattern: re(`${L}(?:exercise|workout|training)\\s*(?:minutes|mins?|time)${SEP}(${NUM})\\s*(?:min(?:ute)?s?)?${R}`),
    read: (m) => one(reading('workout_minutes', toNumber(m[1]), 'min', 0.85)),
  },
  {
    // A day's distance, said as such; a run's distance belongs to the run (activities.ts).
    pattern: re(`${L}(?:distance|walked\\s+distance|total\\s+distance)${SEP}(${NUM})\\s*(km|mi|miles?|m)${R}`),
    read: (m) => one(reading('distance', toNumber(m[1]), m[2].toLowerCase().startsWith('mi') ? 'mi' : m[2].toLowerCase(), 0.8)),
  },
  {
    pattern: re(`${L}vo2\\s*max${SEP}(${NUM})${R}`),
    read: (m) => one(reading('vo2_max', toNumber(m[1]), 'mL/kg/min', 0.85)),
  },
  {
    pattern: re(
      `${L}(${NUM})\\s*(?:floors|flights)(?:\\s+of\\s+stairs)?${R}|${L}(?:floors(?:\\s*climbed)?|stairs|flights)${SEP}(${NUM})(?:\\s*(?:floors|flights))?${R}`,
    ),
    read: (m) => one(reading('floors_climbed', toNumber(m[1] ?? m[2]), 'count', 0.8)),
  },
  {
    pattern: re(`${L}(?:resp(?:iratory)?|breathing)\\s*rate${SEP}(${NUM})\\s*(?:breaths?\\s*(?:/|per)\\s*min(?:ute)?|bpm|rpm)?${R}`),
    read: (m) => one(reading('respiratory_rate', toNumber(m[1]), 'breaths/min', 0.85)),
  },
  {
    pattern: re(`${L}(?:calories|cals|kcal)(?:\\s*(?:eaten|in|intake|consumed))?${SEP}(${NUM})${R}`),
    read: (m) => one(reading('dietary_energy', toNumber(m[1]), 'kcal', 0.7)),
  },
  {
    // A score with words between ("energy low today 3/10", "stress pretty high, 8 out of 10"): at most three.
    pattern: re(
      `${L}(mood|energy|stress)(?:[\\s,:]+(?:levels?|low|high|good|bad|ok|okay|meh|fine|great|today|pretty|very|really|quite|so|is|was|\\p{Extended_Pictographic})){1,3}[\\s,:-]*(${NUM})\\s*(?:/|out\\s+of|of)\\s*(10|5)${R}`,
    ),
    read: (m) => one(reading(m[1].toLowerCase(), toNumber(m[2]), 'score', 0.75, { scale: Number(m[3]) })),
  },
  {
    // "good mood today 😊 8/10", "stressed af, 9/10": the word after its adjective, or a word of its own.
    pattern: re(
      `${L}(?:(?:good|bad|great|ok|okay|low|high|decent|meh)\\s+(mood|energy|stress)|(stressed))(?:[\\s,:]+(?:af|today|now|out|levels?|\\p{Extended_Pictographic})){0,3}[\\s,:-]*(${NUM})\\s*(?:/|out\\s+of|of)\\s*(10|5)${R}`,
    ),
    read: (m) => one(reading(m[1] ? m[1].toLowerCase() : 'stress', toNumber(m[3]), 'score', 0.7, { scale: Number(m[4]) })),
  },
  {
    // "feeling great 9/10", "felt low, 3 out of 10": how one feels is the mood.
    pattern: re(
      `${L}(?:feeling|feel|felt|mood)(?:[\\s,]+(?:great|good|fine|ok|okay|alright|bad|awful|terrible|low|down|happy|sad|meh|amazing|better|worse|so-so|pretty|very|really|quite|today)){0,3}[\\s,:-]*(${NUM})\\s*(?:/|out\\s+of|of)\\s*(10|5)${R}`,
    ),
    read: (m) => one(reading('mood', toNumber(m[1]), 'score', 0.7, { scale: Number(m[2]) })),
  },
  {
    pattern: re(`${L}(mood|energy|stress)(?:\\s+levels?)?${SEP}(?:\\p{Extended_Pictographic}\\s*)?(${NUM})(?:\\s*/\\s*(\\d+))?${R}`),
    read: (m) => {
      const slug = m[1].toLowerCase();
      return one(reading(slug, toNumber(m[2]), 'score', 0.8, m[3] ? { scale: Number(m[3]) } : undefined));
    },
  },
];

/** Finds the readings and blanks their text in `masked` (same length, so spans stay valid). */
/** What the rules of another language (locales/readings.ts) read through: this file's units, servings and drinks. */
const KIT: ReadingKit = { reading, water, drinkCaffeine, bedToWake, unitOf, drinks: DRINKS };

/** The rules for `language`: its own words' rules first (locales/readings.ts), then English's. */
function rulesFor(language: CaptureLanguage | undefined): readonly Rule[] {
  const lex = lexicon(language);
  return lex ? [...localeReadingRules(lex, KIT), ...RULES] : RULES;
}

export function extractReadings(masked: { text: string }, language?: CaptureLanguage): FoundReading[] {
  const found: FoundReading[] = [];
  for (const rule of rulesFor(language)) {
    rule.pattern.lastIndex = 0;
    const current = masked.text;
    // A rule reads the text as it was before its own matches were blanked, so they are blanked
    // together afterwards: one copy of the text per rule, not one per match.
    const spans: { start: number; end: number }[] = [];
    let m: RegExpExecArray | null;
    while ((m = rule.pattern.exec(current))) {
      if (m[0].trim() === '') {
        rule.pattern.lastIndex++;
        continue;
      }
      const readings = rule.read(m);
      if (!readings) continue;
      // Trim leading/trailing spaces from the span.
      const lead = m[0].length - m[0].trimStart().length;
      const start = m.index + lead;
      const end = m.index + m[0].trimEnd().length;
      for (const r of readings) found.push({ ...r, start, end });
      spans.push({ start, end });
    }
    masked.text = blankAll(masked.text, spans);
  }
  return found.sort((a, b) => a.start - b.start);
}
