import { centreTests, computeGraph, tierOf } from '../../src/domain/insights/graph.ts';
import type { MatrixColumn } from '../../src/domain/insights/matrix.ts';
import { spearman } from '../../src/domain/insights/stats/spearman.ts';
import { referenceMatrix } from './fixtures.ts';
import { column, matrix, noise, rng } from './synthetic.ts';

describe('planted effects', () => {
  test('a factor that moves the centre one day later is found at lag 1 and tiered strong', () => {
    const r = rng(7);
    const days = 90;
    const coffee = Array.from({ length: days }, () => r.bernoulli(0.4) * (1 + r.bernoulli(0.3)));
    const energy = Array.from({ length: days }, (_, d) => 50 + 4 * r.normal() + (d >= 1 ? 6 * coffee[d - 1] : 0));
    const m = matrix(days, [
      column('energy', 'metric', energy, { label: 'Energy', unit: 'points' }),
      column('tag:coffee', 'factor', coffee, { label: '#coffee' }),
      ...Array.from({ length: 10 }, (_, i) => column(`noise_${i}`, 'metric', noise(r, days))),
    ]);
    const graph = computeGraph(m, 'energy', { mode: 'significant', windowDays: days });
    expect(graph.center).toEqual({ key: 'energy', label: 'Energy', unit: 'points' });
    expect(graph.edges[0]).toMatchObject({ key: 'tag:coffee', lag: 1, confidence: 'strong', direction: 'positive', kind: 'factor' });
    expect(graph.edges[0].support).toBeGreaterThanOrEqual(5);
  });

  test('a metric that pulls the centre down two days later: lag 2, negative', () => {
    const r = rng(11);
    const days = 120;
    const stress = noise(r, days, 5, 2);
    const sleep = stress.map((_, d) => 7 + 0.5 * r.normal() - (d >= 2 ? 0.4 * (stress[d - 2] - 5) : 0));
    const m = matrix(days, [column('sleep', 'metric', sleep), column('stress', 'metric', stress)]);
    const [edge] = computeGraph(m, 'sleep', { mode: 'explore', windowDays: days }).edges;
    expect(edge).toMatchObject({ key: 'stress', lag: 2, direction: 'negative', confidence: 'strong' });
  });

  test('60 independent noise columns: no significant edge in at least 92% of 200 seeded runs', () => {
    const days = 90;
    let clean = 0;
    for (let run = 0; run < 200; run++) {
      const r = rng(1000 + run);
      const columns: MatrixColumn[] = [column('centre', 'metric', noise(r, days))];
      for (let i = 0; i < 60; i++) {
        const key = `c${String(i).padStart(2, '0')}`;
        columns.push(
          i % 3 === 0
            ? column(
                `tag:${key}`,
                'factor',
                Array.from({ length: days }, () => r.bernoulli(0.3)),
              )
            : column(
                key,
                'metric',
                noise(r, days).map((v) => Math.round(v * 10) / 10),
              ),
        );
      }
      const graph = computeGraph(matrix(days, columns), 'centre', { mode: 'significant', windowDays: days });
      if (graph.edges.length === 0) clean++;
    }
    expect(clean / 200).toBeGreaterThanOrEqual(0.92);
  });
});

describe('pair rules', () => {
  test('skips n < 10, factors with support < 5, constant series, and columns without data', () => {
    const tests = centreTests(referenceMatrix(), 'mood');
    const keys = new Set(tests.map((t) => t.key));
    expect(keys.has('hrv')).toBe(false); // 9 readings
    expect(keys.has('tag:rare')).toBe(false); // 4 occurrences
    expect(keys.has('weight')).toBe(false); // constant
    expect(keys.has('tag:never')).toBe(false); // no data
    expect(keys.has('mood')).toBe(false); // the centre itself
  });

  test('lag L pairs the candidate on day d-L with the centre on day d, on days where both have values', () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
    const y = [null, ...x.slice(0, -1).map((v) => v * v)]; // y[d] = x[d-1]²
    const m = matrix(14, [column('y', 'metric', y), column('x', 'metric', x)]);
    const byLag = new Map(centreTests(m, 'y').map((t) => [t.lag, t]));
    expect(byLag.get(1)).toMatchObject({ n: 13, support: 13, r: 1, p: 0 });
    expect(byLag.get(0)!.n).toBe(13);
    expect(byLag.get(3)!.n).toBe(11);
  });

  test('a factor is 0 on days without its event and missing only where there is no record; support counts occurrences', () => {
    const days = 30;
    const r = rng(3);
    // No record for the first 4 days (before the first event), then an event every 4th day.
    const f = Array.from({ length: days }, (_, d) => (d < 4 ? null : d % 4 === 0 ? 2 : 0));
    const m = matrix(days, [column('m', 'metric', noise(r, days)), column('tag:f', 'factor', f)]);
    const byLag = new Map(centreTests(m, 'm').map((t) => [t.lag, t]));
    expect(byLag.get(0)).toMatchObject({ n: 26, support: 7 });
    expect(byLag.get(2)).toMatchObject({ n: 24, support: 6 });
    expect(byLag.get(3)).toMatchObject({ n: 23, support: 6 });
  });
});

