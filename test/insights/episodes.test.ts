import { computeEpisodes, episodeId, formatAmount } from '../../src/domain/insights/episodes.ts';
import { robustZ } from '../../src/domain/insights/stats/robust.ts';
import { presentEpisodes } from '../../src/representation/insights.ts';
import { column, matrix, noise, rng } from './synthetic.ts';

const USER = '00000000-0000-4000-8000-000000000001';
const episodes = (m: ReturnType<typeof matrix>, windowDays = m.dates.length) => computeEpisodes(m, { userId: USER, windowDays });

describe('robust z', () => {
  test('(median(recent) - median(baseline)) / (1.4826 · MAD(baseline))', () => {
    const baseline = [10, 12, 11, 13, 9, 10, 14, 12, 11, 10, 12, 13, 11, 10];
    // median 11, |x - 11| = 1 1 0 2 2 1 3 1 0 1 1 2 0 1 -> MAD 1
    const s = robustZ([15, 16, 14], baseline)!;
    expect(s.baselineMedian).toBe(11);
    expect(s.recentMedian).toBe(15);
    expect(s.z).toBeCloseTo(4 / 1.4826, 12);
  });

  test('MAD 0 falls back to 1.2533 · mean absolute deviation; both 0 is no score', () => {
    const baseline = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 1];
    const s = robustZ([2, 2, 1], baseline)!;
    expect(s.z).toBeCloseTo(2 / (1.2533 * (4 / 14)), 12);
    expect(robustZ([5, 5, 5], Array(20).fill(4))).toBeNull();
  });
});

