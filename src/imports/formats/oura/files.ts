import { CsvError } from 'csv-parse';
import { Invalid } from '../../../core/errors.ts';
import { csvRecords } from '../../../domain/imports/csv-rows.ts';
import { peekHead, type ExportFile } from '../../export-files.ts';
import { jsonItems } from '../../json-items.ts';
import { entryBaseName } from '../../zip-entries.ts';
import { jsonHead } from '../json-head.ts';
import { itemPlace } from '../values.ts';
import { categoryNamed, categoryOf, isKnownCategory } from './categories.ts';
import type { OuraReadings } from './documents.ts';

/**
 * The files of Oura's exports, each read into documents for OuraReadings: JSON (oura_data.json
 * with a key per kind, API v1 or v2; a ZIP's per-kind files such as daily_sleep.json, an array or
 * an API page `{"data": [...]}`), the newer export's "App Data" CSVs (`;`-separated, API v2
 * fields as columns, objects as JSON in their cells) and the older trends CSV. Streamed: one
 * document or row at a time, none over MAX_DOC_BYTES.
 */
const MAX_DOC_BYTES = 4 * 1024 * 1024;
/** Column names only Oura's trends CSV has (any two of them, after its `date`). */
const TREND_COLUMNS = ['sleep score', 'readiness score', 'activity score', 'lowest resting heart rate', 'bedtime start', 'total bedtime'];

const firstLine = (head: string) => head.split(/\r?\n|\r/, 1)[0] ?? '';
const cellsOf = (line: string, delimiter: string) =>
  line.split(delimiter).map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase(),
  );

/** An App Data CSV's header: API v2 field names of a kind of Oura's, `;`-separated (or `,` when a tool wrote it again). */
function isAppDataHeader(line: string): boolean {
  return categoryOf(Object.fromEntries(cellsOf(line, delimiterOf(line)).map((c) => [c, '']))) !== null;
}
const delimiterOf = (line: string): ';' | ',' => (line.includes(';') ? ';' : ',');

/** The trends CSV's header: `date` first, then Oura's Title Case columns. */
function isTrendsHeader(line: string): boolean {
  const cells = cellsOf(line, ',');
  return cells[0] === 'date' && TREND_COLUMNS.filter((c) => cells.includes(c)).length >= 2;
}

/** A JSON file whose first documents are Oura's: in an array, an API page's `data`, or an array under a key. */
function isOuraJsonHead(head: string): boolean {
  const { top, firstElement } = jsonHead(head);
  if (!top) return false;
  for (const [key, first] of firstElement) {
    if (key !== '' && key !== 'data' && !isKnownCategory(key)) continue;
    if (categoryOf(Object.fromEntries(first)) !== null) return true;
  }
  return false;
}

