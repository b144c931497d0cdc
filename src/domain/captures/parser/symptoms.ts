import type { Lexicon } from './locales/lexicon.ts';

/**
 * Symptoms and feelings people log without a number ("headache since lunch", "sore throat",
 * "feeling shivery"): each is an event tagged with its name, so a day's factors count it. Mood,
 * energy and stress are metrics (metrics.ts); these are the rest.
 */
const WORDS = [
  'headache',
  'migraine',
  'sore throat',
  'runny nose',
  'stuffy nose',
  'blocked nose',
  'sneezing',
  'cough',
  'coughing',
  'fever',
  'chills',
  'shivery',
  'nausea',
  'nauseous',
  'sick',
  'dizzy',
  'dizziness',
  'heartburn',
  'reflux',
  'bloated',
  'bloating',
  'cramps',
  'stomach cramps',
  'toothache',
  'earache',
  'stomach ache',
  'stomachache',
  'back pain',
  'neck pain',
  'knee pain',
  'joint pain',
  'itchy eyes',
  'rash',
  'panic attack',
  'anxious',
  'anxiety',
  'irritable',
  'sad',
  'tired',
  'exhausted',
  'fatigue',
  'fatigued',
  'insomnia',
  'congested',
  'congestion',
  'hungover',
  'sore',
  'stiff',
  'allergies',
];

/** Longest first, so "back pain" wins over a shorter name inside it. */
function symptomPattern(words: string[]): RegExp {
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(${[...words]
      .sort((a, b) => b.length - a.length)
      .map((w) => w.replace(/ /g, '\\s+'))
      .join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  );
}

const ENGLISH = symptomPattern(WORDS);
const withLanguage = new WeakMap<Lexicon, RegExp>();

function languagePattern(lex: Lexicon): RegExp {
  let pattern = withLanguage.get(lex);
  if (!pattern) withLanguage.set(lex, (pattern = symptomPattern([...WORDS, ...lex.symptoms])));
  return pattern;
}

/**
 * The first symptom named in `text`, as a tag ("sore-throat", "mal-de-tête"), or null. A capture
 * in another language reads that language's symptom names too (its lexicon), tagged as written.
 */
export function findSymptom(text: string, lex?: Lexicon): string | null {
  const m = (lex ? languagePattern(lex) : ENGLISH).exec(text);
  return m ? m[1].toLowerCase().replace(/\s+/g, '-') : null;
}
