import * as chrono from 'chrono-node';

/**
 * chrono-node's casual English parser, with one change: its time-unit parsers ("3 days ago",
 * "in 2 hours", "next 3 weeks") get a fast exact pre-check, so they cannot backtrack exponentially.
 *
 * Why: chrono's TIME_UNITS pattern repeats "number unit" up to 11 times, joined by
 * `\s{0,5},?(?:\s*and)?\s{0,5}`, and "couple" carries its own optional spaces. A space can be
 * matched by several of those quantifiers, so when the text after a run of units is not "ago" /
 * "later" the regex engine tries every way to share out every space before giving up: about 40 µs
 * per character for "3 days " repeated, 3 s for 2,000 characters of "3 days  " (two spaces) and
 * minutes for "couple days " — on the server's event loop.
 *
 * The fix: in front of the units group each such pattern gets a lookahead `(?=G tail)`, where G
 * accepts exactly the same strings as TIME_UNITS but reads each run of spaces in one way only
 * (a gap between two words is taken whole, `\s{0,k}(?!\s)`, with k the sum of the quantifiers the
 * original could spread it over). The lookahead captures nothing, so the groups chrono reads are
 * unchanged; it accepts exactly where the original can match, so results are unchanged; and the
 * original pattern only runs where it will match, which it finds on its first greedy path.
 *
 * The patch is applied only when the pattern source has exactly the shape this file knows (chrono
 * 2.10.x); after an upgrade that changes it, the parsers stay as chrono ships them (see
 * `guardedParserCount`, asserted by the parser tests).
 */

const PREFIX = '(?:(?:about|around)\\s{0,3})?';
const CONNECTOR = '\\s{0,5},?(?:\\s*and)?\\s{0,5}';
/** One "number unit", as chrono writes it inside TIME_UNITS (capturing groups made non-capturing). */
const single = (words: string, units: string) =>
  `(?:(?:(?:${words})|[0-9]+|[0-9]+\\.[0-9]+|half(?:\\s{0,2}an?)?|an?\\b(?:\\s{0,2}few)?|few|several|the|a?\\s{0,2}couple\\s{0,2}(?:of)?))\\s{0,3}(?:(?:${units}))`;
const timeUnits = (words: string, units: string) => `${PREFIX}${single(words, units)}(?:${CONNECTOR}${single(words, units)}){0,10}`;

/** Finds the word and unit lists inside a pattern source that contains chrono's TIME_UNITS. */
const SHAPE =
  /\(\?:\(\?:\(\?:((?:[a-z]+\|)*[a-z]+)\)\|\[0-9\]\+\|\[0-9\]\+\\\.\[0-9\]\+\|half.*?\\s\{0,3\}\(\?:\(\?:((?:[a-z]+\|)*[a-z]+)\)\)/;

/** A whole run of whitespace of at most k characters, and nothing else: one way to match it. */
const gap = (k: number) => `\\s{0,${k}}(?!\\s)`;

/** The same language as `timeUnits(words, units)`, without ambiguous whitespace. */
function exactTimeUnits(words: string, units: string): string {
  const unit = `(?:${units})`;
  const couple = `couple(?:${gap(2)}of${gap(3)}|${gap(5)})${unit}`;
  // Every number form except a "couple" without its "a" (whose leading spaces join the gap before it).
  const plain =
    `(?:(?:(?:${words})|[0-9]+|[0-9]+\\.[0-9]+|few|several|the)${gap(3)}${unit}` +
    `|half(?:${gap(2)}an?)?${gap(3)}${unit}` +
    `|an?\\b(?:${gap(2)}few)?${gap(3)}${unit}` +
    `|a${gap(2)}${couple})`;
  // After "about": up to 3 spaces, 5 before a bare "couple". At the start: a bare "couple" may be
  // preceded by up to 2 spaces of its own (not a whole run: the run may begin before the match).
  const first = `(?:(?:about|around)(?:${gap(3)}${plain}|${gap(5)}${couple})|${plain}|\\s{0,2}${couple})`;
  // Connectors: spaces only (up to 5 + 5); a comma; a comma and "and"; "and". A bare "couple"
  // after them may take 2 more spaces.
  const next = (lead: string, k: number) => `${lead}(?:${gap(k)}${plain}|${gap(k + 2)}${couple})`;
  const connected = [next('', 10), next(`${gap(5)},`, 5), next(`${gap(5)},\\s*and`, 5), next('\\s*and', 5)].join('|');
  return `${first}(?:${connected}){0,10}`;
}

/** `source` with capturing groups made non-capturing (escapes and character classes respected). */
export function nonCapturing(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && source[i + 1] !== '?') {
      out += '(?:';
      continue;
    }
    out += c;
  }
  return out;
}

/** The pattern with the exact pre-check in front of its TIME_UNITS group, or null if it has none. */
function guardPattern(pattern: RegExp): RegExp | null {
  const shape = SHAPE.exec(pattern.source);
  if (!shape) return null;
  const [, words, units] = shape;
  const group = `(${timeUnits(words, units)})`;
  const at = pattern.source.indexOf(group);
  if (at < 0 || pattern.source.indexOf(group, at + 1) >= 0) return null;
  const tail = pattern.source.slice(at + group.length);
  const guard = `(?=${exactTimeUnits(words, units)}${nonCapturing(tail)})`;
  return new RegExp(pattern.source.slice(0, at) + guard + pattern.source.slice(at), pattern.flags);
}

type Parser = chrono.Parser;

/**
 * `parser` with its pattern rewritten by `rewrite` (once per pattern chrono builds), or null when
 * `rewrite` does not know its shape: the caller then keeps chrono's parser as it is.
 */
export function rewritten(parser: Parser, rewrite: (pattern: RegExp) => RegExp | null): Parser | null {
  const cache = new Map<RegExp, RegExp>();
  let probe: RegExp;
  try {
    probe = parser.pattern({ option: {} } as never);
  } catch {
    return null;
  }
  if (!rewrite(probe)) return null;
  return {
    pattern(context) {
      const original = parser.pattern(context);
      let p = cache.get(original);
      if (!p) {
        p = rewrite(original) ?? original;
        cache.set(original, p);
      }
      return p;
    },
    extract: (context, match) => parser.extract(context, match),
  };
}

const wrapped = chrono.casual.parsers.map((p) => rewritten(p, guardPattern));

/** How many of chrono's parsers got the pre-check (4 with chrono 2.10: ago, later, within, casual relative). */
export const guardedParserCount = wrapped.filter(Boolean).length;

export const casual = new chrono.Chrono({
  parsers: chrono.casual.parsers.map((p, i) => wrapped[i] ?? p),
  refiners: [...chrono.casual.refiners],
});
