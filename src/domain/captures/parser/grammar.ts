/**
 * Building blocks of the capture grammar: word boundaries that work for any script,
 * numbers as people type them (decimal commas, "10k", number words) and durations.
 */
export const L = '(?<![\\p{L}\\p{N}_])';
export const R = '(?![\\p{L}\\p{N}_])';
/** A number with an optional decimal point or decimal comma ("1,5"), or thousands ("8,500"). */
export const NUM = '\\d{1,3}(?:,\\d{3})+(?![\\d.,])|\\d+(?:[.,]\\d+)?';
/**
 * A whole count as people group its thousands, spaces included ("8 000", "8\u202f000", as French
 * and others write it): for counts such as steps, where "8 000" read as NUM would be 000.
 */
export const GROUPED_NUM = `\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+(?![\\d.,])|${NUM}`;
/** The number GROUPED_NUM matched. */
export const groupedNumber = (text: string) => toNumber(text.replace(/[ \u00a0\u202f]/g, ''));

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  another: 1,
  single: 1,
  two: 2,
  double: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  'a couple of': 2,
  'couple of': 2,
};
export const COUNT = `(?:${NUM}|a\\s+couple\\s+of|couple\\s+of|another|single|double|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|an|a)`;

export function toNumber(text: string): number {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t in WORD_NUMBERS) return WORD_NUMBERS[t];
  if (/^\d{1,3}(,\d{3})+$/.test(t)) return Number(t.replace(/,/g, ''));
  return Number(t.replace(',', '.'));
}

/**
 * A duration as typed: "7h20", "7 h 20 min", "1.5 hours", "27 min", "45 sec", "half an hour".
 * A number starts where its digits start (`(?<!\\d)`): a match found from inside a run of digits
 * is always found from the run's first digit already, and trying every digit of a long run
 * ("1111…") made a scan quadratic.
 */
export const DURATION = [
  `(?<!\\d)\\d+\\s*(?:h|hrs?|hours?)\\s*(?:and\\s*)?\\d{1,2}\\s*(?:m|mins?|minutes?)?${R}`,
  `(?<!\\d)\\d+(?:[.,]\\d+)?\\s*(?:h|hrs?|hours?)${R}(?:\\s*(?:and\\s+)?a\\s+half)?`,
  `(?<!\\d)\\d+(?:[.,]\\d+)?\\s*(?:mins?|minutes?)${R}`,
  `(?<!\\d)\\d+\\s*(?:secs?|seconds?)${R}`,
  `half\\s+an\\s+hour${R}`,
  `(?:an|one)\\s+hour(?:\\s+and\\s+a\\s+half)?${R}`,
].join('|');

/** Seconds in a duration matched by DURATION (or a bare "h:mm"). */
export function durationSeconds(text: string): number | null {
  const t = text.trim().toLowerCase();
  let m: RegExpExecArray | null;
  if (/^half\s+an\s+hour$/.test(t)) return 1800;
  if ((m = /^(?:an|one)\s+hour(\s+and\s+a\s+half)?$/.exec(t))) return m[1] ? 5400 : 3600;
  if ((m = /^(\d+)\s*(?:h|hrs?|hours?)\s*(?:and\s*)?(\d{1,2})\s*(?:m|mins?|minutes?)?$/.exec(t))) return +m[1] * 3600 + +m[2] * 60;
  if ((m = /^(\d+(?:[.,]\d+)?)\s*(?:h|hrs?|hours?)(\s*(?:and\s+)?a\s+half)?$/.exec(t)))
    return Math.round((toNumber(m[1]) + (m[2] ? 0.5 : 0)) * 3600);
  if ((m = /^(\d+(?:[.,]\d+)?)\s*(?:mins?|minutes?)$/.exec(t))) return Math.round(toNumber(m[1]) * 60);
  if ((m = /^(\d+)\s*(?:secs?|seconds?)$/.exec(t))) return +m[1];
  if ((m = /^(\d{1,2}):(\d{2})$/.exec(t))) return +m[1] * 3600 + +m[2] * 60;
  return null;
}

export function re(source: string): RegExp {
  return new RegExp(source, 'giu');
}

/** Words left at the end of a phrase once its time was blanked ("a salad at noon" -> "a salad at"). */
export const DANGLING = /(?:\s+(?:at|@|around|about|in|on|for|from|by|this|the|since|after|before))+$/iu;
