import { loopNumericScores, loopScores, type HabitDay } from '../../src/domain/goals/periods.ts';

/**
 * Habit strength against Loop Habit Tracker's own published tests (iSoron/uhabits,
 * uhabits-core/src/jvmTest/.../models/ScoreListTest.kt, GPL-3.0; its expected numbers used here
 * as test data): the same days give the same scores to 1e-6. Loop lists the newest day first and
 * counts days back from today; these lists run oldest first.
 */
const E = 1e-6;
const newestFirst = (scores: number[], n: number) => scores.slice(-n).reverse();
const close = (actual: number[], expected: number[]) => {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((a, i) => expect(Math.abs(a - expected[i])).toBeLessThanOrEqual(E));
};
/** `total` days ending today, `back` = how many days before today each is; `mark` says what each day is. */
const days = (total: number, mark: (back: number) => HabitDay) => Array.from({ length: total }, (_, i) => mark(total - 1 - i));

test('YesNoScoreListTest.test_getValue: twenty daily checks', () => {
  close(
    newestFirst(
      loopScores(
        days(23, (b) => (b < 20 ? 'yes' : 'no')),
        1,
        1,
      ),
      23,
    ),
    [
      0.655747, 0.636894, 0.617008, 0.596033, 0.57391, 0.550574, 0.525961, 0.5, 0.472617, 0.443734, 0.41327, 0.381137, 0.347244, 0.311495,
      0.273788, 0.234017, 0.192067, 0.14782, 0.101149, 0.051922, 0, 0, 0,
    ],
  );
});

test('YesNoScoreListTest.test_getValueWithSkip: skipped days keep the score', () => {
  const skipped = new Set([5, 10, 11]);
  close(
    newestFirst(
      loopScores(
        days(23, (b) => (skipped.has(b) ? 'skip' : b < 20 ? 'yes' : 'no')),
        1,
        1,
      ),
      23,
    ),
    [
      0.596033, 0.57391, 0.550574, 0.525961, 0.5, 0.472617, 0.472617, 0.443734, 0.41327, 0.381137, 0.347244, 0.347244, 0.347244, 0.311495,
      0.273788, 0.234017, 0.192067, 0.14782, 0.101149, 0.051922, 0, 0, 0,
    ],
  );
});

test('YesNoScoreListTest.test_getValueWithSkip2 and test_recompute', () => {
  close(
    newestFirst(
      loopScores(
        days(7, (b) => (b === 5 ? 'yes' : b === 4 ? 'skip' : 'no')),
        1,
        1,
      ),
      7,
    ),
    [0.041949, 0.044247, 0.04667, 0.049226, 0.051922, 0.051922, 0],
  );
  close([loopScores(['yes', 'yes'], 1, 1).at(-1)!], [0.101149]);
  close([loopScores(['yes', 'yes'], 1, 2).at(-1)!], [0.054816]);
});

test('YesNoScoreListTest.test_imperfectNonDaily: 3 of 7 converges to 2/3 when 2 are done, 4 of 7 to 1/2', () => {
  const week: HabitDay[] = ['no', 'no', 'no', 'no', 'no', 'yes', 'yes'];
  const weeks = Array.from({ length: 100 }, () => week).flat();
  close([loopScores(weeks, 3, 7).at(-1)!], [2 / 3]);
  close([loopScores(weeks, 4, 7).at(-1)!], [0.5]);
});

test('NumericalAtLeast and AtMost ScoreListTest: recompute, and skipped days', () => {
  close([loopNumericScores([2, 2], 2, 1, 'at_least').at(-1)!], [0.101149]);
  close([loopNumericScores([2, 2], 2, 2, 'at_least').at(-1)!], [0.072631]);
  // At most 2 a day, 5 done: the score falls from 1.
  close([loopNumericScores([5, 5], 2, 1, 'at_most').at(-1)!], [0.89885]);
  close([loopNumericScores([5, 5], 2, 2, 'at_most').at(-1)!], [0.927369]);
  // NumericalAtLeastScoreListWithSkipTest.test_getValue: skips 10 and 15 days back.
  const amounts = Array.from({ length: 23 }, (_, i) => {
    const back = 22 - i;
    return back === 10 || back === 15 ? null : back < 20 ? 2 : 0;
  });
  close(
    newestFirst(loopNumericScores(amounts, 2, 1, 'at_least'), 23),
    [
      0.617008, 0.596033, 0.57391, 0.550574, 0.525961, 0.5, 0.472617, 0.443734, 0.41327, 0.381137, 0.347244, 0.347244, 0.311495, 0.273788,
      0.234017, 0.192067, 0.192067, 0.14782, 0.101149, 0.051922, 0, 0, 0,
    ],
  );
});
