import type { Readable } from 'node:stream';
import { Invalid } from '../core/errors.ts';

/**
 * One record of a JSON file, as `jsonItems` finds it: its `path` (`[3]` in a top-level array,
 * `locations[3]` in an array member of a top-level object, `userLocationProfile` for a member that
 * is not an array) and its parsed value, or why it has none.
 */
export type JsonItem = { path: string; value: unknown } | { path: string; tooLarge: true } | { path: string; malformed: string };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isDelimiter = (b: number) => b === COMMA || b === CLOSE_ARRAY || b === CLOSE_OBJECT;
const MAX_KEY_BYTES = 256;

/**
 * The records of a JSON file, streamed: the elements of a top-level array, or of each array a
 * top-level object holds (and that object's other members, whole). One record is held at a time
 * and none over `maxItemBytes` (it is scanned past and reported `tooLarge`), so a file of any size,
 * or one huge line, costs at most that much memory. The scanner only finds where each record
 * begins and ends (strings, escapes, nesting); JSON.parse reads the record. A file that is not a
 * JSON array or object throws `Invalid`.
 */
export async function* jsonItems(input: AsyncIterable<Buffer> | Readable, maxItemBytes: number): AsyncGenerator<JsonItem> {
  let depth = 0;
  let started = false;
  let ended = false;
  let trailing = false;
  let topIsArray = false;
  // Strings: inside one, and whether the next chunk's first byte is escaped by this chunk's last backslash.
  let inString = false;
  let escapeNext = false;
  // In a top-level object: whether the next string at depth 1 is a key, that key, and whether the
  // current member's value is an array (its elements, at depth 2, are the records).
  let expectKey = false;
  let keyParts: Buffer[] | null = null;
  let key = '';
  let arrayMember = false;
  let index = 0;
  // The record being captured.
  let capturing = false;
  let literal = false;
  let itemDepth = 0;
  let parts: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  let path = '';

  const keep = (buf: Buffer, from: number, to: number) => {
    if (tooLarge || to <= from) return;
    size += to - from;
    if (size > maxItemBytes) {
      tooLarge = true;
      parts = [];
    } else parts.push(buf.subarray(from, to));
  };
  const finish = (): JsonItem => {
    capturing = false;
    index++;
    if (tooLarge) return { path, tooLarge: true };
    const text = Buffer.concat(parts, size).toString('utf8');
    parts = [];
    try {
      return { path, value: JSON.parse(text) as unknown };
    } catch (err) {
      return { path, malformed: (err as Error).message };
    }
  };

  for await (const chunk of input as AsyncIterable<Buffer>) {
    const buf = chunk;
    const out: JsonItem[] = [];
    let from = capturing ? 0 : -1;
    let i = 0;
    if (inString && escapeNext) {
      escapeNext = false;
      if (keyParts) keyParts.push(buf.subarray(0, 1));
      i = 1;
    }
    for (; i < buf.length; i++) {
      if (inString) {
        // Jump to the next quote; it closes the string unless an odd run of backslashes precedes it.
        const q = buf.indexOf(QUOTE, i);
        const end = q < 0 ? buf.length : q;
        let slashes = 0;
        for (let k = end - 1; k >= i && buf[k] === BACKSLASH; k--) slashes++;
        if (keyParts) keyParts.push(buf.subarray(i, q < 0 ? end : q + (slashes % 2)));
        if (q < 0) {
          escapeNext = slashes % 2 === 1;
          break;
        }
        i = q;
        if (slashes % 2 === 1) continue;
        inString = false;
        if (keyParts) {
          const raw = Buffer.concat(keyParts);
          keyParts = null;
          key = raw.subarray(0, MAX_KEY_BYTES).toString('utf8');
        } else if (capturing && !literal && depth === itemDepth) {
          keep(buf, from, i + 1);
          out.push(finish());
          from = -1;
        }
        continue;
      }
      const b = buf[i];
      if (isSpace(b)) {
        if (capturing && literal) {
          keep(buf, from, i);
          out.push(finish());
          from = -1;
        }
        continue;
      }
      if (!started) {
        // A UTF-8 byte order mark (EF BB BF) before the value, possibly split across chunks.
        if (b === 0xef || b === 0xbb || b === 0xbf) continue;
        if (b === OPEN_ARRAY) topIsArray = true;
        else if (b === OPEN_OBJECT) expectKey = true;
        else throw Invalid.at([], 'The file is not a JSON array or object');
        started = true;
        depth = 1;
        continue;
      }
      if (ended) {
        // Bytes after the value (a second value, a truncated copy): reported once, never read.
        if (!trailing) out.push({ path: '(after the end)', malformed: 'the file has more after its JSON value' });
        trailing = true;
        break;
      }
      if (capturing && literal && isDelimiter(b)) {
        keep(buf, from, i);
        out.push(finish());
        from = -1;
      }
      if (!capturing && !isDelimiter(b) && b !== COLON) {
        const memberArray = !topIsArray && depth === 1 && !expectKey && b === OPEN_ARRAY;
        if (memberArray) {
          arrayMember = true;
          index = 0;
        } else if (topIsArray ? depth === 1 : arrayMember ? depth === 2 : depth === 1 && !expectKey) {
          capturing = true;
          literal = b !== OPEN_OBJECT && b !== OPEN_ARRAY && b !== QUOTE;
          itemDepth = depth;
          parts = [];
          size = 0;
          tooLarge = false;
          path = topIsArray ? `[${index}]` : arrayMember ? `${key}[${index}]` : key;
          from = i;
        }
      }
      switch (b) {
        case QUOTE:
          inString = true;
          if (!topIsArray && depth === 1 && expectKey) keyParts = [];
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          depth++;
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          depth--;
          if (depth < 0) throw Invalid.at([], 'The file is not well-formed JSON (a bracket closes nothing)');
          if (capturing && !literal && depth === itemDepth) {
            keep(buf, from, i + 1);
            out.push(finish());
            from = -1;
          }
          if (!topIsArray && depth === 1) arrayMember = false;
          if (depth === 0) ended = true;
          break;
        case COLON:
          if (!topIsArray && depth === 1) expectKey = false;
          break;
        case COMMA:
          if (!topIsArray && depth === 1) expectKey = true;
          break;
      }
    }
    if (capturing && from >= 0) keep(buf, from, buf.length);
    yield* out;
  }
  if (!started) throw Invalid.at([], 'The file is empty');
  if (capturing) yield { path, malformed: 'the file ends inside this record' };
}
