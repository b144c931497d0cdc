import { SleepNights } from '../../reading-sink.ts';
import { asleepInterval } from '../../sleep-period.ts';
import { isObject, num, type Json } from '../values.ts';
import { at, iso, type FitbitContext } from './context.ts';
import { instant } from './local-time.ts';

/** The stages Fitbit counts as asleep: the stages logs' deep, light and REM, the classic logs' asleep (restless and awake are not). */
const ASLEEP = new Set(['deep', 'light', 'rem', 'asleep']);

type Span = { start: number; end: number };

/** Asleep spans less the wakes inside them (a stages log's shortData: wakes under three minutes, which Fitbit subtracts too). */
function minus(asleep: Span[], wakes: Span[]): Span[] {
  if (!wakes.length) return asleep;
  const out: Span[] = [];
  for (const span of asleep) {
    let from = span.start;
    for (const w of wakes) {
      if (w.end <= from || w.start >= span.end) continue;
      if (w.start > from) out.push({ start: from, end: w.start });
      from = Math.max(from, w.end);
    }
    if (from < span.end) out.push({ start: from, end: span.end });
  }
  return out;
}

/** A log's `levels.data` (or `shortData`) entries of these levels, as spans. */
function spans(levels: unknown, key: 'data' | 'shortData', wanted: (level: string) => boolean, ctx: FitbitContext): Span[] {
  const list = isObject(levels) ? levels[key] : null;
  if (!Array.isArray(list)) return [];
  const out: Span[] = [];
  for (const e of list as unknown[]) {
    if (!isObject(e) || typeof e.level !== 'string' || !wanted(e.level)) continue;
    const start = instant(e.dateTime, ctx.clock);
    const seconds = num(e.seconds);
    if (start !== null && seconds !== null && seconds > 0) out.push({ start, end: start + seconds * 1000 });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The time a log was asleep: its stages (levels.data) in the asleep levels, less shortData's wakes;
 * a log without stages (one logged by hand) is asleep for `minutesAsleep` of its period, from when
 * it fell asleep (asleepInterval, as the other wearables' summaries).
 */
function asleepSpans(log: Json, start: number, ctx: FitbitContext): Span[] {
  const staged = spans(log.levels, 'data', (l) => ASLEEP.has(l), ctx);
  if (staged.length)
    return minus(
      staged,
      spans(log.levels, 'shortData', (l) => !ASLEEP.has(l), ctx),
    );
  const end = instant(log.endTime, ctx.clock) ?? start + (num(log.duration) ?? 0);
  const span = asleepInterval(start, end, (num(log.minutesAsleep) ?? 0) * 60, (num(log.minutesToFallAsleep) ?? 0) * 60);
  return span ? [{ start: span.startMs, end: span.endMs }] : [];
}

/**
 * sleep-YYYY-MM-DD.json: a month of sleep logs (logId, startTime, endTime, minutesAsleep, levels,
 * mainSleep), naps included. Each log's asleep time joins the import's sleep nights (a union per
 * source, ReadingSink's SleepNights, as Apple Health's stages do), written at the end as one
 * sleep_duration reading per night, recorded when it ends; the logs of a night are counted with its
 * reading. A night's source_id is its first asleep instant.
 */
export class SleepLogs {
  private readonly ctx: FitbitContext;
  private readonly nights = new SleepNights();
  /** The first asleep instant of every log, per source: which night each log is counted with. */
  private readonly logs = new Map<string, number[]>();

  constructor(ctx: FitbitContext) {
    this.ctx = ctx;
  }

  add(value: unknown, file: string, where: string): void {
    const { sink, source } = this.ctx;
    sink.record();
    const log = isObject(value) ? value : {};
    const start = instant(log.startTime, this.ctx.clock);
    if (start === null) return sink.ignore('sleep without a readable startTime', `${at(file, where)}: no readable startTime`, 'malformed');
    const asleep = asleepSpans(log, start, this.ctx);
    if (!asleep.length) return sink.ignore('a sleep log without time asleep', `${at(file, where)}: no time asleep`);
    for (const s of asleep) this.nights.add(source, iso(s.start), iso(s.end));
    const firsts = this.logs.get(source) ?? [];
    firsts.push(asleep[0].start);
    this.logs.set(source, firsts);
  }

  /** The nights, as readings. */
  async finish(): Promise<void> {
    for (const firsts of this.logs.values()) firsts.sort((a, b) => a - b);
    const next = new Map<string, number>();
    for (const night of this.nights.nights()) {
      const firsts = this.logs.get(night.source) ?? [];
      // Nights come in order per source, so each log is found by walking forward.
      let i = next.get(night.source) ?? 0;
      const end = Date.parse(night.end);
      let logs = 0;
      while (i < firsts.length && firsts[i] <= end) {
        logs++;
        i++;
      }
      next.set(night.source, i);
      await this.ctx.sink.pushNight({ ...night, intervals: Math.max(1, logs) }, `sleep:${night.start}`, { fitbit_file: 'sleep' });
    }
  }
}
