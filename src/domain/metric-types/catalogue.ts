/**
 * The metric catalogue: every metric the service understands, its canonical unit, how one
 * source's readings of a day aggregate, and which input units convert to the canonical one.
 * Ids are stable integers (stored in readings, definitions and goals): append, never renumber.
 */
export type MetricCategory = 'activity' | 'sleep' | 'body' | 'heart' | 'nutrition' | 'mind';
export type Aggregation = 'sum' | 'mean' | 'last' | 'max' | 'min';

export type MetricType = {
  id: number;
  slug: string;
  label: string;
  category: MetricCategory;
  unit: string;
  aggregation: Aggregation;
  goalable: boolean;
  /** Top-level field of the day summary that carries this metric, or null (then only in `metrics`). */
  valueField: string | null;
  /** The input units it accepts, canonical first. */
  acceptedUnits: readonly string[];
};

/** value in some unit -> canonical: canonical = value * factor + offset. */
type Conversion = { factor: number; offset?: number };
type Units = Record<string, Conversion>;

const same: Conversion = { factor: 1 };
const COUNT: Units = { count: same };
const KCAL: Units = { kcal: same, Cal: same, cal: { factor: 0.001 }, kJ: { factor: 1 / 4.184 }, J: { factor: 1 / 4184 } };
const MINUTES: Units = {
  min: same,
  mins: same,
  minute: same,
  minutes: same,
  s: { factor: 1 / 60 },
  sec: { factor: 1 / 60 },
  seconds: { factor: 1 / 60 },
  h: { factor: 60 },
  hr: { factor: 60 },
  hours: { factor: 60 },
};
const HOURS: Units = {
  h: same,
  hr: same,
  hours: same,
  min: { factor: 1 / 60 },
  minutes: { factor: 1 / 60 },
  s: { factor: 1 / 3600 },
  sec: { factor: 1 / 3600 },
  seconds: { factor: 1 / 3600 },
};
const PERCENT: Units = { '%': same, percent: same };
const BPM: Units = { bpm: same, 'count/min': same, 'beats/min': same, '/min': same };
const MMHG: Units = { mmHg: same, kPa: { factor: 7.500_615_75 } };
const SCORE: Units = { score: same };
const GRAMS: Units = { g: same, mg: { factor: 0.001 }, kg: { factor: 1000 }, oz: { factor: 28.349_523_125 } };
const MILLIGRAMS: Units = { mg: same, g: { factor: 1000 }, mcg: { factor: 0.001 }, µg: { factor: 0.001 } };
const MICROGRAMS: Units = { mcg: same, µg: same, mg: { factor: 1000 }, g: { factor: 1_000_000 } };

type Entry = Omit<MetricType, 'id' | 'acceptedUnits'> & { units: Units; nonNegative: boolean };

function nutrient(slug: string, label: string, unit: string, units: Units): Entry {
  return { slug, label, category: 'nutrition', unit, aggregation: 'sum', goalable: true, valueField: null, units, nonNegative: true };
}

