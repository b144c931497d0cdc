/** 1989-12-31T00:00:00Z, where FIT times count from. */
export const FIT_EPOCH_MS = 631_065_600_000;
/** FIT times below 0x10000000 s count from the device's power-on, not from the epoch: not an instant. */
const MIN_ABSOLUTE_MS = FIT_EPOCH_MS + 0x10000000 * 1000;

/** An instant in ms, or null for a FIT time that is none (unset, or relative to power-on). */
export const absoluteMs = (v: unknown): number | null => (v instanceof Date && v.getTime() >= MIN_ABSOLUTE_MS ? v.getTime() : null);

/**
 * What a message's mapping gets: its fields, its time (ms, null when it has none) and ways to
 * answer. Its first reading (or skip) counts the message as a record; later ones count none.
 */
export type MessageContext = {
  fields: Record<string, unknown>;
  ms: number | null;
  /** A reading; `id` is what tells it from the device's other readings of the metric (its time, a session's index ...). */
  reading(
    slug: string,
    at: number,
    value: number,
    unit: string,
    id: unknown[],
    metadata?: Record<string, unknown>,
    group?: unknown[],
  ): void;
  skip(why: string, reason?: 'unmapped_type' | 'malformed'): void;
  /** A value that cannot be a reading (a stress level of -1: no measurement). */
  invalid(why: string): void;
  /** A record's heart rate: averaged per minute. */
  heartRateSample(bpm: number, at: number): void;
  /** A sleep level, holding until the file's next one. */
  sleepLevel(level: unknown, at: number): void;
  /** Steps since the device's last running total of this activity type. */
  stepsSince(activityType: string, total: number, wraps16: boolean, at: number): number;
};

type Mapping = { map(c: MessageContext): void; /** Its time is a field of its own (not `timestamp`). */ untimed?: boolean };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const positive = (v: unknown): number | null => {
  const n = num(v);
  return n !== null && n > 0 ? n : null;
};

/** The activity types whose cycles are steps (the profile's `steps` subfield of monitoring.cycles). */
const STEPPING = new Set(['walking', 'running']);
/** A scale's weight of 0xFFFE (655.34 kg once scaled) means "still calculating". */
const CALCULATING_KG = 655.34;

/**
 * The message types read, by the SDK's name. Any other type with data is counted as unmapped by
 * its name; the file's bookkeeping (mapping.ts, STRUCTURAL) is no record at all.
 */
