import { pipeline, Readable } from 'node:stream';
import { parse as csvParse } from 'csv-parse';
import { Invalid } from '../../core/errors.ts';
import type { CsvMapping } from './csv.schemas.ts';

/**
 * What one row of another app's export stands for, before anything is written: its day and time,
 * a key that names it across re-imports of the same file, an event and readings.
 */
export type ImportRecord = {
  row: number;
  localDate: string;
  /** HH:MM:SS, or null for "some time that day" (noon). */
  time: string | null;
  key: string;
  event?: { notes?: string; tags?: string[]; category?: string; booleanValue?: boolean; scalarValue?: number };
  readings: { slug: string; value: number; unit?: string }[];
};
export type RowIssue = { row: number; column: string | null; msg: string };
/**
 * What a reader says about a row besides its records: `malformed`, a value it could not read (the
 * row, or that part of it, is refused); `note`, something kept another way (a mood without a
 * score kept as a tag), reported without refusing anything.
 */
export type IssueKind = 'malformed' | 'note';
type Issues = (column: string | null, msg: string, kind?: IssueKind) => void;

/**
 * One format's reading of a CSV: built from its header (which it checks, throwing `Invalid`),
 * then given each data row's cells in file order. `survey` sees every row once before anything is
 * written, for a format that must know a whole column before it reads one value (Loop's).
 */
export type CsvReader = {
  survey?(cells: string[]): void;
  /** Called once the survey has seen every row. */
  surveyed?(): void;
  read(cells: string[], row: number, issue: Issues): ImportRecord[];
};

type Row = Record<string, string>;

/** A row by header name, trimmed, as the import has always read it (the last of two same-named columns wins). */
export function rowObject(names: string[], cells: string[]): Row {
  return Object.fromEntries(names.map((n, i) => [n, (cells[i] ?? '').trim()]));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Longer than any date or time a person writes: anything longer is not one, and is not handed to a pattern. */
const MAX_DATE_CHARS = 64;

/** YYYY-MM-DD, or null. Also "18 May" with a separate year (older Daylio exports). */
export function dateOf(value: string, year?: string): string | null {
  if (value.length > MAX_DATE_CHARS) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return valid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dm = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?$/i.exec(value);
  if (dm && year && /^\d{4}$/.test(year)) return valid(Number(year), MONTHS.indexOf(dm[2].toLowerCase()) + 1, Number(dm[1]));
  return null;
}

function valid(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1000 || y > 9999) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * "14:30", "14:30:05", "2:30 PM", "2:30 p.m." as HH:MM:SS, or null. The length check comes first:
 * the pattern's two runs of optional spaces backtrack quadratically on a long value (a time cell of
 * 20,000 spaces and a letter took 1.3 s of the event loop, a megabyte of them most of an hour).
 */