/** The catalogue, by id. */
const ENTRIES: Record<number, Entry> = {
  1: {
    slug: 'steps',
    label: 'Steps',
    category: 'activity',
    unit: 'count',
    aggregation: 'sum',
    goalable: true,
    valueField: 'steps',
    units: { ...COUNT, steps: same },
    nonNegative: true,
  },
  2: {
    slug: 'distance',
    label: 'Distance',
    category: 'activity',
    unit: 'km',
    aggregation: 'sum',
    goalable: true,
    valueField: 'distance_km',
    nonNegative: true,
    units: { km: same, m: { factor: 0.001 }, mi: { factor: 1.609_344 }, ft: { factor: 0.000_304_8 }, yd: { factor: 0.000_914_4 } },
  },
  3: {
    slug: 'active_energy',
    label: 'Active energy',
    category: 'activity',
    unit: 'kcal',
    aggregation: 'sum',
    goalable: true,
    valueField: 'active_energy_kcal',
    units: KCAL,
    nonNegative: true,
  },
  4: {
    slug: 'workout_minutes',
    label: 'Workout minutes',
    category: 'activity',
    unit: 'min',
    aggregation: 'sum',
    goalable: true,
    valueField: 'workout_minutes',
    units: MINUTES,
    nonNegative: true,
  },
  5: {
    slug: 'sleep_duration',
    label: 'Sleep',
    category: 'sleep',
    unit: 'h',
    aggregation: 'sum',
    goalable: true,
    valueField: 'sleep_hours',
    units: HOURS,
    nonNegative: true,
  },
  6: {
    slug: 'weight',
    label: 'Weight',
    category: 'body',
    unit: 'kg',
    aggregation: 'last',
    goalable: true,
    valueField: 'weight_kg',
    nonNegative: true,
    units: { kg: same, g: { factor: 0.001 }, lb: { factor: 0.453_592_37 }, lbs: { factor: 0.453_592_37 }, st: { factor: 6.350_293_18 } },
  },
  7: {
    slug: 'body_fat',
    label: 'Body fat',
    category: 'body',
    unit: '%',
    aggregation: 'last',
    goalable: true,
    valueField: null,
    units: PERCENT,
    nonNegative: true,
  },
  8: {
    slug: 'resting_heart_rate',
    label: 'Resting heart rate',
    category: 'heart',
    unit: 'bpm',
    aggregation: 'mean',
    goalable: true,
    valueField: 'resting_heart_rate',
    units: BPM,
    nonNegative: true,
  },
  9: {
    slug: 'heart_rate',
    label: 'Heart rate',
    category: 'heart',
    unit: 'bpm',
    aggregation: 'mean',
    goalable: false,
    valueField: null,
    units: BPM,
    nonNegative: true,
  },
  10: {
    slug: 'hrv_sdnn',
    label: 'Heart rate variability (SDNN)',
    category: 'heart',
    unit: 'ms',
    aggregation: 'mean',
    goalable: true,
    valueField: 'hrv_ms',
    units: { ms: same, s: { factor: 1000 } },
    nonNegative: true,
  },
  11: {
    slug: 'blood_pressure_systolic',
    label: 'Blood pressure (systolic)',
    category: 'heart',
    unit: 'mmHg',
    aggregation: 'mean',
    goalable: false,
    valueField: null,
    units: MMHG,
    nonNegative: true,
  },
  12: {
    slug: 'blood_pressure_diastolic',
    label: 'Blood pressure (diastolic)',
    category: 'heart',
    unit: 'mmHg',
    aggregation: 'mean',
    goalable: false,
    valueField: null,
    units: MMHG,
    nonNegative: true,
  },
  13: {
    slug: 'blood_glucose',
    label: 'Blood glucose',
    category: 'body',
    unit: 'mg/dL',
    aggregation: 'mean',
    goalable: false,
    valueField: null,
    nonNegative: true,
    units: { 'mg/dL': same, 'mmol/L': { factor: 18.0156 } },
  },
  14: {
    slug: 'body_temperature',
    label: 'Body temperature',
    category: 'body',
    unit: '°C',
    aggregation: 'mean',
    goalable: false,
    valueField: null,
    nonNegative: false,
    units: {
      '°C': same,
      C: same,
      degC: same,
      celsius: same,
      '°F': { factor: 5 / 9, offset: (-32 * 5) / 9 },
      F: { factor: 5 / 9, offset: (-32 * 5) / 9 },
      degF: { factor: 5 / 9, offset: (-32 * 5) / 9 },
      fahrenheit: { factor: 5 / 9, offset: (-32 * 5) / 9 },
    },
  },
  15: {
    slug: 'water',
    label: 'Water',
    category: 'nutrition',
    unit: 'ml',
    aggregation: 'sum',
    goalable: true,
    valueField: 'water_ml',
    nonNegative: true,
    units: {
      ml: same,
      mL: same,
      l: { factor: 1000 },
      L: { factor: 1000 },
      cl: { factor: 10 },
      'fl oz': { factor: 29.573_529_562_5 },
      fl_oz_us: { factor: 29.573_529_562_5 },
      oz: { factor: 29.573_529_562_5 },
      fl_oz_imp: { factor: 28.413_062_5 },
      cup: { factor: 236.588_236_5 },
      cup_us: { factor: 236.588_236_5 },
      cup_imp: { factor: 284.130_625 },
    },
  },
  16: {
    slug: 'caffeine',
    label: 'Caffeine',
    category: 'nutrition',
    unit: 'mg',
    aggregation: 'sum',
    goalable: true,
    valueField: 'caffeine_mg',
    nonNegative: true,
    units: { mg: same, g: { factor: 1000 }, mcg: { factor: 0.001 }, µg: { factor: 0.001 } },
  },
  17: {
    slug: 'mood',
    label: 'Mood',
    category: 'mind',
    unit: 'score',
    aggregation: 'mean',
    goalable: true,
    valueField: 'mood',
    units: SCORE,
    nonNegative: false,
  },
  18: {
    slug: 'energy',
    label: 'Energy level',
    category: 'mind',
    unit: 'score',
    aggregation: 'mean',
    goalable: true,
    valueField: 'energy',
    units: SCORE,
    nonNegative: false,
  },
  19: {
    slug: 'spo2',
    label: 'Blood oxygen',
    category: 'heart',
    unit: '%',
    aggregation: 'mean',
    goalable: false,
    valueField: null,
    units: PERCENT,
    nonNegative: true,
  },
  20: {
    slug: 'respiratory_rate',
    label: 'Respiratory rate',
    category: 'heart',
    unit: 'breaths/min',
    aggregation: 'mean',
    goalable: false,
    valueField: null,
    units: { 'breaths/min': same, brpm: same, 'count/min': same, '/min': same },
    nonNegative: true,
  },
  21: {
    slug: 'mindful_minutes',
    label: 'Mindful minutes',
    category: 'mind',
    unit: 'min',
    aggregation: 'sum',
    goalable: true,
    valueField: 'mindful_minutes',
    units: MINUTES,
    nonNegative: true,
  },
  22: {
    slug: 'dietary_energy',
    label: 'Calories eaten',
    category: 'nutrition',
    unit: 'kcal',
    aggregation: 'sum',
    goalable: true,
    valueField: 'calories_kcal',
    units: KCAL,
    nonNegative: true,
  },
  23: {
    slug: 'protein',
    label: 'Protein',
    category: 'nutrition',
    unit: 'g',
    aggregation: 'sum',
    goalable: true,
    valueField: null,
    units: GRAMS,
    nonNegative: true,
  },
  24: {
    slug: 'floors_climbed',
    label: 'Floors climbed',
    category: 'activity',
    unit: 'count',
    aggregation: 'sum',
    goalable: true,
    valueField: null,
    units: COUNT,
    nonNegative: true,
  },
  25: {
    slug: 'stress',
    label: 'Stress',
    category: 'mind',
    unit: 'score',
    aggregation: 'mean',
    goalable: false,
    valueField: null,
    units: SCORE,
    nonNegative: false,
  },
  26: {
    slug: 'vo2_max',
    label: 'VO2 max',
    category: 'heart',
    unit: 'mL/kg/min',
    aggregation: 'last',
    goalable: false,
    valueField: null,
    nonNegative: true,
    units: { 'mL/kg/min': same, 'ml/kg/min': same, 'mL/min·kg': same, 'mL/(kg·min)': same },
  },
  // The nutrients of a food item's label (the spec's edit body), summed per day from logged meals or any source.
  27: nutrient('carbohydrates', 'Carbohydrates', 'g', GRAMS),
  28: nutrient('fat', 'Fat', 'g', GRAMS),
  29: nutrient('saturated_fat', 'Saturated fat', 'g', GRAMS),
  30: nutrient('trans_fat', 'Trans fat', 'g', GRAMS),
  31: nutrient('fiber', 'Fiber', 'g', GRAMS),
  32: nutrient('sugar', 'Sugar', 'g', GRAMS),
  33: nutrient('added_sugar', 'Added sugar', 'g', GRAMS),
  34: nutrient('cholesterol', 'Cholesterol', 'mg', MILLIGRAMS),
  35: nutrient('sodium', 'Sodium', 'mg', MILLIGRAMS),
  36: nutrient('potassium', 'Potassium', 'mg', MILLIGRAMS),
  37: nutrient('calcium', 'Calcium', 'mg', MILLIGRAMS),
  38: nutrient('iron', 'Iron', 'mg', MILLIGRAMS),
  39: nutrient('vitamin_a', 'Vitamin A', 'mcg', MICROGRAMS),
  40: nutrient('vitamin_c', 'Vitamin C', 'mg', MILLIGRAMS),
  41: nutrient('vitamin_d', 'Vitamin D', 'mcg', MICROGRAMS),
};

