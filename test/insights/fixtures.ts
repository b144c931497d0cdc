import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ColumnKind, InsightMatrix } from '../../src/domain/insights/matrix.ts';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'insights');

/** The reference CSVs written by test/fixtures/insights/make_reference.py (no quoting needed). */
export function readCsv(name: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(join(DIR, name), 'utf8').trimEnd().split('\n');
  const keys = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [keys[i], v])));
}

export function referenceMatrix(): InsightMatrix {
  const columns = readCsv('graph_columns.csv');
  const rows = readCsv('graph_matrix.csv');
  return {
    dates: rows.map((r) => r.date),
    columns: columns.map((c) => ({
      key: c.key,
      label: c.label,
      unit: c.unit,
      kind: c.kind as ColumnKind,
      values: rows.map((r) => (r[c.key] === '' ? null : Number(r[c.key]))),
    })),
  };
}

/** |a - b| ≤ tol · max(|a|, |b|), with exact zeros equal only to zero. */
export function expectClose(actual: number, expected: number, tol = 1e-6, what = ''): void {
  const scale = Math.max(Math.abs(actual), Math.abs(expected));
  const ok = actual === expected || Math.abs(actual - expected) <= tol * scale;
  if (!ok) throw new Error(`${what}: ${actual} differs from the reference ${expected} by more than ${tol} relative`);
}