export function timeOf(value: string): string | null {
  const text = value.trim();
  if (text.length > MAX_DATE_CHARS) return null;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])?\.?\s*(m\.?)?$/i.exec(text);
  if (!m) return null;
  let h = Number(m[1]);
  const half = m[4]?.toLowerCase();
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half === 'p' ? 12 : 0);
  }
  if (h > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return null;
  return `${String(h).padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
}

/** A value quoted in a message, shortened: a refused cell may be a megabyte long. */
export function quoted(value: string): string {
  return `"${value.length > 100 ? `${value.slice(0, 100)}…` : value}"`;
}

function requireColumns(header: string[], wanted: { name: string; loc: (string | number)[] }[]): void {
  for (const w of wanted) if (!header.includes(w.name)) throw Invalid.at(w.loc, `The CSV has no column "${w.name}"`);
}

/** An arbitrary CSV through a mapping of its columns. */
export function mappedReader(header: string[], mapping: CsvMapping): CsvReader {
  requireColumns(header, [
    { name: mapping.date_column, loc: ['mapping', 'date_column'] },
    ...(mapping.time_column ? [{ name: mapping.time_column, loc: ['mapping', 'time_column'] }] : []),
    ...(mapping.event?.notes_columns ?? []).map((name, i) => ({ name, loc: ['mapping', 'event', 'notes_columns', i] })),
    ...(mapping.event?.tags_column ? [{ name: mapping.event.tags_column, loc: ['mapping', 'event', 'tags_column'] }] : []),
    ...(mapping.metrics ?? []).map((m, i) => ({ name: m.column, loc: ['mapping', 'metrics', i, 'column'] })),
  ]);
  return {
    read(cells, row, issue) {
      const r = rowObject(header, cells);
      const localDate = dateOf(r[mapping.date_column]);
      if (!localDate) return (issue(mapping.date_column, `Not a date: ${quoted(r[mapping.date_column])}`), []);
      const time = mapping.time_column ? timeOf(r[mapping.time_column]) : null;
      if (mapping.time_column && r[mapping.time_column] && !time) {
        return (issue(mapping.time_column, `Not a time: ${quoted(r[mapping.time_column])}`), []);
      }
      const readings = (mapping.metrics ?? []).flatMap((m) => {
        const raw = r[m.column];
        if (raw === '') return [];
        const value = Number(raw.replace(',', '.'));
        if (!Number.isFinite(value)) return (issue(m.column, `Not a number: ${quoted(raw)}`), []);
        return [{ slug: m.metric_type_slug, value, unit: m.unit }];
      });
      const e = mapping.event;
      const notes = e?.notes_columns
        ?.map((c) => r[c])
        .filter(Boolean)
        .join('\n\n');
      const tags = e?.tags_column
        ? r[e.tags_column]
            .split(e.tags_separator)
            .map((t) => t.trim())
            .filter(Boolean)
        : undefined;
      const event = e ? { notes: notes || undefined, tags: tags?.length ? tags : undefined, category: e.category } : undefined;
      return [{ row, localDate, time, key: `${localDate}|${time ?? ''}|${JSON.stringify(Object.values(r))}`, event, readings }];
    },
  };
}

/** The longest record (row) read: a longer one is skipped as it streams past, never held. */
export const MAX_RECORD_BYTES = 1024 * 1024;
/** The most columns a header may name: every row is read against them. */
export const MAX_COLUMNS = 1000;
/** What stands in, for csv-parse, for a record that was too large: one quoted field no export writes. */
const TOO_LARGE = '\u0000lifetrack:too_large';
const TOO_LARGE_FIELD = Buffer.from(`"${TOO_LARGE}"`);

export type CsvRecord = string[] | { tooLarge: true };

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * A CSV's bytes with each record over `maxBytes` replaced by a stand-in, the others as they are.
 * A record ends at a line break outside quotes (a quote opens a field only at its start, as
 * csv-parse reads it), so a long quoted field with line breaks is one record, and after a
 * skipped one the reading picks up at the next record. Holds at most one record and one chunk.
 */
async function* capped(
  input: AsyncIterable<Buffer>,
  maxBytes: number,
  onBytes?: (n: number) => void,
  delimiter = COMMA,
): AsyncGenerator<Buffer> {
  let quoting = false;
  let quoteSeen = false;
  let fieldStart = true;
  let held: Buffer[] = [];
  let heldBytes = 0;
  let skipping = false;
  let read = 0;
  for await (const chunk of input) {
    const out: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (quoteSeen) {
        quoteSeen = false;
        if (b === QUOTE) continue; // "" inside quotes: a quote
        quoting = false;
      }
      if (quoting) {
        if (b === QUOTE) quoteSeen = true;
        continue;
      }
      if (b === QUOTE && fieldStart) {
        quoting = true;
        fieldStart = false;
      } else if (b === delimiter) fieldStart = true;
      else if (b === LF || b === CR) {
        fieldStart = true;
        if (skipping || heldBytes + (i + 1 - start) > maxBytes) out.push(TOO_LARGE_FIELD, chunk.subarray(i, i + 1));
        else out.push(...held, chunk.subarray(start, i + 1));
        held = [];
        heldBytes = 0;
        skipping = false;
        start = i + 1;
      } else fieldStart = false;
    }
    if (!skipping && start < chunk.length) {
      heldBytes += chunk.length - start;
      if (heldBytes > maxBytes) {
        skipping = true;
        held = [];
        heldBytes = 0;
      } else held.push(chunk.subarray(start));
    }
    read += chunk.length;
    onBytes?.(read);
    if (out.length) yield Buffer.concat(out);
  }
  if (skipping) yield TOO_LARGE_FIELD;
  else if (held.length) yield Buffer.concat(held);
}

/**
 * How a CSV is written when it is not the usual one: another field delimiter (Oura's exports use
 * `;`), and quotes kept as text inside an unquoted field (their JSON cells are not quoted).
 */
type CsvDialect = { delimiter?: ',' | ';'; relaxQuotes?: boolean };

/**
 * A CSV's records, streamed through csv-parse (a byte order mark and blank lines are fine, rows
 * may be shorter or longer than the header) in constant memory: a record over MAX_RECORD_BYTES is
 * `{ tooLarge: true }`, in its place. A file csv-parse cannot read throws its error.
 */
export async function* csvRecords(
  input: AsyncIterable<Buffer>,
  onBytes?: (bytesRead: number) => void,
  { delimiter = ',', relaxQuotes = false }: CsvDialect = {},
): AsyncGenerator<CsvRecord> {
  const parser = csvParse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
    delimiter,
    relax_quotes: relaxQuotes,
  });
  pipeline(Readable.from(capped(input, MAX_RECORD_BYTES, onBytes, delimiter.charCodeAt(0)), { objectMode: false }), parser, () => {});
  for await (const record of parser as AsyncIterable<string[]>) {
    yield record.length === 1 && record[0] === TOO_LARGE ? { tooLarge: true } : record;
  }
}

/**
 * A string's UTF-8 bytes a slice at a time (never split inside a surrogate pair), for csvRecords.
 * Each slice waits for the event loop's next turn: read from memory, the whole string would
 * otherwise go through the parser in one run of promise callbacks, with no request served meanwhile.
 */
export async function* utf8Chunks(text: string, chars = 64 * 1024): AsyncGenerator<Buffer> {
  for (let i = 0; i < text.length;) {
    let end = Math.min(text.length, i + chars);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    await new Promise((resolve) => setImmediate(resolve));
    yield Buffer.from(text.slice(i, end), 'utf8');
    i = end;
  }
}