export const METRIC_TYPES: readonly MetricType[] = Object.freeze(
  Object.entries(ENTRIES).map(([id, e]) =>
    Object.freeze({
      id: Number(id),
      slug: e.slug,
      label: e.label,
      category: e.category,
      unit: e.unit,
      aggregation: e.aggregation,
      goalable: e.goalable,
      valueField: e.valueField,
      acceptedUnits: Object.freeze([e.unit, ...Object.keys(e.units).filter((u) => u !== e.unit)]),
    }),
  ),
);

const BY_SLUG = new Map(METRIC_TYPES.map((t) => [t.slug, t]));
const BY_ID = new Map(METRIC_TYPES.map((t) => [t.id, t]));

export function metricType(slug: string): MetricType | undefined {
  return BY_SLUG.get(slug);
}

export function metricTypeById(id: number): MetricType | undefined {
  return BY_ID.get(id);
}

/**
 * Units are matched exactly first, then case-insensitively, except where lower-casing would
 * make two different units collide ("Cal" is a kilocalorie, "cal" a calorie).
 */
const LOWER = new Map<number, Map<string, Conversion | null>>();
for (const [id, e] of Object.entries(ENTRIES)) {
  const lower = new Map<string, Conversion | null>();
  for (const [u, c] of Object.entries(e.units)) {
    const k = u.toLowerCase();
    const prev = lower.get(k);
    lower.set(k, prev === undefined || (prev && prev.factor === c.factor && prev.offset === c.offset) ? c : null);
  }
  LOWER.set(Number(id), lower);
}

function conversion(t: MetricType, unit: string): Conversion | null {
  const units = ENTRIES[t.id].units;
  const trimmed = unit.trim();
  if (Object.hasOwn(units, trimmed)) return units[trimmed];
  return LOWER.get(t.id)!.get(trimmed.toLowerCase()) ?? null;
}

/** True when a metric's value can never be negative (steps, weight ...): a negative one is a 422. */
export function isNonNegative(slug: string): boolean {
  const t = BY_SLUG.get(slug);
  return t ? ENTRIES[t.id].nonNegative : false;
}

/**
 * The value in the metric's canonical unit; null when the slug is unknown or the unit does not
 * convert. A null/undefined unit means the value already is in the canonical unit.
 */
export function toCanonical(slug: string, value: number, unit: string | null | undefined): number | null {
  const t = BY_SLUG.get(slug);
  if (!t) return null;
  if (unit === null || unit === undefined) return value;
  const c = conversion(t, unit);
  if (!c) return null;
  // The canonical unit named: the value as sent, as with no unit (nothing to round).
  if (c.factor === 1 && !c.offset) return value;
  // Round away binary noise (70 kg as lb and back) without losing real precision.
  return Number((value * c.factor + (c.offset ?? 0)).toPrecision(12));
}
