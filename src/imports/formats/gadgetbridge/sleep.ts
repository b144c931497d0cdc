import { SleepNights, type Night } from '../../reading-sink.ts';

/**
 * Asleep time per source as SleepNights keeps it, but fed runs rather than minutes: a night of
 * minute samples is a few runs of consecutive asleep minutes, not 400 intervals held until the
 * end. Each interval remembers how many of the file's records it stands for, so a night counts
 * them all (its `intervals` is its records: one the reading, the others merged into it).
 */
export class SleepRuns {
  private readonly nightsOf = new SleepNights();
  private readonly records = new Map<string, { startMs: number; records: number }[]>();
  /** Per device key: the run being extended (minute samples arrive in time order). */
  private readonly open = new Map<string, { source: string; startMs: number; endMs: number; records: number }>();

  /** An asleep interval standing for `records` records. */
  add(source: string, startMs: number, endMs: number, records = 1): void {
    this.nightsOf.add(source, new Date(startMs).toISOString(), new Date(endMs).toISOString());
    const list = this.records.get(source) ?? [];
    list.push({ startMs, records });
    this.records.set(source, list);
  }

  /** One asleep sample of `key`'s device covering [startMs, endMs): extends its run when it follows on, else starts one. */
  sample(key: string, source: string, startMs: number, endMs: number): void {
    const run = this.open.get(key);
    if (run && startMs >= run.startMs && startMs <= run.endMs) {
      run.endMs = Math.max(run.endMs, endMs);
      run.records++;
      return;
    }
    if (run) this.add(run.source, run.startMs, run.endMs, run.records);
    this.open.set(key, { source, startMs, endMs, records: 1 });
  }

  /** The nights, each with the records of the intervals it holds. */
  *nights(): Generator<Night> {
    for (const run of this.open.values()) this.add(run.source, run.startMs, run.endMs, run.records);
    this.open.clear();
    const sorted = new Map([...this.records].map(([source, list]) => [source, list.sort((a, b) => a.startMs - b.startMs)]));
    const next = new Map<string, number>();
    for (const night of this.nightsOf.nights()) {
      // Nights come per source in time order, and every interval belongs to exactly one of them.
      const list = sorted.get(night.source)!;
      const endMs = Date.parse(night.end);
      let i = next.get(night.source) ?? 0;
      let records = 0;
      for (; i < list.length && list[i].startMs <= endMs; i++) records += list[i].records;
      next.set(night.source, i);
      yield { ...night, intervals: records };
    }
  }
}
