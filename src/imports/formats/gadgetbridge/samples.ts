import type { SQLInputValue } from 'node:sqlite';
import { ident, type TableInfo } from '../../sqlite-file.ts';
import { epochMs, type GadgetbridgeRead } from './context.ts';
import { deviceOf } from './devices.ts';
import { PEBBLE_OVERLAY_ASLEEP } from './kinds.ts';

/**
 * Gadgetbridge's tables of one measure each (greenDAO's AbstractTimeSample: TIMESTAMP in epoch
 * milliseconds, DEVICE_ID): heart rate, SpO2, stress, respiratory rate, weight and temperature
 * samples become readings, a row each; sleep stages (a stage per row, its length given or lasting
 * until the device's next stage) and Pebble's activity overlays become asleep intervals; a sleep
 * session (Xiaomi's sleep time, Colmi's and CMF's sessions) is asleep as a whole only for a
 * device whose stages the file does not have.
 */

/** A table of readings: the column holding the value, its metric and unit, and which values are measurements. */
type ValueTable = { column: string; slug: string; unit: string; valid: (v: number) => boolean };

const positive = (v: number) => v > 0;

/** Which value table a table is, by the naming and columns greenDAO gives them; null when it is not one. */
export function valueTableOf(t: TableInfo): ValueTable | null {
  const name = t.name.toUpperCase();
  if (!name.endsWith('_SAMPLE') || !t.columns.has('TIMESTAMP') || !t.columns.has('DEVICE_ID') || t.columns.has('STEPS')) return null;
  const has = (c: string) => t.columns.has(c);
  if (name.includes('HEART_RATE') && has('HEART_RATE') && !name.includes('MAX')) {
    const valid = (v: number) => v > 0 && v < 255;
    return name.includes('RESTING')
      ? { column: 'HEART_RATE', slug: 'resting_heart_rate', unit: 'bpm', valid }
      : { column: 'HEART_RATE', slug: 'heart_rate', unit: 'bpm', valid };
  }
  if (name.includes('SPO2') && has('SPO2')) return { column: 'SPO2', slug: 'spo2', unit: '%', valid: (v) => v > 0 && v <= 100 };
  // Garmin writes -1 and -2 for a stress it could not measure.
  if (name.includes('STRESS') && has('STRESS')) return { column: 'STRESS', slug: 'stress', unit: 'score', valid: (v) => v >= 0 };
  if (name.includes('RESPIRATORY_RATE')) {
    const column = has('RESPIRATORY_RATE') ? 'RESPIRATORY_RATE' : has('RATE') ? 'RATE' : null;
    if (column) return { column, slug: 'respiratory_rate', unit: 'breaths/min', valid: positive };
  }
  if (has('WEIGHT_KG')) return { column: 'WEIGHT_KG', slug: 'weight', unit: 'kg', valid: positive };
  if (name.includes('TEMPERATURE') && has('TEMPERATURE') && has('TEMPERATURE_TYPE'))
    return { column: 'TEMPERATURE', slug: 'body_temperature', unit: '°C', valid: (v) => v > 25 && v < 45 };
  return null;
}

export async function readValueTable(read: GadgetbridgeRead, table: TableInfo, spec: ValueTable): Promise<void> {
  const { sink, devices } = read;
  let row = 0;
  for await (const r of read.file.rows(
    `select TIMESTAMP as ts, DEVICE_ID as dev, ${ident(spec.column)} as v from ${ident(table.name)}`,
    [],
    read.signal,
  )) {
    row++;
    read.step();
    sink.record();
    const detail = `${table.name} row ${row}`;
    const ms = epochMs(r.ts);
    const v = Number(r.v);
    if (ms === null) {
      sink.ignore(`${table.name} without a readable time`, `${detail}: no readable TIMESTAMP`, 'malformed');
      continue;
    }
    if (r.v === null || !Number.isFinite(v) || !spec.valid(v)) {
      sink.ignore(`${table.name}: not measured`, `${detail}: ${r.v === null ? 'none' : Number(r.v)} is the device's "no value"`);
      continue;
    }
    const device = deviceOf(devices, r.dev);
    await sink.push({
      reading: {
        metric_type_slug: spec.slug,
        recorded_at: new Date(ms).toISOString(),
        source: device.source,
        source_id: `${device.identifier}/${table.name}/${ms}`,
        value: v,
        unit: spec.unit,
        metadata: { gadgetbridge_table: table.name },
      },
      records: 1,
      detail,
    });
  }
}

/**
 * Sleep stage tables: the stages that are asleep (each provider's sleepStageToActivityKind or
 * FieldDefinitionSleepStage), and a stage's length: DURATION in minutes (Colmi) or seconds (CMF),
 * else until the device's next stage (Xiaomi, Garmin write a row when the stage changes), at most
 * STAGE_CAP_MS when the next is far (a stage is never hours long; the last of a night has no end).
 */
