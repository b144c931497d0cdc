import type { Chrono } from 'chrono-node';
import { nonCapturing, rewritten } from '../chrono.ts';

/**
 * chrono-node's Spanish "12 de mayo" parser (ESMonthNameLittleEndianParser, chrono 2.10) with an
 * exact pre-check, so it cannot backtrack polynomially.
 *
 * Why: between the day ("12", "1º", "primero"), an optional second day ("12 al 14") and the month,
 * its pattern puts up to six `\s*` in a row (`\s*(?:…|\s)\s*` then `\s*(?:de)?\s*(?:-|/|\s*(?:de|,)?\s*)`).
 * When no month follows, the regex engine tries every way of sharing a run of spaces among them:
 * "12" + 200 spaces + "12" + 200 spaces took chrono 139 s, on the parse worker of a Spanish profile.
 *
 * The fix, as chrono.ts does for the English time units: in front of the pattern, a lookahead that
 * accepts exactly the same strings but reads each run of spaces in one way only (`\s*(?!\s)` takes
 * the whole run; the range's bare-space separator is `\s+`). It captures nothing, so chrono's
 * groups are unchanged, and the original only runs where it will match. Applied only when the
 * pattern has the shape written here; after an upgrade that changes it, chrono's parser stays.
 */
const RUN = String.raw`\s*(?!\s)`;
const REWRITES: [ambiguous: string, exact: string][] = [
  // The second day: spaces, a word or dash, spaces; or spaces alone.
  [String.raw`(?:\s*(?:desde|de|\-|\–|ao?|\s)\s*(`, String.raw`(?:(?:${RUN}(?:desde|de|\-|\–|ao?)${RUN}|\s+)(`],
  // Between the day(s) and the month: an optional "de", then "-", "/" (`\/` in a source), or an optional "de" or ",".
  [String.raw`)?\s*(?:de)?\s*(?:-|\/|\s*(?:de|,)?\s*)(`, String.raw`)?${RUN}(?:de${RUN})?(?:-|\/|(?:(?:de|,)${RUN})?)(`],
  // Between the month and the year.
  [String.raw`(?:\s*(?:de|,)?\s*(`, String.raw`(?:${RUN}(?:(?:de|,)${RUN})?(`],
];

function guardMonthNames(pattern: RegExp): RegExp | null {
  let exact = pattern.source;
  for (const [ambiguous, replacement] of REWRITES) {
    const at = exact.indexOf(ambiguous);
    if (at < 0 || exact.indexOf(ambiguous, at + 1) >= 0) return null;
    exact = exact.slice(0, at) + replacement + exact.slice(at + ambiguous.length);
  }
  return new RegExp(`(?=${nonCapturing(exact)})${pattern.source}`, pattern.flags);
}

/** `casual` (chrono's Spanish) with its day-month parser guarded. */
export function guardedSpanish(casual: Chrono): { casual: Chrono; guarded: number } {
  const out = casual.clone();
  let guarded = 0;
  out.parsers = out.parsers.map((p) => {
    const g = rewritten(p, guardMonthNames);
    if (g) guarded++;
    return g ?? p;
  });
  return { casual: out, guarded };
}
