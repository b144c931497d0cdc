import type { ColumnKind, InsightMatrix, MatrixColumn } from '../../src/domain/insights/matrix.ts';

/** Seeded generators, so every synthetic user is the same on every run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => {
    const u = 1 - uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  };
  const bernoulli = (p: number) => (uniform() < p ? 1 : 0);
  return { uniform, normal, bernoulli };
}
export type Rng = ReturnType<typeof rng>;

export function datesFrom(start: string, days: number): string[] {
  const t0 = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(t0 + i * 86_400_000).toISOString().slice(0, 10));
}

export function column(key: string, kind: ColumnKind, values: (number | null)[], extra: Partial<MatrixColumn> = {}): MatrixColumn {
  return { key, kind, label: extra.label ?? key, unit: extra.unit ?? (kind === 'factor' ? 'count' : 'u'), values, ...extra };
}

export function matrix(days: number, columns: MatrixColumn[], start = '2026-01-01'): InsightMatrix {
  return { dates: datesFrom(start, days), columns };
}

export const noise = (r: Rng, days: number, mean = 0, sd = 1) => Array.from({ length: days }, () => mean + sd * r.normal());
