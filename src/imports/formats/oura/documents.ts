import type { Actor } from '../../../core/actor.ts';
import { dayNoon, formatInstant, parseInstant, type Instant } from '../../local-time.ts';
import { ReadingSink, SleepNights } from '../../reading-sink.ts';
import { asleepInterval } from '../../sleep-period.ts';
import type { ImportTally } from '../format.ts';
import { num } from '../values.ts';
import { v2Fields, type OuraDoc } from './categories.ts';

/**
 * What Oura's documents become. A record is one value a document gives: each number of it, each
 * sample of a heart rate series, and a sleep period (its durations are that one record). Numbers
 * without a metric (scores, temperature deviation, RMSSD HRV, Oura's sub-scores ...) are counted
 * as unmapped under `<kind>.<field>`; a series without one (HRV, MET) is one unmapped record; text
 * (ids, days, hypnograms, contributors) is not a record. A document without any number is one
 * unmapped record under its kind, so every document read is counted.
 */
const SOURCE = 'Oura';

/** Fields that are a document's shape, not a value: never a record (a hypnogram is digits). */
const STRUCTURE = new Set([
  'period',
  'timezone',
  'is_longest',
  'rest_mode_state',
  'sleep_phase_5_min',
  'sleep_phase_30_sec',
  'app_sleep_phase_5_min',
  'movement_30_sec',
  'class_5_min',
  'sleep_algorithm_version',
]);
/** A sleep period's durations: the period's own record. */
const PERIOD_FIELDS = [
  'total_sleep_duration',
  'deep_sleep_duration',
  'light_sleep_duration',
  'rem_sleep_duration',
  'awake_time',
  'time_in_bed',
  'latency',
];
/** Oura's hypnogram: one digit per 5 minutes, 1 deep, 2 light, 3 REM, 4 awake. */
const ASLEEP_PHASE = /[123]/g;

