import { createHash } from 'node:crypto';
import { addDays } from '../insights/window.ts';

export const DESIGNS = ['ab', 'abab', 'randomized'] as const;
export type Design = (typeof DESIGNS)[number];
/** A: the intervention off (the baseline); B: the intervention on. */
export const ARMS = ['A', 'B'] as const;
export type Arm = (typeof ARMS)[number];

export type PlanBlock = { index: number; arm: Arm; from: string; to: string };
type PlanDay = { date: string; arm: Arm; block: number; washout: boolean };
export type Plan = { blocks: PlanBlock[]; days: PlanDay[] };

export type PlanSpec = {
  design: Design;
  blocks: number;
  blockDays: number;
  washoutDays: number;
  start: string;
  seed: number | null;
  /** The last day kept when the experiment was stopped early. */
  stoppedOn: string | null;
};

/**
 * The order of randomized pair k (0-based): the first four bytes of
 * SHA-256("lifetrack-experiment:<seed>:<k>") read as an unsigned big-endian integer; below 2^31
 * the pair is A then B, otherwise B then A. A counter, not a running generator: any language with
 * SHA-256 reproduces a schedule, and extending an experiment keeps the pairs it already had.
 */
function pairOrder(seed: number, k: number): [Arm, Arm] {
  const u = createHash('sha256').update(`lifetrack-experiment:${seed}:${k}`).digest().readUInt32BE(0);
  return u < 0x8000_0000 ? ['A', 'B'] : ['B', 'A'];
}

/** Each block's arm: ab is A, B; abab alternates from A; randomized draws each pair's order from the seed. */
export function blockArms(design: Design, blocks: number, seed: number | null): Arm[] {
  if (design === 'randomized') {
    if (seed === null) throw new Error('A randomized design needs a seed');
    return Array.from({ length: blocks / 2 }, (_, k) => pairOrder(seed, k)).flat();
  }
  return Array.from({ length: blocks }, (_, i) => (i % 2 === 0 ? 'A' : 'B'));
}

/**
 * The planned days: blocks of blockDays from start, each day with its arm, its block (1-based)
 * and whether it is a washout day (the first washoutDays of a block whose arm differs from the
 * block before; the first block follows no switch). A stopped experiment ends on its stop day.
 */
export function buildPlan(spec: PlanSpec): Plan {
  const arms = blockArms(spec.design, spec.blocks, spec.seed);
  const blocks: PlanBlock[] = [];
  const days: PlanDay[] = [];
  arms.forEach((arm, i) => {
    const switched = i > 0 && arms[i - 1] !== arm;
    const from = addDays(spec.start, i * spec.blockDays);
    if (spec.stoppedOn !== null && from > spec.stoppedOn) return;
    let to = from;
    for (let d = 0; d < spec.blockDays; d++) {
      const date = addDays(from, d);
      if (spec.stoppedOn !== null && date > spec.stoppedOn) break;
      days.push({ date, arm, block: i + 1, washout: switched && d < spec.washoutDays });
      to = date;
    }
    blocks.push({ index: i + 1, arm, from, to });
  });
  return { blocks, days };
}

/** The planned last day (before any stop). */
export const plannedEnd = (start: string, blocks: number, blockDays: number): string => addDays(start, blocks * blockDays - 1);
