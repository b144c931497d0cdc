import { jest } from '@jest/globals';
import { msOfTimeOrderedId, newTimeOrderedId, newTimeOrderedIds } from '../../src/core/ids.ts';

/** RFC 9562's version 7 layout: 48 bits of time, version 7, 12 bits, variant binary 10, 62 bits. */
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const timeOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
const randomBitsOf = (id: string) => id.replace(/-/g, '').slice(12);

afterEach(() => jest.restoreAllMocks());

test('the layout of RFC 9562 version 7: Unix milliseconds first, then the version and the variant', () => {
  const before = Date.now();
  const ids = Array.from({ length: 1000 }, newTimeOrderedId);
  const after = Date.now();
  for (const id of ids) {
    expect(id).toMatch(V7);
    expect(timeOf(id)).toBeGreaterThanOrEqual(before);
    expect(timeOf(id)).toBeLessThanOrEqual(after);
  }
  expect(new Set(ids).size).toBe(ids.length);
});

test('the ids of a process only increase, within a millisecond too, as text (and so as uuid bytes)', () => {
  const ids = Array.from({ length: 100_000 }, newTimeOrderedId);
  expect(ids.findIndex((id, i) => i > 0 && !(id > ids[i - 1]))).toBe(-1);
});

test('many ids in one millisecond keep its time and differ by random steps', () => {
  jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2030, 0, 1));
  const ids = Array.from({ length: 10_000 }, newTimeOrderedId);
  expect(new Set(ids.map(timeOf)).size).toBe(1);
  const steps = new Set<bigint>();
  for (let i = 1; i < ids.length; i++) {
    const step = BigInt(`0x${randomBitsOf(ids[i])}`) - BigInt(`0x${randomBitsOf(ids[i - 1])}`);
    expect(step > 0n).toBe(true);
    steps.add(step);
  }
  // Not a counter: the steps are random (1 to 2^31, so 10,000 of them hardly ever repeat).
  expect(steps.size).toBeGreaterThan(9_990);
});

test('a clock that steps back does not make an id go back: the last millisecond is kept until the clock passes it', () => {
  const clock = jest.spyOn(Date, 'now');
  const t = Date.UTC(2031, 5, 1);
  clock.mockReturnValue(t);
  const first = newTimeOrderedId();
  clock.mockReturnValue(t - 60_000);
  const stepped = Array.from({ length: 100 }, newTimeOrderedId);
  clock.mockReturnValue(t + 1);
  const next = newTimeOrderedId();
  expect(timeOf(first)).toBe(t);
  for (const id of stepped) expect(timeOf(id)).toBe(t);
  expect([first, ...stepped, next]).toEqual([first, ...stepped, next].sort());
  expect(new Set([first, ...stepped, next]).size).toBe(102);
  // A new millisecond starts from new random bits, not from the last id's.
  expect(timeOf(next)).toBe(t + 1);
  expect(randomBitsOf(next)).not.toBe(randomBitsOf(stepped.at(-1)!));
});

test("a batch's ids share one millisecond however long they take to make, and say it", () => {
  let now = Date.UTC(2032, 0, 1);
  jest.spyOn(Date, 'now').mockImplementation(() => now++);
  const before = newTimeOrderedId();
  const { ids, ms } = newTimeOrderedIds(5_000);
  expect(ms).toBeGreaterThan(timeOf(before));
  for (const id of ids) {
    expect(id).toMatch(V7);
    expect(msOfTimeOrderedId(id)).toBe(ms);
  }
  expect([before, ...ids]).toEqual([before, ...ids].sort());
  expect(new Set(ids).size).toBe(ids.length);
  // The next id is made in a later millisecond, and still sorts after them.
  const after = newTimeOrderedId();
  expect(msOfTimeOrderedId(after)).toBeGreaterThan(ms);
  expect(after > ids.at(-1)!).toBe(true);
});