describe('episodes', () => {
  test('a planted 5-day shift up (and one down) is an episode with the right direction', () => {
    const r = rng(5);
    const days = 90;
    const rhr = noise(r, days, 60, 2).map((v, d) => Math.round((d >= days - 5 ? v + 12 : v) * 10) / 10);
    const sleep = noise(r, days, 7.5, 0.4).map((v, d) => (d >= days - 5 ? v - 2.5 : v));
    const m = matrix(days, [
      column('resting_heart_rate', 'metric', rhr, { label: 'Resting heart rate', unit: 'bpm' }),
      column('sleep_duration', 'metric', sleep, { label: 'Sleep', unit: 'h' }),
    ]);
    const result = episodes(m);
    expect(result.windowDays).toBe(90);
    const byKey = new Map(result.episodes.map((e) => [e.key, e]));
    expect(byKey.get('resting_heart_rate')).toMatchObject({
      direction: 'above',
      kind: 'metric',
      recentDays: 7,
      baselineDays: 83,
      windowDays: 90,
    });
    expect(byKey.get('sleep_duration')!.direction).toBe('below');
    for (const e of result.episodes) {
      expect(Math.abs(e.z)).toBeGreaterThanOrEqual(2.5);
      expect(e.z).toBe(Math.round(e.z * 100) / 100);
    }
    const card = byKey.get('resting_heart_rate')!;
    expect(card.headline).toMatch(
      /^Resting heart rate has been above your usual: a median of [\d.]+ bpm over the last 7 days, against [\d.]+ bpm over the 83 days before\.$/,
    );
    const steps = computeEpisodes(
      matrix(days, [
        column(
          'steps',
          'metric',
          rhr.map((v) => v * 100),
          { label: 'Steps', unit: 'count' },
        ),
      ]),
      { userId: USER, windowDays: days },
    );
    expect(steps.episodes[0].headline).toMatch(/a median of \d+ steps over the last 7 days, against \d+ steps over/);
    expect(card.ratio).toBeGreaterThan(1);
    expect(card.caution).toBe('');
  });

  test('a flat history produces none: constant, and stationary noise', () => {
    const r = rng(9);
    const days = 120;
    const m = matrix(days, [
      column('weight', 'metric', Array(days).fill(72.4)),
      column('steps', 'metric', noise(r, days, 8000, 1500).map(Math.round)),
      column(
        'mood',
        'metric',
        noise(r, days, 6, 1).map((v) => Math.round(v)),
      ),
      column(
        'tag:coffee',
        'factor',
        Array.from({ length: days }, (_, d) => (d % 2 ? 1 : 2)),
      ),
    ]);
    expect(episodes(m).episodes).toEqual([]);
  });

  test('needs 14 baseline days and 3 recent days with values', () => {
    const days = 30;
    const shifted = (d: number) => (d >= days - 7 ? 100 : 10 + (d % 3));
    const sparseBaseline = Array.from({ length: days }, (_, d) => (d >= days - 7 || d % 2 === 0 ? shifted(d) : null)); // 12 baseline days
    const sparseRecent = Array.from({ length: days }, (_, d) => (d < days - 7 || d === days - 1 || d === days - 3 ? shifted(d) : null)); // 2 recent days
    const ok = Array.from({ length: days }, (_, d) => shifted(d));
    const m = matrix(days, [column('a', 'metric', sparseBaseline), column('b', 'metric', sparseRecent), column('c', 'metric', ok)]);
    expect(episodes(m).episodes.map((e) => e.key)).toEqual(['c']);
  });

  test('recent window is 3 days when window_days < 28', () => {
    const days = 20;
    const v = Array.from({ length: days }, (_, d) => (d >= days - 3 ? 50 : 10 + (d % 4)));
    const [e] = episodes(matrix(days, [column('x', 'metric', v)])).episodes;
    expect(e).toMatchObject({ recentDays: 3, baselineDays: 17, windowDays: 20, direction: 'above' });
  });

  test('a factor burst is scored against a mostly-zero baseline (mean absolute deviation fallback)', () => {
    const days = 60;
    const counts = Array.from({ length: days }, (_, d) => (d >= days - 7 ? 3 : d % 10 === 0 ? 1 : 0));
    const [e] = episodes(matrix(days, [column('tag:wine', 'factor', counts, { label: '#wine', unit: 'count' })])).episodes;
    expect(e).toMatchObject({ key: 'tag:wine', kind: 'factor', direction: 'above', recentDays: 7, baselineDays: 53 });
    expect(e.ratio).toBeNull(); // baseline median 0
    expect(e.caution).toBe('Most baseline days share one value (0), so a small change scores high.');
    expect(e.headline).toBe(
      '#wine has come up more often than usual: a median of 3 events a day over the last 7 days, against 0 events a day over the 53 days before.',
    );
  });

  test('ordered by |z| descending, then key; ids stable for user, key and window', () => {
    const days = 60;
    const base = (d: number) => 10 + (d % 5);
    const big = Array.from({ length: days }, (_, d) => (d >= days - 7 ? 40 : base(d)));
    const small = Array.from({ length: days }, (_, d) => (d >= days - 7 ? 0 : base(d)));
    const m = matrix(days, [column('b_small', 'metric', small), column('a_big', 'metric', big), column('c_big', 'metric', [...big])]);
    const result = episodes(m);
    expect(result.episodes.map((e) => e.key)).toEqual(['a_big', 'c_big', 'b_small']);
    const again = episodes(matrix(days, [...m.columns].reverse()));
    expect(JSON.stringify(again)).toBe(JSON.stringify(result));
    expect(result.episodes[0].id).toBe(episodeId(USER, 'a_big', m.dates[0], m.dates[days - 1]));
    expect(result.episodes[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(result.episodes.map((e) => e.id)).size).toBe(3);
    expect(episodeId('another-user', 'a_big', m.dates[0], m.dates[days - 1])).not.toBe(result.episodes[0].id);
  });

  test('caution names thin baselines, missing recent days, gaps and source changes', () => {
    const days = 50;
    const values = Array.from({ length: days }, (_, d) =>
      d < 20 ? null : d >= 26 && d <= 30 ? null : d >= days - 7 ? (d === days - 2 ? null : 90) : 60 + (d % 3),
    );
    const sources = new Map([['hr', values.map((v, d) => (v === null ? null : d < 31 ? 'watch' : 'ring'))]]);
    const m = matrix(days, [column('hr', 'metric', values)]);
    const [e] = computeEpisodes(m, { userId: USER, windowDays: days, sources }).episodes;
    expect(e.caution).toBe(
      'Only 18 baseline days have values; only 6 of the last 7 days have values; there is a 5-day gap without values (2026-01-27 to 2026-01-31); the source changed from watch to ring on 2026-02-01.',
    );
    const alternating = new Map([['hr', values.map((v, d) => (v === null ? null : d % 2 ? 'watch' : 'phone'))]]);
    expect(computeEpisodes(m, { userId: USER, windowDays: days, sources: alternating }).episodes[0].caution).toMatch(
      /; values come from 2 sources that alternate \(phone, watch\)\.$/,
    );
  });

  test('corroboration names other episodes that the graph links to this one', () => {
    const r = rng(21);
    const days = 90;
    const drive = noise(r, days);
    const shift = (d: number) => (d >= days - 7 ? 6 : 0);
    const a = drive.map((v, d) => 50 + 3 * v + 0.5 * r.normal() + 3 * shift(d));
    const b = drive.map((v, d) => 20 + 2 * v + 0.5 * r.normal() + 2 * shift(d));
    const c = noise(r, days, 5, 1).map((v, d) => v - shift(d));
    const m = matrix(days, [
      column('alpha', 'metric', a, { label: 'Alpha' }),
      column('beta', 'metric', b, { label: 'Beta' }),
      column('gamma', 'metric', c, { label: 'Gamma' }),
    ]);
    const result = episodes(m);
    const byKey = new Map(result.episodes.map((e) => [e.key, e]));
    expect(byKey.get('alpha')!.corroboration).toBe('Also unusual in this window and linked to Alpha in your data: Beta (above).');
    expect(byKey.get('beta')!.corroboration).toBe('Also unusual in this window and linked to Beta in your data: Alpha (above).');
    expect(byKey.get('gamma')!.corroboration).toBeNull();
    // REST cards keep one key order (byte-identical JSON): corroboration after caution, left out when there is none.
    const cards = new Map(presentEpisodes(result).episodes.map((e) => [e.key, e]));
    expect(Object.keys(cards.get('alpha')!)).toEqual([
      'id',
      'key',
      'kind',
      'label',
      'direction',
      'z',
      'ratio',
      'headline',
      'caution',
      'corroboration',
      'baseline_days',
      'recent_days',
      'window_days',
    ]);
    expect(Object.keys(cards.get('gamma')!)).not.toContain('corroboration');
  });

  test('amounts read like a person wrote them', () => {
    expect([formatAmount(62), formatAmount(7.254), formatAmount(8234.5), formatAmount(0.0123)]).toEqual(['62', '7.25', '8235', '0.0123']);
  });
});
