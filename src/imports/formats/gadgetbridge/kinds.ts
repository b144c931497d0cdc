/**
 * Which RAW_KIND of an activity sample means asleep, per table (Gadgetbridge stores each device
 * family's own activity kinds and normalises them when it reads: devices/…/*SampleProvider
 * normalizeType). Tables whose kinds are Gadgetbridge's ActivityKind codes (LIGHT_SLEEP 2,
 * DEEP_SLEEP 4, REM_SLEEP 0x01000000) are listed in ACTIVITY_KIND_TABLES; the others have their
 * own values; a table not known here gives no sleep (its steps and heart rate are still read).
 */

/** ActivityKind's asleep codes (model/ActivityKind.java): light, deep, REM; AWAKE_SLEEP (0x02000000) is not asleep. */
const ACTIVITY_KIND_ASLEEP = new Set([0x02, 0x04, 0x01000000]);

/** Tables whose providers normalise with ActivityKind.fromCode. */
const ACTIVITY_KIND_TABLES = new Set([
  'BANGLE_JSACTIVITY_SAMPLE',
  'CASIO_GBX100_ACTIVITY_SAMPLE',
  'CMF_ACTIVITY_SAMPLE',
  'COLMI_ACTIVITY_SAMPLE',
  'GARMIN_ACTIVITY_SAMPLE',
  'ID115_ACTIVITY_SAMPLE',
  'JYOU_ACTIVITY_SAMPLE',
  'MAKIBES_HR3_ACTIVITY_SAMPLE',
  'NO1_F1_ACTIVITY_SAMPLE',
  'PEBBLE_MISFIT_SAMPLE',
  'PEBBLE_MORPHEUZ_SAMPLE',
  'PINE_TIME_ACTIVITY_SAMPLE',
  'TLW64_ACTIVITY_SAMPLE',
  'WATCH_XPLUS_ACTIVITY_SAMPLE',
  'XIAOMI_ACTIVITY_SAMPLE',
  'ZE_TIME_ACTIVITY_SAMPLE',
]);

/** Tables with values of their own (HuamiExtendedSampleProvider, HuaweiSampleProvider, FitProSampleProvider, LefunConstants). */
const OWN_ASLEEP: Record<string, ReadonlySet<number>> = {
  // 120 sleep, 121 and 122 the provider's deep and REM refinements of it.
  HUAMI_EXTENDED_ACTIVITY_SAMPLE: new Set([120, 121, 122]),
  HUAWEI_ACTIVITY_SAMPLE: new Set([0x06, 0x07]),
  FIT_PRO_ACTIVITY_SAMPLE: new Set([11, 12]),
  LEFUN_ACTIVITY_SAMPLE: new Set([3, 4]),
};

/** MI_BAND_ACTIVITY_SAMPLE holds two families: the first Mi Band's kinds (MiBandSampleProvider) and every later Huami band's (HuamiConst). */
const MI_BAND_1_ASLEEP = new Set([4, 5]);
const HUAMI_ASLEEP = new Set([9, 11]);
/** Huami's "no change" and "ignore": the kind before carries on (MiBand2SampleProvider.postprocess). */
const HUAMI_CARRY = new Set([0, 10]);

/** The Pebble Health overlay's kinds (PebbleHealthSampleProvider): light and deep sleep, light and deep nap. */
export const PEBBLE_OVERLAY_ASLEEP = new Set([1, 2, 3, 4]);

/**
 * A device's reading of one activity table's kinds: `asleep(raw)` in sample order, keeping what a
 * Huami band's "no change" needs (the last kind it gave). Null when the table's kinds are not known.
 */
export type SleepKinds = { asleep(raw: number): boolean };

export function sleepKinds(table: string, miBand1: boolean): SleepKinds | null {
  const name = table.toUpperCase();
  if (ACTIVITY_KIND_TABLES.has(name)) return { asleep: (raw) => ACTIVITY_KIND_ASLEEP.has(raw) };
  const own = OWN_ASLEEP[name];
  if (own) return { asleep: (raw) => own.has(raw) };
  if (name !== 'MI_BAND_ACTIVITY_SAMPLE') return null;
  if (miBand1) return { asleep: (raw) => MI_BAND_1_ASLEEP.has(raw) };
  let last = -1;
  return {
    asleep(raw) {
      if (raw === -1) return false;
      const kind = raw & 0xf;
      if (!HUAMI_CARRY.has(kind)) last = kind;
      return HUAMI_ASLEEP.has(HUAMI_CARRY.has(kind) ? last : kind);
    },
  };
}
