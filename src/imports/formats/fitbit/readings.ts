import type { PendingReading } from '../../reading-sink.ts';
import { isObject, num, text } from '../values.ts';
import { at, iso, type FitbitContext } from './context.ts';
import { deviceSource } from './devices.ts';
import type { FileKind } from './files.ts';
import { HeartRateMinutes } from './heart-rate.ts';
import { day, instant, wallKey, wallTime } from './local-time.ts';
import { SleepLogs } from './sleep.ts';
import { WeighIns, type WeightUnit } from './weigh-ins.ts';

/** The kinds of file whose records are JSON array elements. */
export type JsonKind = Extract<FileKind, 'heart_rate' | 'steps' | 'distance' | 'resting_heart_rate' | 'sleep' | 'weight' | 'exercise'>;
/** The kinds of file whose records are CSV rows. */
export type CsvKind = Extract<FileKind, 'daily_spo2' | 'daily_respiratory_rate'>;

/** A daily CSV's value: its column, and what it is a reading of. */
const DAILY: Record<CsvKind, { column: string; slug: string; unit: string }> = {
  daily_spo2: { column: 'average_value', slug: 'spo2', unit: '%' },
  daily_respiratory_rate: { column: 'daily_respiratory_rate', slug: 'respiratory_rate', unit: 'breaths/min' },
};

/** Per-minute files with a plain value: what the value is, and the unit it is in. */
const PER_MINUTE = {
  // distance-*.json: centimetres.
  steps: { slug: 'steps', unit: 'count', scale: 1, zero: 'a minute without steps' },
  distance: { slug: 'distance', unit: 'm', scale: 0.01, zero: 'a minute without distance' },
} as const;

/**
 * Turns the records of a Fitbit export's files into readings: each JSON element or CSV row read is
 * one record, which lands in one count (a reading created or already there, folded into another
 * reading, or skipped with its reason). The kinds that need the whole export (sleep nights, the
 * weight's unit) are written by `finish`.
 */
export class FitbitReadings {
  private readonly ctx: FitbitContext;
  private readonly heartRate: HeartRateMinutes;
  private readonly sleep: SleepLogs;
  private readonly weighIns: WeighIns;

  constructor(ctx: FitbitContext, weightUnit: WeightUnit | undefined) {
    this.ctx = ctx;
    this.heartRate = new HeartRateMinutes(ctx);
    this.sleep = new SleepLogs(ctx);
    this.weighIns = new WeighIns(ctx, weightUnit);
  }

  /** One element of a JSON file of this kind (`where`: "[12]"). */
  async element(kind: JsonKind, value: unknown, file: string, where: string): Promise<void> {
    switch (kind) {
      case 'heart_rate':
        return this.heartRate.add(value, file, where);
      case 'sleep':
        return this.sleep.add(value, file, where);
      case 'weight':
        return this.weighIns.add(value, file, where);
      case 'steps':
      case 'distance':
        return this.perMinute(kind, value, file, where);
      case 'resting_heart_rate':
        return this.restingHeartRate(value, file, where);
      case 'exercise':
        return this.exercise(value, file, where);
    }
  }

  /** One data row of a daily CSV (its header's columns by name). */
  async row(kind: CsvKind, columns: Map<string, number>, cells: string[], file: string, where: string): Promise<void> {
    const { sink, clock, source } = this.ctx;
    sink.record();
    const { column, slug, unit } = DAILY[kind];
    const date = day(cells[columns.get('timestamp') ?? -1]?.trim());
    const value = num(cells[columns.get(column) ?? -1]);
    if (date === null) return sink.ignore(`${slug} without a readable date`, `${at(file, where)}: no readable timestamp`, 'malformed');
    if (value === null) return sink.ignore(`${slug} without a value`, `${at(file, where)}: no ${column}`, 'malformed');
    const key = wallKey(date, 'day');
    await this.push(slug, clock.noon(date), `${slug}:${key}`, value, unit, { fitbit_file: kind }, source, at(file, where));
  }

  /** A file's heart-rate minutes, once the file ends. */
  async endFile(kind: JsonKind): Promise<void> {
    if (kind === 'heart_rate') await this.heartRate.flush();
  }

  /** What is written once every file is read: the weigh-ins held for their unit, and the sleep nights. */
  async finish(): Promise<void> {
    await this.heartRate.flush();
    await this.weighIns.decide();
    await this.sleep.finish();
  }

