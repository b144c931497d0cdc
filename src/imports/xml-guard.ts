import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { Invalid } from '../core/errors.ts';

/**
 * A byte-level guard in front of saxes, and a streaming reader built on both.
 *
 * saxes keeps a whole text node, attribute value, tag, comment or CDATA section in memory until
 * it ends, with no limit, and keeps one object per open element: a file with a 50 MB text node,
 * a 10 MB attribute or a million nested elements costs that much memory before any reader sees
 * an event. The guard reads the raw bytes first (it never decodes or keeps them) and refuses the
 * file, with an `Invalid` naming the cap, as soon as a run exceeds it:
 * - `text`: the bytes between two pieces of markup (character data, entity references), and a
 *   CDATA section (text too): default 1 MiB;
 * - `tag`: one piece of markup from `<` to its `>`: a start or end tag with its attributes, a
 *   comment, a processing instruction, a DOCTYPE: default 64 KiB;
 * - `depth`: elements open at once: default 1024.
 * A DOCTYPE counts as one piece of markup with its internal subset (Apple Health's export.xml
 * carries about 4 KB of ELEMENT/ATTLIST declarations there): the guard follows the subset's
 * comments and quoted values to find its real end. It refuses any `<!ENTITY` declaration, in the
 * subset or elsewhere: saxes neither reads external entities nor expands internal ones (an
 * `&name;` declared in the subset is an "undefined entity" error), so nothing could expand
 * today, but no track or health export declares entities, and refusing them keeps the reader
 * safe from entity-expansion attacks whatever the parser does.
 */

export type XmlCaps = { text?: number; tag?: number; depth?: number };

const XML_TEXT_CAP = 1024 * 1024;
const XML_TAG_CAP = 64 * 1024;
const XML_DEPTH_CAP = 1024;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const BANG = 0x21;
const DASH = 0x2d;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACKET = 0x5b;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

// Where the guard is: in text, just after `<` or `<!` (deciding what the markup is), or inside
// one kind of markup, each with its own end.
const TEXT = 0;
const OPEN = 1;
const BANG_PREFIX = 2;
const TAG = 3;
const COMMENT = 4;
const CDATA = 5;
const PI = 6;
const DOCTYPE = 7;
const DECLARATION = 8;
const SUBSET = 9;