const STAGE_TABLES: Record<string, { asleep: ReadonlySet<number>; durationMs?: number; sessions: string }> = {
  XIAOMI_SLEEP_STAGE_SAMPLE: { asleep: new Set([2, 3, 4]), sessions: 'XIAOMI_SLEEP_TIME_SAMPLE' },
  GARMIN_SLEEP_STAGE_SAMPLE: { asleep: new Set([2, 3, 4]), sessions: '' },
  COLMI_SLEEP_STAGE_SAMPLE: { asleep: new Set([2, 3, 4]), durationMs: 60_000, sessions: 'COLMI_SLEEP_SESSION_SAMPLE' },
  CMF_SLEEP_STAGE_SAMPLE: { asleep: new Set([1, 2, 3]), durationMs: 1000, sessions: 'CMF_SLEEP_SESSION_SAMPLE' },
};
const STAGE_CAP_MS = 2 * 3_600_000;

export const SESSION_TABLES = new Set(
  Object.values(STAGE_TABLES)
    .map((s) => s.sessions)
    .filter(Boolean),
);
export const stageTableOf = (t: TableInfo) =>
  STAGE_TABLES[t.name.toUpperCase()] && t.columns.has('TIMESTAMP') && t.columns.has('DEVICE_ID') && t.columns.has('STAGE')
    ? STAGE_TABLES[t.name.toUpperCase()]
    : null;

/** Reads a stage table; answers the devices it had stages of (their sessions are not read as sleep). */
export async function readStageTable(read: GadgetbridgeRead, table: TableInfo): Promise<Set<number>> {
  const spec = stageTableOf(table)!;
  const withDuration = spec.durationMs !== undefined && table.columns.has('DURATION');
  const staged = new Set<number>();
  const name = table.name;
  let pending: { dev: number; ms: number; stage: number; detail: string } | null = null;
  const close = (endMs: number | null) => {
    if (!pending) return;
    const { dev, ms, stage, detail } = pending;
    pending = null;
    read.sink.record();
    if (!spec.asleep.has(stage)) return read.sink.ignore(`${name}: not asleep`, `${detail}: stage ${stage}`);
    if (endMs === null) return read.sink.ignore(`${name}: a stage without an end`, `${detail}: the device's last stage`);
    read.sleep.add(deviceOf(read.devices, dev).source, ms, Math.min(endMs, ms + STAGE_CAP_MS));
  };
  let row = 0;
  for await (const r of read.file.rows(
    `select TIMESTAMP as ts, DEVICE_ID as dev, STAGE as stage, ${withDuration ? 'DURATION' : 'null'} as duration from ${ident(name)} order by DEVICE_ID, TIMESTAMP`,
    [],
    read.signal,
  )) {
    row++;
    read.step();
    const detail = `${name} row ${row}`;
    const ms = epochMs(r.ts);
    const dev = Number(r.dev);
    staged.add(dev);
    if (pending && (pending.dev !== dev || ms === null)) close(null);
    if (ms === null) {
      read.sink.record();
      read.sink.ignore(`${name} without a readable time`, `${detail}: no readable TIMESTAMP`, 'malformed');
      continue;
    }
    if (withDuration) {
      pending = { dev, ms, stage: Number(r.stage), detail };
      const length = Number(r.duration) * spec.durationMs!;
      close(Number.isFinite(length) && length > 0 ? ms + length : null);
      continue;
    }
    close(ms);
    pending = { dev, ms, stage: Number(r.stage), detail };
  }
  if (!read.signal.aborted) close(null);
  return staged;
}

/** A sleep session table (TIMESTAMP to WAKEUP_TIME, both ms): asleep as a whole for a device without stages. */
export async function readSessionTable(read: GadgetbridgeRead, table: TableInfo, staged: ReadonlySet<number>): Promise<void> {
  let row = 0;
  for await (const r of read.file.rows(
    `select TIMESTAMP as ts, DEVICE_ID as dev, WAKEUP_TIME as wake from ${ident(table.name)}`,
    [],
    read.signal,
  )) {
    row++;
    read.step();
    read.sink.record();
    const detail = `${table.name} row ${row}`;
    if (staged.has(Number(r.dev))) {
      read.sink.ignore(`${table.name}: its stages are read instead`, `${detail}: the device's sleep stages give this night`);
      continue;
    }
    interval(read, table.name, detail, r.dev, epochMs(r.ts), epochMs(r.wake));
  }
}

/** Pebble Health's overlays (TIMESTAMP_FROM, TIMESTAMP_TO in seconds, RAW_KIND): its sleep and naps. */
export async function readPebbleOverlay(read: GadgetbridgeRead, table: TableInfo): Promise<void> {
  let row = 0;
  for await (const r of read.file.rows(
    `select TIMESTAMP_FROM as f, TIMESTAMP_TO as t, DEVICE_ID as dev, RAW_KIND as kind from ${ident(table.name)}`,
    [],
    read.signal,
  )) {
    row++;
    read.step();
    read.sink.record();
    const detail = `${table.name} row ${row}`;
    if (!PEBBLE_OVERLAY_ASLEEP.has(Number(r.kind))) {
      read.sink.ignore(`${table.name}: not asleep`, `${detail}: kind ${Number(r.kind)}`);
      continue;
    }
    interval(read, table.name, detail, r.dev, epochMs(r.f), epochMs(r.t));
  }
}

function interval(
  read: GadgetbridgeRead,
  name: string,
  detail: string,
  dev: SQLInputValue,
  start: number | null,
  end: number | null,
): void {
  if (start === null || end === null || end < start) {
    read.sink.ignore(`${name} without a readable time`, `${detail}: no readable start and end`, 'malformed');
    return;
  }
  read.sleep.add(deviceOf(read.devices, dev).source, start, end);
}
