import { createHash } from 'node:crypto';
import { formatInstant } from '../../local-time.ts';
import type { FitAction } from './actions.ts';
import type { FitMessage } from './decode.ts';
import { deviceOf, type Device } from './device.ts';
import { absoluteMs, FIT_EPOCH_MS, MESSAGES, type MessageContext } from './messages.ts';

/**
 * Messages that describe the file rather than measure anything: not records. file_id names the
 * device; activity and monitoring_info give the local time offset; the others are the file's
 * bookkeeping (creator, sensors, timer events, developer field definitions).
 */
const STRUCTURAL = new Set([
  'fileId',
  'fileCreator',
  'deviceInfo',
  'event',
  'activity',
  'monitoringInfo',
  'developerDataId',
  'fieldDescription',
  'timestampCorrelation',
]);

const hash = (...parts: unknown[]) => createHash('sha1').update(parts.map(String).join('\u0001')).digest('hex');

/**
 * The file's UTC offset in minutes, from a message that gives local and UTC time of one instant
 * (activity, monitoring_info, monitoring): rounded to 15 minutes, null when none does or it is not
 * a real offset.
 */
function offsetOf(messages: FitMessage[]): number | null {
  for (const { name, fields } of messages) {
    if (name !== 'activity' && name !== 'monitoringInfo' && name !== 'monitoring') continue;
    const utc = fields.timestamp instanceof Date ? (fields.timestamp.getTime() - FIT_EPOCH_MS) / 1000 : null;
    if (utc === null || typeof fields.localTimestamp !== 'number') continue;
    const minutes = Math.round((fields.localTimestamp - utc) / 900) * 15;
    if (Math.abs(minutes) <= 14 * 60) return minutes;
  }
  return null;
}

/** The chained files of one FIT file: each starts with its file_id. */
function segments(messages: FitMessage[]): { fileId: Record<string, unknown> | null; messages: FitMessage[] }[] {
  const out: { fileId: Record<string, unknown> | null; messages: FitMessage[] }[] = [];
  for (const m of messages) {
    if (m.name === 'fileId' || !out.length) out.push({ fileId: m.name === 'fileId' ? m.fields : null, messages: [] });
    out.at(-1)!.messages.push(m);
  }
  return out;
}

/** A minute of a record's heart rates, as one reading: their mean. */
type Minute = { ms: number; sum: number; n: number; detail: string };
type Level = { ms: number; level: unknown; detail: string };

/**
 * A FIT file's messages -> readings, skips and asleep intervals, by message type (messages.ts).
 * Kept for a whole import: monitoring steps are running totals per device and activity type, so
 * the last total seen carries over to the device's next file of the same day.
 */
export class FitMapper {
  private readonly stepTotals = new Map<string, { day: number; total: number }>();

  map(messages: FitMessage[], file: string): FitAction[] {
    const out: FitAction[] = [];
    const skip = (why: string, detail: string, reason: 'unmapped_type' | 'malformed' | 'too_large' = 'unmapped_type') => {
      const last = out.at(-1);
      // A run of one kind of skip is one action: a file of a hundred thousand HRV beats stays small.
      if (last?.k === 'skip' && last.why === why && last.reason === reason) last.records++;
      else out.push({ k: 'skip', why, reason, records: 1, detail });
    };
    for (const segment of segments(messages)) this.mapSegment(segment.fileId, segment.messages, file, out, skip);
    return out;
  }