const size = (n: number) => (n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`);

/** The byte-level checks over a stream of chunks, one `check(chunk)` after another, in order. */
class XmlGuard {
  private readonly textCap: number;
  private readonly tagCap: number;
  private readonly depthCap: number;
  private state = TEXT;
  /** Bytes of the current run: text, or the current markup from its `<`. */
  private run = 0;
  /** What follows `<!` so far (up to 8 bytes: `--`, `[CDATA[`, `DOCTYPE`, `ENTITY`). */
  private bang = '';
  /** In a tag or DOCTYPE: the quote an attribute value is open with (0 outside one). */
  private quote = 0;
  /** Whether the tag is an end tag (`</`). */
  private endTag = false;
  /** The byte before the current one, inside markup (a `/` before `>` closes an empty element). */
  private prev = 0;
  /** How many of the bytes just read are `-` (comments end with `-->`) or `]` (CDATA with `]]>`) or `?` (a PI with `?>`). */
  private closers = 0;
  private depth = 0;
  /** In a DOCTYPE's internal subset: the last bytes read (to find `<!--` and `<!ENTITY`), and whether in a comment. */
  private recent = '';
  private subsetComment = false;

  constructor(caps: XmlCaps = {}) {
    this.textCap = caps.text ?? XML_TEXT_CAP;
    this.tagCap = caps.tag ?? XML_TAG_CAP;
    this.depthCap = caps.depth ?? XML_DEPTH_CAP;
  }

  /** Checks the next chunk; throws `Invalid` when it takes a run over its cap. */
  check(buf: Uint8Array): void {
    const n = buf.length;
    let i = 0;
    while (i < n) {
      switch (this.state) {
        case TEXT: {
          const lt = buf.indexOf(LT, i);
          const end = lt < 0 ? n : lt;
          this.run += end - i;
          if (this.run > this.textCap) this.tooLong('text run between two tags', this.textCap);
          if (lt < 0) return;
          this.state = OPEN;
          this.run = 1;
          i = lt + 1;
          break;
        }
        case OPEN: {
          const b = buf[i++];
          this.run++;
          this.prev = b;
          this.quote = 0;
          if (b === BANG) {
            this.state = BANG_PREFIX;
            this.bang = '';
          } else if (b === QUESTION) {
            this.state = PI;
            this.closers = 0;
          } else {
            this.state = TAG;
            this.endTag = b === SLASH;
            if (b === GT) this.endMarkup();
          }
          break;
        }
        case BANG_PREFIX:
          i = this.bangPrefix(buf, i);
          break;
        case TAG:
        case DOCTYPE:
        case DECLARATION:
          i = this.tag(buf, i);
          break;
        case COMMENT:
        case CDATA:
        case PI:
          i = this.delimited(buf, i);
          break;
        case SUBSET:
          i = this.subset(buf, i);
          break;
      }
    }
  }

  /** After `<!`: which markup this is, one byte at a time (the prefix may straddle chunks). */
  private bangPrefix(buf: Uint8Array, i: number): number {
    const b = buf[i];
    this.bang += String.fromCharCode(b);
    this.run++;
    i++;
    const s = this.bang;
    if (s === '--') {
      this.state = COMMENT;
      this.closers = 0;
    } else if (s === '[CDATA[') {
      // A CDATA section is text: its own run under the text cap.
      this.state = CDATA;
      this.closers = 0;
      this.run = 0;
    } else if (s === 'DOCTYPE') {
      this.state = DOCTYPE;
      this.quote = 0;
    } else if (s === 'ENTITY') {
      throw Invalid.at([], 'The XML file declares an entity (<!ENTITY>): refused');
    } else if (!'--'.startsWith(s) && !'[CDATA['.startsWith(s) && !'DOCTYPE'.startsWith(s) && !'ENTITY'.startsWith(s)) {
      // Some other declaration (<!ELEMENT ...> outside a DTD is saxes's error to report).
      this.state = DECLARATION;
      this.quote = 0;
      if (b === GT) this.endMarkup();
    }
    if (this.run > this.tagCap) this.tooLong('markup', this.tagCap);
    return i;
  }

  /** Inside a tag or DOCTYPE: up to its `>`, outside quoted values. */
  private tag(buf: Uint8Array, i: number): number {
    const n = buf.length;
    const start = i;
    const limit = Math.min(n, i + (this.tagCap - this.run) + 1);
    for (; i < limit; i++) {
      const b = buf[i];
      if (this.quote !== 0) {
        if (b === this.quote) this.quote = 0;
      } else if (b === DQUOTE || b === SQUOTE) {
        this.quote = b;
      } else if (b === GT) {
        this.run += i + 1 - start;
        this.endMarkup();
        return i + 1;
      } else if (b === OPEN_BRACKET && this.state === DOCTYPE) {
        this.run += i + 1 - start;
        this.state = SUBSET;
        this.quote = 0;
        this.recent = '';
        this.subsetComment = false;
        return i + 1;
      }
      this.prev = b;
    }
    this.run += i - start;
    if (this.run > this.tagCap) this.tooLong(this.state === TAG ? 'tag (with its attributes)' : 'declaration', this.tagCap);
    return i;
  }

  /**
   * Inside a DOCTYPE's internal subset: up to its `]` (outside comments and quoted values), then
   * back to the DOCTYPE for its `>`. Refuses `<!ENTITY`. Subsets are small: one byte at a time.
   */
  private subset(buf: Uint8Array, i: number): number {
    const n = buf.length;
    for (; i < n; i++) {
      const b = buf[i];
      if (++this.run > this.tagCap) this.tooLong('DOCTYPE (with its internal subset)', this.tagCap);
      this.recent = (this.recent + String.fromCharCode(b)).slice(-8);
      if (this.subsetComment) {
        if (b === GT && this.closers >= 2) this.subsetComment = false;
        this.closers = b === DASH ? this.closers + 1 : 0;
      } else if (this.quote !== 0) {
        if (b === this.quote) this.quote = 0;
      } else if (this.recent.endsWith('<!--')) {
        this.subsetComment = true;
        this.closers = 0;
      } else if (this.recent === '<!ENTITY') {
        throw Invalid.at([], 'The XML file declares an entity (<!ENTITY>): refused');
      } else if (b === DQUOTE || b === SQUOTE) {
        this.quote = b;
      } else if (b === CLOSE_BRACKET) {
        this.state = DOCTYPE;
        return i + 1;
      }
    }
    return i;
  }

  /** Inside a comment, CDATA section or PI: up to its `-->`, `]]>` or `?>`. */
  private delimited(buf: Uint8Array, i: number): number {
    const n = buf.length;
    const closer = this.state === COMMENT ? DASH : this.state === CDATA ? CLOSE_BRACKET : QUESTION;
    const needed = this.state === PI ? 1 : 2;
    const cap = this.state === CDATA ? this.textCap : this.tagCap;
    const start = i;
    const limit = Math.min(n, i + (cap - this.run) + 1);
    for (; i < limit; i++) {
      const b = buf[i];
      if (b === GT && this.closers >= needed) {
        this.state = TEXT;
        this.run = 0;
        return i + 1;
      }
      this.closers = b === closer ? this.closers + 1 : 0;
    }
    this.run += i - start;
    if (this.run > cap)
      this.tooLong(this.state === COMMENT ? 'comment' : this.state === CDATA ? 'CDATA section' : 'processing instruction', cap);
    return i;
  }

  private endMarkup(): void {
    if (this.state === TAG) {
      if (this.endTag) this.depth--;
      else if (this.prev !== SLASH && ++this.depth > this.depthCap) {
        throw Invalid.at([], `The XML file nests elements more than ${this.depthCap} deep (the cap): refused`);
      }
    }
    this.state = TEXT;
    this.run = 0;
  }

  private tooLong(what: string, cap: number): never {
    throw Invalid.at([], `The XML file has a ${what} longer than ${size(cap)} (the cap): refused`);
  }
}

/** An element name without its namespace prefix (`gpx:trkpt` → `trkpt`). */
export const localName = (name: string): string => name.slice(name.lastIndexOf(':') + 1);

/** An attribute by its local name (`lat` also finds `gpx:lat`), or undefined. */
export function attribute(attributes: Record<string, string>, local: string): string | undefined {
  const direct = attributes[local];
  if (direct !== undefined) return direct;
  for (const name in attributes) if (localName(name) === local) return attributes[name];
  return undefined;
}

/**
 * What a reader does with the parse: saxes's events (attributes as plain strings, names as
 * written, with prefixes: compare `localName(tag.name)`); `text` gets character data and CDATA
 * alike, possibly in several pieces for one element. A handler may throw (an `Invalid` when the
 * root is not the reader's format): the error ends the read.
 */
export type XmlHandlers = {
  opentag?: (tag: SaxesTagPlain) => void;
  closetag?: (tag: SaxesTagPlain) => void;
  text?: (text: string) => void;
};

/** Emits a record: `count` times the same record (a fresh copy each) costs one entry however large the count. */
export type Emit<T> = (item: T, count?: number) => void;

/**
 * Streams an XML file through the guard into saxes (no namespaces, no positions) and yields what
 * the handlers emit, with backpressure: one chunk is guarded, decoded and parsed, the records its
 * events emitted are yielded, and only then is the next chunk read. `setup` gets the emit
 * function and returns the handlers. A file that is not well-formed XML throws an `Invalid` at
 * the first error saxes reports (records before it have been yielded), except an undefined
 * entity reference, which stays in the text as written.
 */
export async function* xmlEvents<T extends object>(
  input: Readable | AsyncIterable<Uint8Array | string>,
  setup: (emit: Emit<T>) => XmlHandlers,
  caps?: XmlCaps,
): AsyncGenerator<T> {
  const queue: T[] = [];
  const counts: number[] = [];
  const handlers = setup((item, count = 1) => {
    if (count <= 0) return;
    queue.push(item);
    counts.push(count);
  });
  const parser = new SaxesParser({ xmlns: false, position: false });
  let failure: Error | undefined;
  parser.on('error', (err) => {
    // An undefined entity (`&nbsp;` from a sloppy writer) only garbles a text, which saxes keeps
    // as written: tolerated. Every other error ends the read.
    if (err.message !== 'undefined entity.') failure ??= err;
  });
  const { opentag, closetag, text } = handlers;
  if (opentag) parser.on('opentag', (tag) => opentag(tag));
  if (closetag) parser.on('closetag', (tag) => closetag(tag));
  if (text) {
    parser.on('text', (t) => text(t));
    parser.on('cdata', (t) => text(t));
  }
  function* drain(): Generator<T> {
    for (let k = 0; k < queue.length; k++) {
      const item = queue[k];
      yield item;
      for (let c = counts[k]; c > 1; c--) yield { ...item };
    }
    queue.length = 0;
    counts.length = 0;
  }
  let bytes = 0;
  const notXml = (err: Error) => Invalid.at([], `The file is not well-formed XML (within its first ${bytes} bytes): ${err.message}`);

  const guard = new XmlGuard(caps);
  const decoder = new TextDecoder('utf-8');
  let empty = true;
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (buf.length === 0) continue;
    empty = false;
    bytes += buf.length;
    guard.check(buf);
    parser.write(decoder.decode(buf, { stream: true }));
    if (failure) {
      yield* drain();
      throw notXml(failure);
    }
    yield* drain();
  }
  if (empty) throw Invalid.at([], 'The file is empty');
  const rest = decoder.decode();
  if (rest) parser.write(rest);
  parser.close();
  yield* drain();
  if (failure) throw notXml(failure);
}

/**
 * The name of the root element, read from the start of an XML file (skipping whitespace, the XML
 * declaration, comments, processing instructions and a DOCTYPE), or null when the head has none
 * (not XML, or cut before the root).
 */
export function xmlRootName(head: string): string | null {
  let i = 0;
  const n = head.length;
  for (;;) {
    while (i < n && (head[i] === ' ' || head[i] === '\n' || head[i] === '\r' || head[i] === '\t')) i++;
    if (i >= n || head[i] !== '<') return null;
    let end: number;
    if (head.startsWith('<?', i)) end = head.indexOf('?>', i + 2) + 2;
    else if (head.startsWith('<!--', i)) end = head.indexOf('-->', i + 4) + 3;
    else if (head.startsWith('<!DOCTYPE', i)) {
      const bracket = head.indexOf('[', i);
      const close = head.indexOf('>', i);
      end = bracket >= 0 && bracket < close ? head.indexOf(']', bracket) : close;
      end = end < 0 ? -1 : head.indexOf('>', end) + 1;
    } else {
      const m = /^<([A-Za-z_][\w.:-]*)/.exec(head.slice(i, i + 256));
      return m ? m[1] : null;
    }
    if (end <= 0) return null;
    i = end;
  }
}
