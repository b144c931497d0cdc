import * as chrono from 'chrono-node';
import { casual, guardedParserCount } from '../../src/domain/captures/parser/chrono.ts';
import { MAX_SUGGESTIONS, parseCapture, parseCaptureWithLimits, type ParseContext } from '../../src/domain/captures/parser/index.ts';

/**
 * The parser's limits on long and adversarial text: at most MAX_SUGGESTIONS drafts, a time budget,
 * and chrono's time-unit parsers without exponential backtracking. No timings are asserted here
 * (machines are noisy): `npm run bench:parser` measures them. An exponential case would still
 * show up as a test running into jest's timeout.
 */
const ctx: ParseContext = {
  capturedAt: new Date('2026-03-10T15:30:00.000Z'),
  timezone: 'Europe/Berlin',
  categories: [{ id: 'cat-running', name: 'Running' }],
};

const fill = (unit: string, length = 2000) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

const spansPointIntoText = (text: string, drafts: ReturnType<typeof parseCapture>) => {
  for (const d of drafts) expect(text.slice(d.span.start, d.span.end)).toBe(d.span.text);
};

describe('at most MAX_SUGGESTIONS suggestions per capture', () => {
  test('the cap is 20', () => {
    expect(MAX_SUGGESTIONS).toBe(20);
  });

  test('"12;" × 666 (1,998 characters) gives 20 suggestions, the first ones in text order', () => {
    const text = '12;'.repeat(666);
    const outcome = parseCaptureWithLimits(text, ctx);
    expect(outcome.truncated).toBe('max_suggestions');
    expect(outcome.drafts).toHaveLength(20);
    expect(outcome.drafts.map((d) => d.span.start)).toEqual(Array.from({ length: 20 }, (_, i) => i * 3));
    spansPointIntoText(text, outcome.drafts);
    expect(parseCapture(text, ctx)).toEqual(outcome.drafts);
  });

  test('exactly 20 is not truncated; 21 is', () => {
    const twenty = parseCaptureWithLimits(Array.from({ length: 20 }, () => 'weight 70 kg').join('\n'), ctx);
    expect(twenty.drafts).toHaveLength(20);
    expect(twenty.truncated).toBeNull();
    const more = parseCaptureWithLimits(Array.from({ length: 21 }, () => 'weight 70 kg').join('\n'), ctx);
    expect(more.drafts).toHaveLength(20);
    expect(more.truncated).toBe('max_suggestions');
  });

  test('a segment that crosses the cap is cut at the cap', () => {
    const text = `${'weight 70 kg; '.repeat(19)}bp 120/80`; // 19 readings, then 2 from one segment
    const outcome = parseCaptureWithLimits(text, ctx);
    expect(outcome.drafts).toHaveLength(20);
    expect(outcome.drafts.at(-1)!.payload.metric_type_slug).toBe('blood_pressure_systolic');
    expect(outcome.truncated).toBe('max_suggestions');
  });

  test('many events in one segment are capped too', () => {
    const text = fill('ran 5k, ');
    const drafts = parseCapture(text, ctx);
    expect(drafts).toHaveLength(20);
    expect(drafts.every((d) => d.kind === 'event' && d.payload.category_id === 'cat-running')).toBe(true);
    spansPointIntoText(text, drafts);
  });
});

describe('time budget', () => {
  /** A clock that moves 10 ms each time it is read. */
  const ticking = () => {
    let t = 0;
    return () => (t += 10);
  };

  test('no further segment is started once the budget is spent; what was found is kept', () => {
    const text = Array.from({ length: 10 }, (_, i) => `weight ${70 + i} kg`).join('\n');
    const outcome = parseCaptureWithLimits(text, ctx, { budgetMs: 25, now: ticking() });
    expect(outcome.truncated).toBe('time_budget');
    expect(outcome.drafts.map((d) => d.payload.value)).toEqual([70, 71, 72]);
  });

  test('the first segment is always parsed', () => {
    const outcome = parseCaptureWithLimits('weight 70 kg\nweight 71 kg', ctx, { budgetMs: 0, now: ticking() });
    expect(outcome.drafts.map((d) => d.payload.value)).toEqual([70]);
    expect(outcome.truncated).toBe('time_budget');
  });

  test('within the budget nothing is truncated, and the result is what parseCapture gives', () => {
    const text = 'weight 72.4 kg, ran 5k this morning in 27 min; lunch at Café Nero: salad';
    const outcome = parseCaptureWithLimits(text, ctx, { budgetMs: 10_000 });
    expect(outcome.truncated).toBeNull();
    expect(outcome.drafts).toEqual(parseCapture(text, ctx));
  });
});

