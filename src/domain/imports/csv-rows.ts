import { parse as parseCsv } from 'csv-parse/sync';
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
/** A file's data rows, and the records read from them. */
export type RowsRead = { rows: number; records: ImportRecord[] };
type Row = Record<string, string>;

/** The CSV's rows by header name (a byte order mark and blank lines are fine); a broken file is a 422 at csv. */
export function csvRows(text: string): { header: string[]; rows: Row[] } {
  try {
    const [header = [], ...body]: string[][] = parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
    const names = header.map((h) => h.trim());
    return { header: names, rows: body.map((cells) => Object.fromEntries(names.map((n, i) => [n, (cells[i] ?? '').trim()]))) };
  } catch (err) {
    throw Invalid.at(['csv'], `Not a readable CSV: ${(err as Error).message}`);
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** YYYY-MM-DD, or null. Also "18 May" with a separate year (older Daylio exports). */
export function dateOf(value: string, year?: string): string | null {
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

/** "14:30", "14:30:05", "2:30 PM", "2:30 p.m." as HH:MM:SS, or null. */
export function timeOf(value: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])?\.?\s*(m\.?)?$/i.exec(value.trim());
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

function requireColumns(header: string[], wanted: { name: string; loc: (string | number)[] }[]): void {
  for (const w of wanted) if (!header.includes(w.name)) throw Invalid.at(w.loc, `The CSV has no column "${w.name}"`);
}

/** An arbitrary CSV through a mapping of its columns. */
export function mappedRecords(text: string, mapping: CsvMapping, issues: RowIssue[]): RowsRead {
  const { header, rows } = csvRows(text);
  requireColumns(header, [
    { name: mapping.date_column, loc: ['mapping', 'date_column'] },
    ...(mapping.time_column ? [{ name: mapping.time_column, loc: ['mapping', 'time_column'] }] : []),
    ...(mapping.event?.notes_columns ?? []).map((name, i) => ({ name, loc: ['mapping', 'event', 'notes_columns', i] })),
    ...(mapping.event?.tags_column ? [{ name: mapping.event.tags_column, loc: ['mapping', 'event', 'tags_column'] }] : []),
    ...(mapping.metrics ?? []).map((m, i) => ({ name: m.column, loc: ['mapping', 'metrics', i, 'column'] })),
  ]);
  const records = rows.flatMap((r, i): ImportRecord[] => {
    const row = i + 2; // the header is line 1
    const localDate = dateOf(r[mapping.date_column]);
    if (!localDate) return (issues.push({ row, column: mapping.date_column, msg: `Not a date: "${r[mapping.date_column]}"` }), []);
    const time = mapping.time_column ? timeOf(r[mapping.time_column]) : null;
    if (mapping.time_column && r[mapping.time_column] && !time) {
      return (issues.push({ row, column: mapping.time_column, msg: `Not a time: "${r[mapping.time_column]}"` }), []);
    }
    const readings = (mapping.metrics ?? []).flatMap((m) => {
      const raw = r[m.column];
      if (raw === '') return [];
      const value = Number(raw.replace(',', '.'));
      if (!Number.isFinite(value)) return (issues.push({ row, column: m.column, msg: `Not a number: "${raw}"` }), []);
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
  });
  return { rows: rows.length, records };
}