  /**
   * steps-/distance-YYYY-MM-DD.json: a month of minutes, `{"dateTime": "01/02/21 00:01:00",
   * "value": "12"}` (distance in centimetres). A minute with a value is a reading; most minutes are
   * 0 and are skipped by name (unmapped_type "a minute without steps"), as nothing happened.
   */
  private async perMinute(kind: 'steps' | 'distance', value: unknown, file: string, where: string): Promise<void> {
    const { sink, clock, source } = this.ctx;
    sink.record();
    const { slug, unit, scale, zero } = PER_MINUTE[kind];
    const minute = isObject(value) ? value : {};
    const time = typeof minute.dateTime === 'string' ? wallTime(minute.dateTime) : null;
    const n = num(minute.value);
    if (time === null) return sink.ignore(`${kind} without a readable time`, `${at(file, where)}: no readable dateTime`, 'malformed');
    if (n === null) return sink.ignore(`${kind} without a value`, `${at(file, where)}: no value`, 'malformed');
    if (n === 0) return sink.ignore(zero, `${at(file, where)}: 0`);
    const key = wallKey(time, 'second');
    await this.push(slug, clock.utc(time), `${kind}:${key}`, Math.round(n * scale * 1e6) / 1e6, unit, {}, source, at(file, where));
  }

  /**
   * resting_heart_rate-YYYY-MM-DD.json: a year of days, `{"dateTime": "01/02/21 00:00:00", "value":
   * {"date": "01/02/21", "value": 58.6, "error": 6.8}}`, recorded at the day's noon. A day Fitbit
   * could not tell (value 0 or null) is skipped by name.
   */
  private async restingHeartRate(value: unknown, file: string, where: string): Promise<void> {
    const { sink, clock, source } = this.ctx;
    sink.record();
    const entry = isObject(value) ? value : {};
    const inner = isObject(entry.value) ? entry.value : {};
    const date = day(inner.date) ?? day(entry.dateTime);
    const bpm = num(inner.value);
    if (date === null)
      return sink.ignore('resting_heart_rate without a readable date', `${at(file, where)}: no readable date`, 'malformed');
    if (!bpm) return sink.ignore('a day without a resting heart rate', `${at(file, where)}: no value`);
    const error = num(inner.error);
    const metadata = { fitbit_file: 'resting_heart_rate', ...(error !== null ? { error } : {}) };
    const key = wallKey(date, 'day');
    await this.push('resting_heart_rate', clock.noon(date), `resting_heart_rate:${key}`, bpm, 'bpm', metadata, source, at(file, where));
  }

  /**
   * exercise-N.json: a hundred exercises a page (logId, activityName, startTime "04/06/19
   * 17:11:48", duration and activeDuration in milliseconds, source). Each is its active minutes as
   * workout_minutes, recorded when it started; a tracker's exercise has the tracker as its source.
   */
  private async exercise(value: unknown, file: string, where: string): Promise<void> {
    const { sink, clock, source } = this.ctx;
    sink.record();
    const log = isObject(value) ? value : {};
    const start = instant(log.startTime, clock);
    const ms = num(log.activeDuration) || num(log.duration);
    if (start === null)
      return sink.ignore('exercise without a readable startTime', `${at(file, where)}: no readable startTime`, 'malformed');
    if (!ms || ms < 0) return sink.ignore('an exercise without a duration', `${at(file, where)}: no duration`);
    const by = isObject(log.source) ? log.source : {};
    const device = by.type === 'tracker' ? deviceSource(text(by.name)) : source;
    const activity = text(log.activityName);
    const id = num(log.logId) ?? String(log.startTime);
    await this.push(
      'workout_minutes',
      start,
      `exercise:${id}`,
      Math.round((ms / 60_000) * 1e4) / 1e4,
      'min',
      { fitbit_file: 'exercise', ...(activity ? { activity } : {}) },
      device,
      at(file, where),
    );
  }

  private push(
    slug: string,
    recordedAt: number,
    sourceId: string,
    value: number,
    unit: string,
    metadata: Record<string, unknown>,
    source: string,
    detail: string,
  ): Promise<void> {
    const pending: PendingReading = {
      reading: { metric_type_slug: slug, recorded_at: iso(recordedAt), source, source_id: sourceId, value, unit, metadata },
      records: 1,
      detail,
    };
    return this.ctx.sink.push(pending);
  }
}