export const MESSAGES: Record<string, Mapping> = {
  // Activity files: one per second or so; heart rate as one reading per minute (the mean).
  record: {
    map(c) {
      const bpm = positive(c.fields.heartRate);
      if (bpm === null) return c.skip('record without heart rate');
      c.heartRateSample(bpm, c.ms!);
    },
  },
  // The summary of an activity (of each sport of a multisport one), at its start.
  session: {
    map(c) {
      const f = c.fields;
      const at = absoluteMs(f.startTime) ?? c.ms!;
      const id = ['session', at, f.messageIndex ?? ''];
      const metadata = { sport: f.sport ?? null, sub_sport: f.subSport ?? null };
      const minutes = positive(f.totalTimerTime);
      if (minutes !== null) c.reading('workout_minutes', at, minutes, 's', id, metadata);
      const meters = num(f.totalDistance);
      if (meters !== null) c.reading('distance', at, meters, 'm', id, metadata);
      const kcal = num(f.totalCalories);
      if (kcal !== null) c.reading('active_energy', at, kcal, 'kcal', id, { ...metadata, calories: 'total_calories' });
      c.skip('session without a duration, distance or calories');
    },
  },
  // Daily monitoring (the watch's all-day file): running step totals and heart rate samples.
  monitoring: {
    map(c) {
      const f = c.fields;
      const type = typeof f.activityType === 'string' ? f.activityType : null;
      // Without the steps subfield (the activity type came from a component) cycles are half the steps.
      const total = num(f.steps) ?? (num(f.cycles) !== null ? Math.round(num(f.cycles)! * 2) : null);
      const total16 = total === null ? num(f.cycles16) : null;
      if (type && STEPPING.has(type) && (total ?? total16) !== null) {
        const steps = c.stepsSince(type, (total ?? total16)!, total === null, c.ms!);
        if (steps > 0) c.reading('steps', c.ms!, steps, 'count', ['monitoring', type, c.ms], { activity_type: type });
      }
      const bpm = positive(f.heartRate);
      if (bpm !== null) c.reading('heart_rate', c.ms!, bpm, 'bpm', ['monitoring', c.ms]);
      c.skip('monitoring without new steps or heart rate');
    },
  },
  monitoringHrData: {
    map(c) {
      const today = positive(c.fields.currentDayRestingHeartRate);
      const bpm = today ?? positive(c.fields.restingHeartRate);
      if (bpm !== null)
        c.reading('resting_heart_rate', c.ms!, bpm, 'bpm', ['resting', c.ms], {
          field: today !== null ? 'current_day_resting_heart_rate' : 'resting_heart_rate',
        });
    },
  },
  sleepLevel: {
    map(c) {
      c.sleepLevel(c.fields.sleepLevel, c.ms!);
    },
  },
  spo2Data: {
    map(c) {
      const percent = positive(c.fields.readingSpo2);
      if (percent === null) return c.skip('spo2Data without a reading', 'malformed');
      c.reading('spo2', c.ms!, percent, '%', ['spo2', c.ms], {
        confidence: c.fields.readingConfidence ?? null,
        mode: c.fields.mode ?? null,
      });
    },
  },
  respirationRate: {
    map(c) {
      const rate = num(c.fields.respirationRate);
      if (rate === null || rate <= 0) return c.invalid(`respiration rate ${rate} is no measurement`);
      c.reading('respiratory_rate', c.ms!, rate, 'breaths/min', ['respiration', c.ms]);
    },
  },
  // Its time is stress_level_time; negative levels mean no measurement (off the wrist, too active).
  stressLevel: {
    untimed: true,
    map(c) {
      const at = absoluteMs(c.fields.stressLevelTime) ?? c.ms;
      if (at === null) return c.skip('stressLevel without a time', 'malformed');
      const level = num(c.fields.stressLevelValue);
      if (level === null || level < 0) return c.invalid(`stress level ${level} is no measurement`);
      c.reading('stress', at, level, 'score', ['stress', at]);
    },
  },
  weightScale: {
    map(c) {
      const f = c.fields;
      const id = ['weight', c.ms, f.userProfileIndex ?? ''];
      const metadata = f.userProfileIndex !== undefined ? { user_profile_index: f.userProfileIndex } : {};
      const kg = positive(f.weight);
      if (kg !== null && kg !== CALCULATING_KG) c.reading('weight', c.ms!, kg, 'kg', id, metadata);
      const fat = positive(f.percentFat);
      if (fat !== null) c.reading('body_fat', c.ms!, fat, '%', id, metadata);
    },
  },
  bloodPressure: {
    map(c) {
      const f = c.fields;
      const id = ['blood pressure', c.ms, f.userProfileIndex ?? ''];
      const systolic = positive(f.systolicPressure);
      const diastolic = positive(f.diastolicPressure);
      const group = systolic !== null && diastolic !== null ? id : undefined;
      if (systolic !== null) c.reading('blood_pressure_systolic', c.ms!, systolic, 'mmHg', id, {}, group);
      if (diastolic !== null) c.reading('blood_pressure_diastolic', c.ms!, diastolic, 'mmHg', id, {}, group);
      const bpm = positive(f.heartRate);
      if (bpm !== null) c.reading('heart_rate', c.ms!, bpm, 'bpm', id);
    },
  },
  // VO2 max estimates; the time is when the device updated it.
  maxMetData: {
    untimed: true,
    map(c) {
      const at = absoluteMs(c.fields.updateTime) ?? c.ms;
      if (at === null) return c.skip('maxMetData without a time', 'malformed');
      const vo2 = positive(c.fields.vo2Max);
      if (vo2 !== null) c.reading('vo2_max', at, vo2, 'mL/kg/min', ['vo2 max', at, c.fields.sport ?? '']);
    },
  },
  // A strap's stored beats: the SDK folds them into the records' heart rates.
  hr: {
    untimed: true,
    map(c) {
      c.skip('hr (merged into the records)');
    },
  },
};
