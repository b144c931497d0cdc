import { isObject, num } from '../values.ts';
import { at, iso, type FitbitContext } from './context.ts';
import { wallKey, wallTime } from './local-time.ts';

/** Minutes held before they are written, whatever the file (a day's file has 1,440). */
const MAX_MINUTES = 50_000;

/**
 * heart_rate-YYYY-MM-DD.json: a sample every few seconds (10,000 to 40,000 a day), each
 * `{"dateTime": "01/02/21 00:00:05", "value": {"bpm": 64, "confidence": 2}}`. Each minute's
 * samples become one heart_rate reading, their mean, recorded at the minute's start, with how many
 * samples it stands for (`metadata.samples`): the samples are counted as records, those folded into
 * their minute's reading counted with it. A minute's source_id is its wall time, so a later,
 * larger export finds the minutes it already holds. Fitbit's confidence (0 to 3) is not kept. In
 * the hour an autumn clock change repeats, both passes' samples share their minutes (read as the
 * first pass, as wallTimeToUtc reads a repeated time).
 */
export class HeartRateMinutes {
  private readonly ctx: FitbitContext;
  private minutes = new Map<number, { sum: number; n: number }>();
  private file = '';

  constructor(ctx: FitbitContext) {
    this.ctx = ctx;
  }

  async add(value: unknown, file: string, where: string): Promise<void> {
    const { sink } = this.ctx;
    sink.record();
    const sample = isObject(value) ? value : {};
    const time = typeof sample.dateTime === 'string' ? wallTime(sample.dateTime) : null;
    const bpm = isObject(sample.value) ? num(sample.value.bpm) : null;
    if (time === null) return sink.ignore('heart_rate without a readable time', `${at(file, where)}: no readable dateTime`, 'malformed');
    if (bpm === null) return sink.ignore('heart_rate without bpm', `${at(file, where)}: no value.bpm`, 'malformed');
    if (file !== this.file && this.minutes.size) await this.flush();
    this.file = file;
    const minute = time - (time % 60_000);
    const bucket = this.minutes.get(minute);
    if (bucket) {
      bucket.sum += bpm;
      bucket.n++;
    } else this.minutes.set(minute, { sum: bpm, n: 1 });
    if (this.minutes.size >= MAX_MINUTES) await this.flush();
  }

  /** The minutes held, as readings (at the end of each file, and at the end). */
  async flush(): Promise<void> {
    const { sink, clock, source } = this.ctx;
    const minutes = this.minutes;
    this.minutes = new Map();
    for (const [minute, { sum, n }] of minutes) {
      const key = wallKey(minute, 'minute');
      sink.merged(n - 1);
      await sink.push({
        reading: {
          metric_type_slug: 'heart_rate',
          recorded_at: iso(clock.utc(minute)),
          source,
          source_id: `heart_rate:${key}`,
          value: Math.round((sum / n) * 100) / 100,
          unit: 'bpm',
          metadata: { samples: n },
        },
        records: n,
        detail: `${this.file}: the minute ${key.replace('T', ' ')}`,
      });
    }
  }
}
