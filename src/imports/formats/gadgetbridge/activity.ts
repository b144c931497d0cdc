import { ident, type TableInfo } from '../../sqlite-file.ts';
import { epochMs, type GadgetbridgeRead } from './context.ts';
import { deviceOf } from './devices.ts';
import { sleepKinds, type SleepKinds } from './kinds.ts';

/**
 * An activity sample table (MI_BAND_ACTIVITY_SAMPLE, XIAOMI_ACTIVITY_SAMPLE, GARMIN_…: greenDAO's
 * AbstractActivitySample, a row per device and minute with TIMESTAMP in epoch seconds, STEPS,
 * HEART_RATE and RAW_KIND where the family has them). Each value a row carries is a record:
 * its steps, summed into one reading per device and hour (a minute each would be 1,440 readings a
 * day for a number read per day); its heart rate, a reading (255, 0 and -1 are "none"); its
 * asleep kind (kinds.ts), a minute of its device's night. A row with none of them is one record,
 * counted as not mapped. Rows are read in time order, so a device has one open hour at a time.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** Whether a table is one of these: a device and a time, and steps, heart rate or a kind. */
export const isActivityTable = (t: TableInfo) =>
  t.columns.has('TIMESTAMP') &&
  t.columns.has('DEVICE_ID') &&
  (t.columns.has('STEPS') || (t.columns.has('HEART_RATE') && t.columns.has('RAW_KIND')));

type DeviceState = { hourMs: number; steps: number; records: number; kinds: SleepKinds | null };

export async function readActivityTable(read: GadgetbridgeRead, table: TableInfo): Promise<void> {
  const { sink, devices } = read;
  const col = (c: string) => (table.columns.has(c) ? ident(c) : 'null');
  const states = new Map<number, DeviceState>();
  const name = table.name;

  const flushHour = async (deviceId: number, s: DeviceState) => {
    if (s.records === 0) return;
    const device = deviceOf(devices, deviceId);
    const at = new Date(s.hourMs).toISOString();
    await sink.push({
      reading: {
        metric_type_slug: 'steps',
        recorded_at: at,
        source: device.source,
        source_id: `${device.identifier}/${name}/steps/${s.hourMs / 1000}`,
        value: s.steps,
        unit: 'count',
        metadata: { gadgetbridge_table: name, minutes: s.records },
      },
      records: s.records,
      detail: `${name}: the steps of ${at} (${device.source})`,
    });
    s.steps = 0;
    s.records = 0;
  };

  let row = 0;
  for await (const r of read.file.rows(
    `select TIMESTAMP as ts, DEVICE_ID as dev, ${col('STEPS')} as steps, ${col('HEART_RATE')} as hr, ${col('RAW_KIND')} as kind
     from ${ident(name)} order by TIMESTAMP`,
    [],
    read.signal,
  )) {
    row++;
    read.step();
    const detail = `${name} row ${row}`;
    const ms = epochMs(r.ts);
    const deviceId = Number(r.dev);
    let s = states.get(deviceId);
    if (!s) {
      s = { hourMs: 0, steps: 0, records: 0, kinds: sleepKinds(name, deviceOf(devices, deviceId).miBand1) };
      // A device per DEVICE row (capped there): the map is as small as the devices.
      states.set(deviceId, s);
    }
    const asleep = r.kind !== null && s.kinds !== null && s.kinds.asleep(Number(r.kind));
    if (ms === null) {
      sink.record();
      sink.ignore(`${name} without a readable time`, `${detail}: no readable TIMESTAMP`, 'malformed');
      continue;
    }
    const steps = Number(r.steps);
    const hr = Number(r.hr);
    const hasSteps = r.steps !== null && Number.isInteger(steps) && steps > 0;
    const hasHeartRate = r.hr !== null && Number.isInteger(hr) && hr > 0 && hr < 255;
    if (!hasSteps && !hasHeartRate && !asleep) {
      sink.record();
      sink.ignore(`${name}: a minute without steps, heart rate or sleep`, `${detail}: nothing to import`);
      continue;
    }
    const device = deviceOf(devices, deviceId);
    if (hasSteps) {
      sink.record();
      const hourMs = Math.floor(ms / HOUR_MS) * HOUR_MS;
      if (hourMs !== s.hourMs) await flushHour(deviceId, s);
      s.hourMs = hourMs;
      s.steps += steps;
      s.records++;
    }
    if (hasHeartRate) {
      sink.record();
      await sink.push({
        reading: {
          metric_type_slug: 'heart_rate',
          recorded_at: new Date(ms).toISOString(),
          source: device.source,
          source_id: `${device.identifier}/${name}/hr/${ms / 1000}`,
          value: hr,
          unit: 'bpm',
          metadata: { gadgetbridge_table: name },
        },
        records: 1,
        detail,
      });
    }
    if (asleep) {
      sink.record();
      read.sleep.sample(`${name}/${deviceId}`, device.source, ms, ms + MINUTE_MS);
    }
  }
  if (read.signal.aborted) return;
  for (const [deviceId, s] of states) await flushHour(deviceId, s);
}