test('ranking each pair subset through a presorted order equals sorting the subset (ties, gaps, lags)', () => {
  for (let seed = 0; seed < 20; seed++) {
    const r = rng(500 + seed);
    const days = 30 + seed * 7;
    const gappy = (scale: number) => Array.from({ length: days }, () => (r.uniform() < 0.15 ? null : Math.round(r.normal() * scale)));
    const m = matrix(days, [
      column('centre', 'metric', gappy(3)),
      column('a', 'metric', gappy(2)),
      column('b', 'metric', gappy(10)),
      column(
        'tag:t',
        'factor',
        Array.from({ length: days }, (_, d) => (d < 2 ? null : r.uniform() < 0.3 ? 1 + r.bernoulli(0.3) : 0)),
      ),
    ]);
    for (const t of centreTests(m, 'centre')) {
      const x: number[] = [];
      const y: number[] = [];
      const cand = m.columns.find((c) => c.key === t.key)!;
      for (let d = t.lag; d < days; d++) {
        const xv = cand.values[d - t.lag] ?? null;
        const yv = m.columns[0].values[d];
        if (xv !== null && yv !== null && yv !== undefined) {
          x.push(xv);
          y.push(yv);
        }
      }
      const brute = spearman(x, y, x.length);
      expect(t.n).toBe(x.length);
      expect(t.r).toBeCloseTo(brute.r, 12);
      expect(t.p).toBeCloseTo(brute.p, 12);
    }
  }
});

describe('tiers, modes and order', () => {
  test('tier thresholds', () => {
    expect(tierOf({ q: 0.01, r: 0.4, p: 0.001 })).toBe('strong');
    expect(tierOf({ q: 0.01, r: -0.39, p: 0.001 })).toBe('moderate');
    expect(tierOf({ q: 0.05, r: 0.9, p: 0.01 })).toBe('moderate');
    expect(tierOf({ q: 0.2, r: 0.1, p: 0.01 })).toBe('suggestive');
    expect(tierOf({ q: 0.5, r: 0.1, p: 0.1 })).toBe('weak');
    expect(tierOf({ q: 0.5, r: 0.1, p: 0.11 })).toBeNull();
  });

  test('explore returns all four tiers in order, best lag per candidate; significant keeps strong and moderate', () => {
    const m = referenceMatrix();
    const explore = computeGraph(m, 'mood', { mode: 'explore', windowDays: 40 });
    expect(explore.edges.map((e) => [e.key, e.lag, e.confidence])).toEqual([
      ['sleep_duration', 1, 'strong'],
      ['category:7d4c3f0a-2b1e-4c5d-9e8f-0a1b2c3d4e5f', 0, 'suggestive'],
      ['tag:coffee', 2, 'weak'],
    ]);
    // Rounded at the edge only: 4 significant digits of the reference values.
    expect(explore.edges[0]).toEqual({
      key: 'sleep_duration',
      label: 'Sleep duration',
      kind: 'metric',
      direction: 'positive',
      confidence: 'strong',
      lag: 1,
      n: 31,
      support: 31,
      r: 0.6141,
      qValue: 0.003805,
    });
    const significant = computeGraph(m, 'mood', { mode: 'significant', windowDays: 40 });
    expect(significant.edges.map((e) => e.key)).toEqual(['sleep_duration']);
    expect(significant.mode).toBe('significant');
  });

  test('ties in tier and q are broken by |r| descending, then key', () => {
    const days = 40;
    const base = Array.from({ length: days }, (_, i) => i);
    const m = matrix(days, [
      column('centre', 'metric', base),
      column(
        'b',
        'metric',
        base.map((v) => v * 2),
      ),
      column(
        'a',
        'metric',
        base.map((v) => v * 3),
      ),
      column(
        'c',
        'metric',
        base.map((v) => -v),
      ),
    ]);
    const edges = computeGraph(m, 'centre', { mode: 'explore', windowDays: days }).edges;
    expect(edges.map((e) => [e.key, e.lag, e.r, e.qValue])).toEqual([
      ['a', 0, 1, 0],
      ['b', 0, 1, 0],
      ['c', 0, -1, 0],
    ]);
  });

  test('the result does not depend on the order of the columns', () => {
    const m = referenceMatrix();
    const shuffled = { ...m, columns: [...m.columns].reverse() };
    const a = JSON.stringify(computeGraph(m, 'mood', { mode: 'explore', windowDays: 40 }));
    expect(JSON.stringify(computeGraph(shuffled, 'mood', { mode: 'explore', windowDays: 40 }))).toBe(a);
  });

  test('a factor can be the centre', () => {
    const graph = computeGraph(referenceMatrix(), 'tag:coffee', { mode: 'explore', windowDays: 40 });
    expect(graph.center).toEqual({ key: 'tag:coffee', label: '#coffee', unit: 'count' });
    expect(graph.edges.every((e) => e.key !== 'tag:coffee')).toBe(true);
  });
});