/** An object as a file gives it (a JSON object, or a CSV cell holding one), else undefined. */
function obj(v: unknown): Record<string, unknown> | undefined {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  if (typeof v !== 'string' || !v.trimStart().startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(v) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A series of samples ({interval, items, timestamp}), else undefined. */
function seriesOf(v: unknown): { interval: number; items: unknown[]; timestamp: string } | undefined {
  const s = obj(v);
  if (!s || !Array.isArray(s.items) || typeof s.timestamp !== 'string') return undefined;
  const interval = num(s.interval);
  return interval && interval > 0 ? { interval, items: s.items, timestamp: s.timestamp } : undefined;
}

export class OuraReadings {
  readonly sink: ReadingSink;
  private readonly sleep = new SleepNights();
  private readonly timezone: string;

  constructor(actor: Actor, tally: ImportTally | undefined, timezone: string) {
    this.sink = new ReadingSink(actor, tally);
    this.timezone = timezone;
  }

  /** One record of `slug`, written as a reading of Oura's. */
  private async value(slug: string, at: Instant, value: number, unit: string | null, key: string | number, detail: string, metadata = {}) {
    this.sink.record();
    await this.sink.push({
      reading: { metric_type_slug: slug, recorded_at: at.iso, source: SOURCE, source_id: `oura:${slug}:${key}`, value, unit, metadata },
      records: 1,
      detail,
    });
  }

  /** One record not read into a reading. */
  unmapped(name: string, detail: string, reason: 'unmapped_type' | 'malformed' | 'too_large' = 'unmapped_type'): void {
    this.sink.record();
    this.sink.ignore(name, detail, reason);
  }

  /** A document: its kind's values as readings, its other numbers as unmapped records. */
  async document(doc: OuraDoc): Promise<void> {
    const { category, where } = doc;
    const f = v2Fields(category, doc.fields);
    if (category === 'sleep' && f.type === 'deleted') return this.unmapped('sleep (deleted)', `${where}: a sleep period Oura deleted`);
    const done = new Set<string>(STRUCTURE);
    let records = 0;
    /** `field` (or a value made from it) as a reading of `slug`: a record when it is a number. */
    const mapped = async (
      field: string,
      slug: string,
      at: Instant | null,
      unit: string,
      key: string | number | undefined,
      value: unknown = f[field],
      metadata: Record<string, unknown> = {},
    ) => {
      done.add(field);
      const v = num(value);
      if (v === null) return;
      records++;
      if (!at || key === undefined) return this.unmapped(`${category}.${field} without a time`, `${where}: no usable time`, 'malformed');
      await this.value(slug, at, v, unit, key, `${where} (${field})`, { oura_type: category, ...metadata });
    };
    const day = typeof f.day === 'string' ? f.day.slice(0, 10) : undefined;
    const noon = day ? dayNoon(day, this.timezone) : null;
    const instant = (v: unknown) => (typeof v === 'string' ? parseInstant(v, this.timezone) : null);
    switch (category) {
      case 'sleep':
        records += await this.period(f, where, done);
        break;
      case 'heartrate': {
        const at = instant(f.timestamp);
        const source = typeof f.source === 'string' ? { oura_source: f.source.slice(0, 40) } : {};
        await mapped('bpm', 'heart_rate', at, 'bpm', at?.ms, f.bpm, source);
        break;
      }
      case 'daily_activity':
        await mapped('steps', 'steps', noon, 'count', day);
        await mapped('active_calories', 'active_energy', noon, 'kcal', day);
        break;
      case 'daily_spo2':
        // { "average": 97.2 } in the API and its JSON, a bare number in some CSVs.
        await mapped('spo2_percentage', 'spo2', noon, '%', day, obj(f.spo2_percentage)?.average ?? f.spo2_percentage);
        break;
      case 'vo2_max':
        await mapped('vo2_max', 'vo2_max', noon, 'mL/kg/min', day);
        break;
      case 'workout': {
        const start = instant(f.start_datetime);
        const end = instant(f.end_datetime);
        const minutes = start && end && end.ms > start.ms ? Math.round((end.ms - start.ms) / 60) / 1000 : null;
        await mapped('duration', 'workout_minutes', start, 'min', start?.ms, minutes);
        await mapped('distance', 'distance', start, 'm', start?.ms);
        break;
      }
    }
    records += this.rest(f, category, where, done);
    if (records === 0) this.unmapped(category, `${where}: nothing this service keeps`);
  }

  /** The numbers (and series) of a document nothing mapped: each an unmapped record. */
  private rest(f: Record<string, unknown>, category: string, where: string, done: Set<string>): number {
    let records = 0;
    for (const [field, v] of Object.entries(f)) {
      if (done.has(field) || (num(v) === null && !seriesOf(v))) continue;
      records++;
      this.unmapped(`${category}.${field}`, `${where}: ${field} has no metric here`);
    }
    return records;
  }

  /** A sleep period: its asleep interval into the nights (one record), then its other values. */
  private async period(f: Record<string, unknown>, where: string, done: Set<string>, fallback: Instant | null = null): Promise<number> {
    for (const k of PERIOD_FIELDS) done.add(k);
    const start = typeof f.bedtime_start === 'string' ? parseInstant(f.bedtime_start, this.timezone) : null;
    const end = typeof f.bedtime_end === 'string' ? parseInstant(f.bedtime_end, this.timezone) : null;
    const asleep = asleepSeconds(f, start && end ? (end.ms - start.ms) / 1000 : 0);
    const interval = start && end ? asleepInterval(start.ms, end.ms, asleep, num(f.latency) ?? 0) : null;
    if (!start || !end) this.unmapped('sleep without bedtimes', `${where}: no usable bedtime_start and bedtime_end`, 'malformed');
    else if (!interval) this.unmapped('sleep (no time asleep)', `${where}: a period without time asleep`);
    else {
      this.sink.record();
      this.sleep.add(SOURCE, formatInstant(interval.startMs, start.offsetMin), formatInstant(interval.endMs, end.offsetMin));
    }
    return 1 + (await this.sleepValues(f, end ?? start ?? fallback, where, done));
  }

  /** A period's lowest heart rate and breathing rate (at `at`, its end) and its heart rate samples: the records they are. */
  private async sleepValues(f: Record<string, unknown>, at: Instant | null, where: string, done: Set<string>): Promise<number> {
    let records = 0;
    for (const [field, slug, unit] of [
      ['lowest_heart_rate', 'resting_heart_rate', 'bpm'],
      ['average_breath', 'respiratory_rate', 'breaths/min'],
    ] as const) {
      done.add(field);
      const v = num(f[field]);
      // Oura writes 0 where it measured nothing.
      if (v === null || v === 0) continue;
      records++;
      if (!at) this.unmapped(`sleep.${field} without a time`, `${where}: no usable bedtime`, 'malformed');
      else await this.value(slug, at, v, unit, at.ms, `${where} (${field})`, { oura_type: 'sleep' });
    }
    done.add('heart_rate');
    const hr = seriesOf(f.heart_rate);
    const base = hr && parseInstant(hr.timestamp, this.timezone);
    for (const [i, item] of (hr?.items ?? []).entries()) {
      const bpm = num(item);
      if (bpm === null || bpm <= 0) continue;
      records++;
      if (!base) {
        this.unmapped('sleep.heart_rate without a time', `${where}: heart_rate has no usable timestamp`, 'malformed');
        continue;
      }
      const ms = base.ms + Math.round(i * hr.interval * 1000);
      const sample = { iso: formatInstant(ms, base.offsetMin), ms, offsetMin: base.offsetMin };
      await this.value('heart_rate', sample, bpm, 'bpm', ms, `${where} (heart_rate[${i}])`, { oura_type: 'sleep' });
    }
    return records;
  }

  /**
   * A row of the older "trends" CSV (oura_<from>_<to>_trends.csv): a day's sleep, readiness and
   * activity in Title Case columns (their order and spelling vary between versions). The night is
   * Bedtime Start..End with Total Sleep Duration (or Time) asleep, its values at Bedtime End; the
   * activity values at the day's noon.
   */
  async trendsRow(header: string[], cells: string[], where: string): Promise<void> {
    const col = new Map<string, string>();
    header.forEach((h, i) => col.set(h.trim().toLowerCase().replace(/\s+/g, ' '), (cells[i] ?? '').trim()));
    const cell = (...names: string[]) => names.map((n) => col.get(n)).find((v) => v !== undefined && v !== '' && v !== 'None');
    const day = cell('date') ?? '';
    const noon = dayNoon(day, this.timezone);
    const start = parseInstant(cell('bedtime start') ?? '', this.timezone);
    const end = parseInstant(cell('bedtime end') ?? '', this.timezone);
    const fields: Record<string, unknown> = {
      total_sleep_duration: cell('total sleep duration', 'total sleep time'),
      latency: cell('sleep latency'),
      bedtime_start: start?.iso,
      bedtime_end: end?.iso,
      lowest_heart_rate: cell('lowest resting heart rate'),
      average_breath: cell('respiratory rate'),
    };
    const done = new Set<string>();
    if (num(fields.total_sleep_duration) !== null) await this.period(fields, where, done, noon);
    else await this.sleepValues(fields, end ?? noon, where, done);
    const daily: [string, string, string][] = [
      ['steps', 'steps', 'count'],
      ['activity burn', 'active_energy', 'kcal'],
    ];
    for (const [name, slug, unit] of daily) {
      const v = num(cell(name));
      if (v === null) continue;
      if (!noon) this.unmapped(`${name} without a date`, `${where}: no usable date`, 'malformed');
      else await this.value(slug, noon, v, unit, day, `${where} (${name})`, { oura_type: 'trends' });
    }
    const read = new Set([
      'date',
      'bedtime start',
      'bedtime end',
      'total sleep duration',
      'total sleep time',
      'sleep latency',
      'rem sleep duration',
      'rem sleep time',
      'deep sleep duration',
      'deep sleep time',
      'light sleep duration',
      'light sleep time',
      'awake time',
      'total bedtime',
      'lowest resting heart rate',
      'respiratory rate',
      'steps',
      'activity burn',
    ]);
    header.forEach((h, i) => {
      if (read.has(h.trim().toLowerCase().replace(/\s+/g, ' ')) || num(cells[i]) === null) return;
      this.unmapped(h.trim().slice(0, 100), `${where}: ${h.trim()} has no metric here`);
    });
  }

  /** The nights, once every period is in; then the last batch. */
  async finish(): Promise<void> {
    for (const night of this.sleep.nights()) {
      await this.sink.pushNight(night, `oura:sleep:${Date.parse(night.start)}`, { oura_type: 'sleep' });
    }
    await this.sink.flush();
  }
}

/**
 * A period's time asleep in seconds: total_sleep_duration, else its stages' sum, else the
 * hypnogram's asleep 5-minute buckets, else the time in bed less the time awake.
 */
function asleepSeconds(f: Record<string, unknown>, spanS: number): number {
  const total = num(f.total_sleep_duration);
  if (total !== null) return total;
  const stages = ['deep_sleep_duration', 'light_sleep_duration', 'rem_sleep_duration'].map((k) => num(f[k]));
  if (stages.some((s) => s !== null)) return stages.reduce<number>((sum, s) => sum + (s ?? 0), 0);
  if (typeof f.sleep_phase_5_min === 'string') return (f.sleep_phase_5_min.match(ASLEEP_PHASE)?.length ?? 0) * 300;
  const awake = num(f.awake_time);
  return awake !== null ? spanS - awake : 0;
}
