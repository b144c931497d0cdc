import type { ParsedResult, ParsingReference } from 'chrono-node';
import { casual } from '../chrono.ts';
import type { CaptureLanguage } from '../../../users/preferences.ts';
import { deTimes, deWords } from './de.ts';
import { esTimes, esWords } from './es.ts';
import { frTimes, frWords } from './fr.ts';
import type { Lexicon } from './lexicon.ts';
import { mergedTimes, type LocaleTimes } from './times.ts';

/**
 * The capture languages besides English. A user's profile `language` adds its words to the
 * grammar and its time phrases to chrono's English ones; English is read for everyone.
 */
const LOCALES: Record<Exclude<CaptureLanguage, 'en'>, { words: Lexicon; times: LocaleTimes }> = {
  de: { words: deWords, times: deTimes },
  fr: { words: frWords, times: frTimes },
  es: { words: esWords, times: esTimes },
};

/** The words `language` adds to the English grammar; undefined for English (nothing added). */
export function lexicon(language: CaptureLanguage | undefined): Lexicon | undefined {
  return language && language !== 'en' ? LOCALES[language].words : undefined;
}

/**
 * chrono's reading of `text` for a capture in `language`: English alone, or the language's
 * phrases and English's, the longer where two overlap (locales/times.ts).
 */
export function parseTimes(text: string, reference: ParsingReference, language: CaptureLanguage | undefined): ParsedResult[] {
  const option = { forwardDate: false };
  if (!language || language === 'en') return casual.parse(text, reference, option);
  return mergedTimes(text, reference, option, LOCALES[language].times);
}
