/**
 * CSV as spreadsheets open it (RFC 4180, a UTF-8 byte order mark for Excel). A text cell that a
 * spreadsheet would run as a formula (starting =, +, -, @, tab or CR) is prefixed with an
 * apostrophe, as OWASP advises for CSV exports: a note is never executed. Numbers are written as numbers.
 */
export const CSV_BOM = '\uFEFF';

export type Cell = string | number | boolean | null | undefined | string[] | Record<string, unknown>;

function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(';') : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (values: Cell[]) => `${values.map(cell).join(',')}\r\n`;
