/**
 * npm run bench:parser — times the capture parser on a few thousand 2,000-character inputs (the
 * longest a capture may be): adversarial repetitions of separators, numbers, units, times, dates,
 * long words, and pairs of them; long runs of one character; random mixes; and realistic
 * multi-line logs. Seeded, so every run parses the same inputs. No database, no HTTP.
 *
 * Prints, for the parser as the worker runs it (at most 20 suggestions) and without the cap
 * (every suggestion, which shows the parser itself is linear): count, p50/p99/max ms, the worst
 * input's shape, and its ratio to the 50 ms target; then how the worst shapes scale with length.
 *
 *   npm run bench:parser [-- --seed 7 --target 50 --language de]
 *
 * With --language (de, fr, es), captures are parsed as a user of that language's (its words and
 * times on top of English's), and the language's phrases join the inputs.
 */
import { MAX_SUGGESTIONS, parseCaptureWithLimits, type ParseContext } from '../../src/domain/captures/parser/index.ts';
import { CAPTURE_LANGUAGES, type CaptureLanguage } from '../../src/domain/users/preferences.ts';
import { rng } from '../insights/synthetic.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SEED = arg('seed', 2026);
const LANGUAGE = ((i) => (i > 0 ? process.argv[i + 1] : 'en'))(process.argv.indexOf('--language')) as CaptureLanguage;
if (!CAPTURE_LANGUAGES.includes(LANGUAGE)) throw new Error(`--language: one of ${CAPTURE_LANGUAGES.join(', ')}`);
const TARGET_MS = arg('target', 50);
const LENGTH = 2000;

const r = rng(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(r.uniform() * list.length)];

const SEPARATORS = [
  ';',
  ',',
  '.',
  '. ',
  '\n',
  ' | ',
  ' · ',
  ' and ',
  ' then ',
  ' & ',
  '+',
  '-',
  ' - ',
  '—',
  ':',
  '!',
  '? ',
  ' ',
  '  ',
  '\t',
  ', ',
  '; ',
  '',
];
const NUMBERS = ['12', '1', '1.5', '1,5', '8,500', '1,234,567', '007', '99999', '12.', '1.1.1', '0', '-3', '1/2'];
const UNITS = [
  'kg',
  'km',
  'k',
  'ml',
  'l',
  'h',
  'min',
  'mins',
  'hours',
  'steps',
  'bpm',
  '%',
  'kcal',
  'mg',
  'g',
  'mmol',
  'days',
  'd',
  'weeks',
  'x',
];
const QUANTITIES = [
  '12kg',
  '5 km',
  '3 days',
  '3 days ',
  '2 h 20',
  '7h20',
  '1.5 hours',
  'couple days',
  'a couple of days',
  'half an hour',
  '10k steps',
  '120/80',
  '7/10',
  '55:30',
  'bp 120/80',
  'weight 72.4 kg',
  'slept 7h',
  '2 coffees',
  '1,5 l water',
  'mood 7/10',
  'in 27 min',
  'x2',
];
const TIMES = [
  '9pm',
  '10:30',
  'at 5',
  'yesterday',
  'last night',
  'this morning',
  '2 hours ago',
  'from 9 to 10',
  '9-10am',
  'mon',
  'tomorrow',
  'noon',
  'in 3 days',
  'next week',
  '3 days ago',
  'tonight',
];
const DATES = ['2026-03-10', '3/10', '10.03.2026', 'march 3', 'jan 1', '1st', 'sat', 'on friday', '2026', 'may'];
const WORDS = [
  'ran',
  'run',
  'walked',
  'yoga',
  'gym',
  'coffee',
  'water',
  'weight',
  'slept',
  'lunch',
  'breakfast:',
  'ate',
  'with',
  'the',
  'a',
  'an',
  'and',
  'headache',
  '#work',
  '#a',
  'Running',
  'lunch at',
  '🏃',
  '☕',
  'Café',
];
const LONG = ['a'.repeat(40), 'x'.repeat(300), 'é'.repeat(100), '🏃'.repeat(50), '9'.repeat(200), 'ab'.repeat(100), '#'.repeat(50)];
/** Each language's words, units and time phrases, including chrono's time-unit shapes ("vor 3 Tagen"). */
const LOCALE_ATOMS: Record<CaptureLanguage, string[]> = {
  en: [],
  de: [
    'gestern um 21 Uhr',
    'heute früh',
    'letzte Nacht',
    'vor 3 Tagen',
    'in 2 Stunden',
    '3 Tage',
    'Stunden',
    'Std',
    'um 9',
    'Uhr',
    'abends',
    'Gewicht',
    'Schritte',
    'zwei',
    'Kaffee',
    'Wasser',
    'Gläser',
    'geschlafen',
    'Stimmung',
    'von',
    'einhalb',
    'und',
    'joggen',
    'kein',
    '1.500',
    '72,4',
    'fr',
    'So',
  ],
  fr: [
    'hier à 21h',
    'ce matin',
    'la nuit dernière',
    'il y a 3 jours',
    'dans 2 heures',
    '3 jours',
    'heures',
    'à 7h du matin',
    'poids',
    'pas',
    'deux',
    'cafés',
    "verres d'eau",
    'dormi',
    'humeur',
    'sur',
    'et demie',
    'tension',
    'couru',
    'en',
    'pas de',
    '1.500',
    '72,4',
    'mar',
  ],
  es: [
    'ayer a las 21',
    'esta mañana',
    'anoche',
    'hace 3 días',
    'en 2 horas',
    '3 días',
    'horas',
    'a las 7 de la mañana',
    'peso',
    'pasos',
    'dos',
    'cafés',
    'vasos de agua',
    'dormí',
    'ánimo',
    'de',
    'y media',
    'presión',
    'corrí',
    'sin',
    'hace',
    '1.500',
    '72,4',
    'dom',
  ],
};
const LOCALE_PHRASES: Record<CaptureLanguage, string[]> = {
  en: [],
  de: [
    '7,5 Stunden geschlafen',
    'Gewicht 72,4 kg',
    'zwei Kaffee',
    'Schritte 8500',
    'Stimmung 7/10',
    'Blutdruck 120/80',
    '1,5 l Wasser',
    'joggen 5 km in 30 Minuten gestern um 21 Uhr',
  ],
  fr: [
    'dormi 7h30',
    'poids 72,4 kg',
    "deux verres d'eau",
    'pas 8500',
    'humeur 7/10',
    'tension 12/8',
    '2 cafés à 9h',
    'couru 5 km en 27 min hier à 21h',
  ],
  es: [
    'dormí 7 horas y media',
    'peso 72,4 kg',
    'dos cafés',
    'pasos 8500',
    'ánimo 7/10',
    'presión 120/80',
    'dos vasos de agua',
    'corrí 5 km en 27 minutos ayer a las 21',
  ],
};
const ATOMS = [...NUMBERS, ...UNITS, ...QUANTITIES, ...TIMES, ...DATES, ...WORDS, ...LONG, ...LOCALE_ATOMS[LANGUAGE]];
const RUN_CHARS = [' ', '-', '1', 'a', ',', '.', '#', '\n', '🏃', ':', '/', '9', '&', '—', '\u00a0'];

