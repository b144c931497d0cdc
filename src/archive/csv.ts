/**
 * CSV as spreadsheets open it (RFC 4180, a UTF-8 byte order mark for Excel). Numbers are written as
 * numbers. Text that a spreadsheet would run as a formula is prefixed with an apostrophe, as OWASP
 * advises for CSV exports, so a note is never executed: not only a cell that starts with =, +, -, @,
 * tab or CR, but every piece of a cell that a spreadsheet may open as a cell of its own. A list (tags)
 * is joined with `;`, and a spreadsheet in a locale whose separator is `;` splits every line on it,
 * quotes or not (`ok;=HYPERLINK(…)` becomes a formula there); a line break inside a quoted cell starts
 * a row of its own once the quotes are misread so. Each element of a list is guarded before the join,
 * and each piece of any text after a `;` or a line break, whatever the cell holds (a note, a name,
 * an object's JSON). The archive's NDJSON files keep every value exactly; the CSVs are for reading.
 */
export const CSV_BOM = '\uFEFF';

export type Cell = string | number | boolean | null | undefined | string[] | Record<string, unknown>;

const FORMULA_START = /^[=+\-@\t\r]/;
/** Where a spreadsheet may begin a cell inside one of ours: after a `;` or a line break. */
const PIECE_START = /([;\r\n])(?=[=+\-@\t\r])/g;

/** Text with an apostrophe before each of its pieces that would start a formula. */
function guardText(text: string): string {
  return (FORMULA_START.test(text) ? `'${text}` : text).replace(PIECE_START, "$1'");
}

function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = guardText(
    typeof value === 'string' ? value : Array.isArray(value) ? value.map((v) => guardText(String(v))).join(';') : JSON.stringify(value),
  );
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (values: Cell[]) => `${values.map(cell).join(',')}\r\n`;
