import type { PeriodOutcome } from '../../domain/goals/periods.ts';
import type { CaptureLanguage } from '../../domain/users/preferences.ts';
import { dayMs } from './svg.ts';

/** The words a chart writes, in the user's language (the languages captures are read in). */
type Words = {
  goalAtLeast: string;
  goalAtMost: string;
  daysWithData: string;
  daysWithout: string;
  none: string;
  less: string;
  more: string;
  events: string;
  outcomes: Record<PeriodOutcome, string>;
};

const WORDS: Record<CaptureLanguage, Words> = {
  en: {
    goalAtLeast: 'Goal: at least',
    goalAtMost: 'Goal: at most',
    daysWithData: 'days with data',
    daysWithout: 'days without data',
    none: 'no data',
    less: 'Less',
    more: 'More',
    events: 'events',
    outcomes: { met: 'met', missed: 'missed', skipped: 'skipped', in_progress: 'in progress' },
  },
  de: {
    goalAtLeast: 'Ziel: mindestens',
    goalAtMost: 'Ziel: höchstens',
    daysWithData: 'Tage mit Daten',
    daysWithout: 'Tage ohne Daten',
    none: 'keine Daten',
    less: 'Weniger',
    more: 'Mehr',
    events: 'Einträge',
    outcomes: { met: 'erreicht', missed: 'verfehlt', skipped: 'ausgesetzt', in_progress: 'läuft' },
  },
  fr: {
    goalAtLeast: 'Objectif : au moins',
    goalAtMost: 'Objectif : au plus',
    daysWithData: 'jours avec données',
    daysWithout: 'jours sans données',
    none: 'pas de données',
    less: 'Moins',
    more: 'Plus',
    events: 'entrées',
    outcomes: { met: 'atteint', missed: 'manqué', skipped: 'sauté', in_progress: 'en cours' },
  },
  es: {
    goalAtLeast: 'Objetivo: al menos',
    goalAtMost: 'Objetivo: como máximo',
    daysWithData: 'días con datos',
    daysWithout: 'días sin datos',
    none: 'sin datos',
    less: 'Menos',
    more: 'Más',
    events: 'registros',
    outcomes: { met: 'cumplido', missed: 'fallado', skipped: 'omitido', in_progress: 'en curso' },
  },
};

export type Labels = Words & {
  number(value: number): string;
  /** 3 Mar */
  day(day: string): string;
  /** 3 Mar 2026 */
  date(day: string): string;
  /** Mar */
  month(day: string): string;
  /** M, T, W ... */
  weekday(day: string): string;
};

/** Numbers and dates as the user's language writes them (Intl: the same bytes for the same Node build). */
export function labelsFor(language: CaptureLanguage): Labels {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const date = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'narrow', timeZone: 'UTC' });
  return {
    ...WORDS[language],
    number: (v) => number.format(v),
    day: (d) => day.format(dayMs(d)),
    date: (d) => date.format(dayMs(d)),
    month: (d) => month.format(dayMs(d)),
    weekday: (d) => weekday.format(dayMs(d)),
  };
}