const PHRASES = [
  'weight 72.4 kg',
  'slept 7h20',
  'ran 5k this morning in 27 min',
  '2 coffees',
  'resting hr 54',
  'bp 120/80',
  'yoga 30 min',
  'lunch at Café Nero: chicken salad and a latte',
  'yesterday 9pm headache #migraine',
  'walk 45 min with the dog',
  'mood 7/10',
  'drank 2 glasses of water',
  'meeting 9-10am',
  'breakfast: 2 eggs, toast & orange juice',
  'back pain 6/10',
  '10k steps',
  'nap 20 min at 2pm',
  'played tennis on saturday',
  'feeling anxious #anxiety #work',
  'coffee with Anna at 10',
  'temp 38.2',
  'cycled 20km to work',
  'meditated for 10 minutes',
  'Slept badly.',
  'dinner with Tom: pasta',
  'headache 2 hours ago',
  ...LOCALE_PHRASES[LANGUAGE],
];

type Input = { shape: string; text: string };

/** `unit` repeated to exactly LENGTH characters (code units; a cut emoji is fine for the parser). */
const fill = (unit: string) => unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH);

function inputs(): Input[] {
  const out: Input[] = [];
  // Every atom with every separator, repeated.
  for (const atom of ATOMS)
    for (const sep of SEPARATORS) out.push({ shape: `repeat(${JSON.stringify(atom + sep)})`, text: fill(atom + sep) });
  // Pairs of atoms from different families.
  for (let i = 0; i < 600; i++) {
    const unit = pick(ATOMS) + pick(SEPARATORS) + pick(ATOMS) + pick(SEPARATORS);
    out.push({ shape: `repeat(${JSON.stringify(unit)})`, text: fill(unit) });
  }
  // Long runs of one character, alone, around a word, or split by another.
  for (const c of RUN_CHARS) {
    const half = c.repeat(Math.floor(LENGTH / 2 / c.length));
    out.push({ shape: `run(${JSON.stringify(c)})`, text: fill(c) });
    out.push({ shape: `run(${JSON.stringify(c)}) + "x"`, text: fill(c).slice(0, LENGTH - 1) + 'x' });
    for (const word of [
      'lunch at x',
      'dinner with x',
      'lunch: a',
      'ran 5k',
      'weight',
      'weight 70',
      'slept',
      'bp',
      '9pm',
      '12',
      'and',
      'couple',
      '3 days',
    ]) {
      const text = (word + half + word + half).slice(0, LENGTH);
      out.push({ shape: `${JSON.stringify(word)} + run(${JSON.stringify(c)}) ×2`, text });
    }
  }
  // Random mixes of every family.
  for (let i = 0; i < 800; i++) {
    let text = '';
    while (text.length < LENGTH) text += pick(ATOMS) + pick(SEPARATORS);
    out.push({ shape: 'mix(atoms)', text: text.slice(0, LENGTH) });
  }
  // Realistic logs: known phrasings joined by the separators people type.
  for (let i = 0; i < 400; i++) {
    let text = '';
    while (text.length < LENGTH) text += pick(PHRASES) + pick(['; ', ', ', '. ', '\n', ' and ', ' then ']);
    out.push({ shape: 'realistic(phrases)', text: text.slice(0, LENGTH) });
  }
  return out;
}