describe('adversarial text is parsed (each used to take seconds to minutes, or was quadratic)', () => {
  const INPUTS: [string, string][] = [
    ['"12;" × 666', '12;'.repeat(666)],
    ['"couple days " repeated', fill('couple days ')],
    ['"3 days  " repeated (two spaces)', fill('3 days  ')],
    ['"a couple of days " repeated', fill('a couple of days ')],
    ['"1.5 h " repeated', fill('1.5 h ')],
    ['"3 days " repeated, then "ago"', `${fill('3 days ', 1996)}ago`],
    ['"1/2;" repeated', fill('1/2;')],
    ['"9pm " repeated', fill('9pm ')],
    ['a run of digits', fill('1')],
    ['a word, 1,998 spaces, a word', `a${' '.repeat(1998)}b`],
    ['a word, 1,998 dashes, a word', `a${'-'.repeat(1998)}b`],
    ['a meal with a long run of spaces in its place', `lunch at x${' '.repeat(1985)}y: soup`],
    ['a meal item ending in 1,990 dots', `lunch: a${'.'.repeat(1990)}b`],
    ['"weight" and 1,994 spaces', `weight${' '.repeat(1993)}x`],
    ['"12kg," repeated', fill('12kg,')],
  ];

  test.each(INPUTS)('%s', (_name, text) => {
    const outcome = parseCaptureWithLimits(text, ctx);
    expect(outcome.drafts.length).toBeGreaterThan(0);
    expect(outcome.drafts.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    spansPointIntoText(text, outcome.drafts);
  });

  test('the readings of a long text keep their places', () => {
    const text = `${'x'.repeat(1500)}; weight 72.4 kg; ${'y'.repeat(400)}`;
    // The x's and y's beside it are words nobody understands: not events of their own.
    const [reading] = parseCapture(text, ctx);
    expect(reading.span).toEqual({ start: 1502, end: 1516, text: 'weight 72.4 kg' });
    expect(reading.payload.value).toBe(72.4);
  });
});

describe('chrono without exponential backtracking', () => {
  test('all four time-unit parsers get the exact pre-check', () => {
    expect(guardedParserCount).toBe(4);
  });

  const ref = { instant: new Date('2026-03-10T15:30:00.000Z'), timezone: 60 };
  const PHRASES = [
    '3 days ago',
    '2 hours and 30 minutes later',
    'in a couple of days',
    'a couple  of days ago',
    'couple   days ago',
    'about 3 days, and 2 hours ago',
    'half an hour ago',
    'in 5 min',
    'next 3 weeks',
    '+3 days',
    'within 2 hours',
    'a few days ago',
    '1 day,  2 hours ,and 3 minutes ago',
    '3 days      2 hours ago',
    '3 days       ago',
    '2 weeks 3 days 4 hours 5 minutes 6 seconds 7 weeks 8 days 9 hours 10 minutes 11 seconds 12 days ago',
    'headache 2 hours ago, ran 5k in 27 min',
    'last 2 days',
    'for 3 hours',
    'an hour from now',
    'half a day later',
  ];
  const shape = (results: chrono.ParsedResult[]) =>
    results.map((r) => ({ index: r.index, text: r.text, start: r.start.date().toISOString(), end: r.end?.date().toISOString() ?? null }));

  test.each(PHRASES)('%j reads as chrono reads it', (text) => {
    for (const forwardDate of [false, true]) {
      expect(shape(casual.parse(text, ref, { forwardDate }))).toEqual(shape(chrono.casual.parse(text, ref, { forwardDate })));
    }
  });
});