  private mapSegment(
    fileId: Record<string, unknown> | null,
    messages: FitMessage[],
    file: string,
    out: FitAction[],
    skip: (why: string, detail: string, reason?: 'unmapped_type' | 'malformed' | 'too_large') => void,
  ): void {
    const device = deviceOf(fileId);
    const offsetMin = offsetOf(messages);
    const iso = (ms: number) => formatInstant(ms, offsetMin);
    const minutes = new Map<number, Minute>();
    const levels: Level[] = [];
    // The last full timestamp, in FIT seconds: a timestamp_16 counts on from it.
    let last: number | null = null;
    messages.forEach(({ name, fields }, index) => {
      let ms: number | null = null;
      if (fields.timestamp instanceof Date) {
        last = Math.round((fields.timestamp.getTime() - FIT_EPOCH_MS) / 1000);
        ms = absoluteMs(fields.timestamp);
      } else if (typeof fields.timestamp16 === 'number' && last !== null) {
        last += (fields.timestamp16 - last) & 0xffff;
        ms = absoluteMs(new Date(FIT_EPOCH_MS + last * 1000));
      }
      if (STRUCTURAL.has(name)) return;
      const detail = `${file}: ${name} ${ms === null ? `#${index}` : `at ${iso(ms)}`}`;
      const handler = MESSAGES[name];
      if (!handler) return skip(name, detail);
      let record = 1;
      const context: MessageContext = {
        fields,
        ms,
        reading: (slug, at, value, unit, id, metadata = {}, group) => {
          out.push({
            k: 'reading',
            reading: {
              metric_type_slug: slug,
              recorded_at: iso(at),
              source: device.source,
              source_id: hash(slug, device.key, ...id).slice(0, 24),
              value,
              unit,
              metadata: { fit_message: name, ...metadata },
              ...(group !== undefined && { reading_group_id: uuidOf(device.key, name, ...group) }),
            },
            records: record,
            detail,
          });
          record = 0;
        },
        skip: (why, reason) => {
          if (record) skip(why, detail, reason);
          record = 0;
        },
        invalid: (why) => {
          if (record) out.push({ k: 'invalid', records: 1, detail: `${detail}: ${why}` });
          record = 0;
        },
        heartRateSample: (bpm, at) => {
          record = 0;
          const minute = Math.floor(at / 60_000) * 60_000;
          const m = minutes.get(minute) ?? { ms: minute, sum: 0, n: 0, detail };
          m.sum += bpm;
          m.n++;
          minutes.set(minute, m);
        },
        sleepLevel: (level, at) => {
          record = 0;
          levels.push({ ms: at, level, detail });
        },
        stepsSince: (activityType, total, wraps16, at) => this.stepsSince(device, activityType, total, wraps16, at, (offsetMin ?? 0) * 60),
      };
      if (ms === null && !handler.untimed) context.skip(`${name} without a time`, 'malformed');
      else handler.map(context);
      if (record) skip(`${name} without a value`, detail, 'malformed');
    });
    for (const m of minutes.values()) {
      out.push({
        k: 'reading',
        reading: {
          metric_type_slug: 'heart_rate',
          recorded_at: iso(m.ms),
          source: device.source,
          source_id: hash('heart_rate', device.key, 'record minute', m.ms).slice(0, 24),
          value: Math.round((m.sum / m.n) * 10) / 10,
          unit: 'bpm',
          metadata: { fit_message: 'record', aggregation: 'mean of the minute', samples: m.n },
        },
        records: m.n,
        detail: m.detail,
      });
    }
    this.sleepIntervals(levels, device, iso, out, skip);
  }

  /** Sleep levels: each holds until the next one; light, deep and REM are asleep. */
  private sleepIntervals(
    levels: Level[],
    device: Device,
    iso: (ms: number) => string,
    out: FitAction[],
    skip: (why: string, detail: string, reason?: 'unmapped_type' | 'malformed' | 'too_large') => void,
  ): void {
    levels.sort((a, b) => a.ms - b.ms);
    levels.forEach((l, i) => {
      const next = levels[i + 1];
      if (l.level !== 'light' && l.level !== 'deep' && l.level !== 'rem') return skip(`sleepLevel ${String(l.level)}`, l.detail);
      if (!next) return skip('sleepLevel without an end (the last level of the file)', l.detail, 'malformed');
      if (next.ms > l.ms) out.push({ k: 'asleep', source: device.source, start: iso(l.ms), end: iso(next.ms) });
      else skip('sleepLevel of no length', l.detail, 'malformed');
    });
  }

  /**
   * Steps since the device's last total of this activity type. Monitoring files count steps as a
   * running total per activity type that starts again at local midnight: a total below the last one,
   * or on a later local day, is counted from zero. A message at midnight exactly ends the day before.
   * A 16-bit total (cycles_16) wraps at 65,536 and counts on from the last full one.
   */
  private stepsSince(device: Device, activityType: string, total: number, wraps16: boolean, at: number, offsetSec: number): number {
    const key = `${device.key}|${activityType}`;
    const day = Math.floor((at / 1000 + offsetSec - 1) / 86400);
    const before = this.stepTotals.get(key);
    const sameDay = before !== undefined && before.day === day;
    const now = wraps16 && sameDay ? before.total + ((total - before.total) & 0xffff) : total;
    this.stepTotals.set(key, { day, total: now });
    return sameDay && now >= before.total ? now - before.total : now;
  }
}

/** A uuid made of what identifies a measurement (a blood pressure's systolic and diastolic share it). */
function uuidOf(...parts: unknown[]): string {
  const h = hash(...parts);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