const CTX: ParseContext = {
  capturedAt: new Date('2026-03-10T15:30:00Z'),
  timezone: 'Europe/Berlin',
  language: LANGUAGE,
  categories: ['Running', 'Meals', 'Migraine', 'Yoga', 'Work', 'Walking', 'Reading', 'Sleep', 'Coffee', 'Health'].map((name, i) => ({
    id: `c${i}`,
    name,
  })),
};

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Each input timed alone (best of `runs`, so a GC pause or a JIT compile is not charged to one input). */
function timeAll(all: Input[], maxSuggestions: number, runs: number) {
  const samples: { ms: number; input: Input; found: number; truncated: string | null }[] = [];
  for (const input of all) {
    let best = Infinity;
    let outcome = parseCaptureWithLimits(input.text, CTX, { maxSuggestions });
    for (let k = 0; k < runs; k++) {
      const t0 = performance.now();
      outcome = parseCaptureWithLimits(input.text, CTX, { maxSuggestions });
      best = Math.min(best, performance.now() - t0);
    }
    samples.push({ ms: best, input, found: outcome.drafts.length, truncated: outcome.truncated });
  }
  return samples;
}

function report(label: string, samples: ReturnType<typeof timeAll>) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const worst = samples.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(
    `${label.padEnd(34)} n ${String(samples.length).padStart(5)}   p50 ${percentile(ms, 50).toFixed(2).padStart(6)} ms` +
      `   p99 ${percentile(ms, 99).toFixed(2).padStart(6)} ms   max ${worst.ms.toFixed(2).padStart(6)} ms` +
      `   max/target ${(worst.ms / TARGET_MS).toFixed(2)}`,
  );
  console.log(
    `${''.padEnd(34)} worst: ${worst.input.shape} -> ${worst.found} suggestions${worst.truncated ? ` (truncated: ${worst.truncated})` : ''}`,
  );
  return samples.sort((a, b) => b.ms - a.ms);
}

function main(): void {
  const all = inputs();
  console.log(
    `${all.length} inputs of ${LENGTH} characters (seed ${SEED}, language ${LANGUAGE}); target: every parse under ${TARGET_MS} ms`,
  );
  // Warm up the JIT and chrono on a slice of everything before timing.
  for (const input of all.slice(0, 300)) parseCaptureWithLimits(input.text, CTX);

  const capped = report(`as the worker parses (≤ ${MAX_SUGGESTIONS})`, timeAll(all, MAX_SUGGESTIONS, 2));
  const uncapped = report('without the cap (every suggestion)', timeAll(all, Infinity, 2));

  // Linear means twice the text costs about twice the time: the slowest shapes at other lengths.
  console.log('scaling of the 5 slowest shapes without the cap (ms at 500 / 1000 / 2000 / 4000 characters; 4000/2000 ≈ 2 is linear):');
  const seen = new Set<string>();
  for (const s of [...uncapped, ...capped]) {
    if (seen.size >= 5) break;
    if (seen.has(s.input.shape) || !s.input.shape.startsWith('repeat(')) continue;
    seen.add(s.input.shape);
    const unit = JSON.parse(s.input.shape.slice('repeat('.length, -1)) as string;
    const at = [500, 1000, 2000, 4000].map((n) => {
      const text = unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
      let best = Infinity;
      for (let k = 0; k < 3; k++) {
        const t0 = performance.now();
        parseCaptureWithLimits(text, CTX, { maxSuggestions: Infinity });
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    });
    console.log(
      `  ${s.input.shape.slice(0, 48).padEnd(48)} ${at.map((x) => x.toFixed(2).padStart(7)).join(' ')}   ratio ${(at[3] / at[2]).toFixed(2)}`,
    );
  }
}

main();