/** Whether a file uploaded alone is one of Oura's (by its first bytes). */
export function isOuraFileHead(head: string): boolean {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{') || text.startsWith('[')) return isOuraJsonHead(text);
  const line = firstLine(text);
  return isTrendsHeader(line) || isAppDataHeader(line);
}

/** Reads one file of an export into `out`. A file uploaded alone that is not Oura's throws Invalid. */
export async function readOuraFile(file: ExportFile, out: OuraReadings): Promise<void> {
  // Where a document is, in messages: "App Data/sleepmodel.csv row 3", or "row 3" in a file uploaded alone.
  const label = file.name ? `${file.name} ` : '';
  const { head, bytes } = await peekHead(file.bytes);
  const text = head.trimStart();
  if (file.name === null && !isOuraFileHead(text)) {
    throw Invalid.at([], `Not an Oura export: ${text ? 'neither its JSON nor its CSV header is one of Oura’s' : 'the file is empty'}`);
  }
  if (!text) return;
  const fileCategory = file.name && isKnownCategory(file.name) ? categoryNamed(file.name) : null;
  try {
    if (text.startsWith('{') || text.startsWith('[')) return await readJson(bytes, label, fileCategory, out);
    const line = firstLine(text);
    if (isTrendsHeader(line)) return await readTrends(bytes, label, out);
    if (line.includes(';') || isAppDataHeader(line)) return await readAppData(bytes, delimiterOf(line), label, fileCategory, out);
    out.unmapped(entryBaseName(file.name!), `${file.name}: not a file of Oura's this service reads`);
  } catch (err) {
    // A file that stops being JSON or CSV part of the way: what it held so far is read, the rest one malformed record.
    if (!(err instanceof Invalid) && !(err instanceof CsvError)) throw err;
    const why = err instanceof Invalid ? (err.issues[0]?.msg ?? err.message) : err.message;
    if (file.name === null && err instanceof Invalid) throw Invalid.at([], `Not an Oura export: ${why}`);
    out.unmapped(`${file.name ? entryBaseName(file.name) : 'the file'} (unreadable)`, `${file.name ?? 'the file'}: ${why}`, 'malformed');
  }
}

async function readJson(bytes: AsyncIterable<Buffer>, label: string, fileCategory: string | null, out: OuraReadings): Promise<void> {
  for await (const item of jsonItems(bytes, MAX_DOC_BYTES)) {
    const where = `${label}${item.path}`;
    const { key, index } = itemPlace(item.path);
    const category = key === '' || key === 'data' ? fileCategory : categoryNamed(key);
    if ('tooLarge' in item)
      out.unmapped(`${category ?? 'oura'} (too large)`, `${where}: over ${MAX_DOC_BYTES} bytes, not read`, 'too_large');
    else if ('malformed' in item) out.unmapped('malformed JSON', `${where}: ${item.malformed}`, 'malformed');
    else if (index !== null) await document(item.value, category, where, out);
    else {
      // A member that is not an array: an object holding an API page's `data`, or a document of its own; the rest (next_token) is no record.
      const data = item.value && typeof item.value === 'object' && (item.value as { data?: unknown }).data;
      if (Array.isArray(data)) for (const [i, doc] of data.entries()) await document(doc, category, `${where}.data[${i}]`, out);
      else if (item.value && typeof item.value === 'object' && !Array.isArray(item.value)) await document(item.value, category, where, out);
    }
  }
}

async function document(value: unknown, category: string | null, where: string, out: OuraReadings): Promise<void> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return out.unmapped('malformed JSON', `${where}: not an object`, 'malformed');
  const fields = value as Record<string, unknown>;
  await out.document({ category: category ?? categoryOf(fields) ?? 'oura', fields, where });
}

async function readAppData(
  bytes: AsyncIterable<Buffer>,
  delimiter: ';' | ',',
  label: string,
  fileCategory: string | null,
  out: OuraReadings,
): Promise<void> {
  let header: string[] | null = null;
  let category = fileCategory ?? '';
  let row = 1;
  for await (const record of csvRecords(bytes, undefined, { delimiter, relaxQuotes: true })) {
    if (!header) {
      if ('tooLarge' in record) throw Invalid.at([], `${label}its header is too large`);
      header = record.map((h) => h.trim().toLowerCase());
      category ||=
        categoryOf(Object.fromEntries(header.map((h) => [h, '']))) ?? (entryBaseName(label.trim()).replace(/\.csv$/, '') || 'oura');
      continue;
    }
    const where = `${label}row ${++row}`;
    if ('tooLarge' in record) {
      out.unmapped(`${category} (too large)`, `${where}: over 1 MiB, not read`, 'too_large');
      continue;
    }
    const fields: Record<string, unknown> = {};
    header.forEach((h, i) => {
      if (h && record[i] !== undefined && record[i] !== '') fields[h] = record[i];
    });
    await out.document({ category, fields, where });
  }
}

async function readTrends(bytes: AsyncIterable<Buffer>, label: string, out: OuraReadings): Promise<void> {
  let header: string[] | null = null;
  let row = 1;
  for await (const record of csvRecords(bytes)) {
    if (!header) {
      if ('tooLarge' in record) throw Invalid.at([], `${label}its header is too large`);
      header = record;
      continue;
    }
    const where = `${label}row ${++row}`;
    if ('tooLarge' in record) out.unmapped('trends row (too large)', `${where}: over 1 MiB, not read`, 'too_large');
    else await out.trendsRow(header, record, where);
  }
}
