import { centreTests } from '../../src/domain/insights/graph.ts';
import { regularizedBeta } from '../../src/domain/insights/stats/beta.ts';
import { benjaminiHochberg } from '../../src/domain/insights/stats/fdr.ts';
import { averageRanks } from '../../src/domain/insights/stats/ranks.ts';
import { spearman } from '../../src/domain/insights/stats/spearman.ts';
import { studentTTwoSidedP } from '../../src/domain/insights/stats/student-t.ts';
import { expectClose, readCsv, referenceMatrix } from './fixtures.ts';

// Expected values come from SciPy (spearmanr, t.sf, betainc) and R-style BH, cross-checked against
// R's cor.test/p.adjust by test/fixtures/insights/make_reference.py. Agreement: 1e-6 relative.

function groupBy(rows: Record<string, string>[]): Map<string, Record<string, string>[]> {
  const groups = new Map<string, Record<string, string>[]>();
  for (const r of rows) groups.set(r.case, [...(groups.get(r.case) ?? []), r]);
  return groups;
}

describe('Spearman against SciPy spearmanr', () => {
  const cases = groupBy(readCsv('spearman_cases.csv'));
  const expected = readCsv('spearman_expected.csv');

  test.each(expected.map((e) => [e.case, e]))('%s', (name, e) => {
    const rows = cases.get(name)!;
    const x = rows.map((r) => Number(r.x));
    const y = rows.map((r) => Number(r.y));
    expect(rows).toHaveLength(Number(e.n));
    const { r, p } = spearman(x, y, x.length);
    expectClose(r, Number(e.rho), 1e-6, `${name} rho`);
    expectClose(p, Number(e.p), 1e-6, `${name} p`);
  });

  test('the fixtures include ties', () => {
    const ties = expected.filter((e) => e.case.startsWith('ties_'));
    expect(ties.length).toBeGreaterThanOrEqual(3);
    for (const t of ties) {
      const x = cases.get(t.case)!.map((r) => Number(r.x));
      expect(new Set(x).size).toBeLessThan(x.length);
    }
  });
});

test('average ranks share ties', () => {
  const ranks = averageRanks([10, 20, 10, 30, 20, 20], 6, new Float64Array(6), new Float64Array(6));
  expect([...ranks]).toEqual([1.5, 4, 1.5, 6, 4, 4]);
});

test('Student t two-sided tails against scipy.stats.t.sf', () => {
  for (const row of readCsv('student_t.csv')) {
    expectClose(studentTTwoSidedP(Number(row.t), Number(row.df)), Number(row.p), 1e-6, `t=${row.t} df=${row.df}`);
  }
});

test('regularized incomplete beta against scipy.special.betainc', () => {
  for (const row of readCsv('beta.csv')) {
    const what = `I_${row.x}(${row.a}, ${row.b})`;
    expectClose(regularizedBeta(Number(row.x), Number(row.a), Number(row.b)), Number(row.i), 1e-6, what);
  }
});

describe('Benjamini-Hochberg against R p.adjust(method = "BH")', () => {
  const sets = groupBy(readCsv('bh_cases.csv'));
  test.each([...sets.keys()])('%s', (name) => {
    const rows = sets.get(name)!;
    const q = benjaminiHochberg(rows.map((r) => Number(r.p)));
    rows.forEach((r, i) => expectClose(q[i], Number(r.q), 1e-6, `${name}[${i}]`));
  });

  test('monotone: a smaller p never gets a larger q; tied p get equal q', () => {
    const p = [0.04, 0.001, 0.04, 0.3, 0.02, 0.9, 0.0];
    const q = benjaminiHochberg(p);
    for (let i = 0; i < p.length; i++) {
      for (let j = 0; j < p.length; j++) if (p[i] <= p[j]) expect(q[i]).toBeLessThanOrEqual(q[j]);
    }
    expect(q[0]).toBe(q[2]);
  });
});

test('every (candidate, lag) test of the reference matrix: n, support, rho, p and BH q', () => {
  const expected = readCsv('graph_expected.csv');
  const actual = centreTests(referenceMatrix(), 'mood');
  expect(actual.map((t) => `${t.key}@${t.lag}`)).toEqual(expected.map((e) => `${e.key}@${e.lag}`));
  actual.forEach((t, i) => {
    const e = expected[i];
    const what = `${t.key} lag ${t.lag}`;
    expect([t.n, t.support]).toEqual([Number(e.n), Number(e.support)]);
    expectClose(t.r, Number(e.rho), 1e-6, `${what} rho`);
    expectClose(t.p, Number(e.p), 1e-6, `${what} p`);
    expectClose(t.q, Number(e.q), 1e-6, `${what} q`);
  });
});
