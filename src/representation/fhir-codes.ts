/**
 * The codes a reading carries in FHIR (fhir.ts): LOINC for the metrics that have one, UCUM for every
 * canonical unit of the catalogue, and the observation category where FHIR's code system has one.
 * The sources each LOINC code was checked against are in docs/decisions.md ("Show it: FHIR").
 */
export type Coding = { system: string; code: string; display: string };

const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** The service's own code system: a catalogue slug is a code (and `blood_pressure` the pair), so every reading keeps its metric. */
export const METRIC_TYPE_SYSTEM = 'urn:lifetrack:metric-type';
/** Where a reading's source_id is an identifier (its source is the identifier's assigner). */
export const SOURCE_ID_SYSTEM = 'urn:lifetrack:source-id';

const loinc = (code: string, display: string): Coding => ({ system: LOINC, code, display });

/**
 * LOINC by metric slug, the main code first. A metric missing here has no code whose meaning fits
 * (vo2_max, mood ...) and goes out with its own code alone. Resting heart rate also carries 8867-4,
 * as the vital signs heart rate profile asks (more specific codes beside it); SpO2 carries the pulse
 * oximetry code and the vital signs profile's oxygen saturation code.
 */
const LOINC_BY_SLUG: Readonly<Record<string, readonly Coding[]>> = {
  heart_rate: [loinc('8867-4', 'Heart rate')],
  resting_heart_rate: [loinc('40443-4', 'Heart rate --resting'), loinc('8867-4', 'Heart rate')],
  weight: [loinc('29463-7', 'Body weight')],
  body_fat: [loinc('41982-0', 'Percentage of body fat Measured')],
  steps: [loinc('55423-8', 'Number of steps in unspecified time Pedometer')],
  distance: [loinc('55430-3', 'Walking distance unspecified time Pedometer')],
  active_energy: [loinc('41981-2', 'Calories burned')],
  sleep_duration: [loinc('93832-4', 'Sleep duration')],
  // The catalogue's unit is mg/dL (a mass concentration); 15074-8 would be the code for mmol/L.
  blood_glucose: [loinc('2339-0', 'Glucose [Mass/volume] in Blood')],
  body_temperature: [loinc('8310-5', 'Body temperature')],
  spo2: [loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'), loinc('2708-6', 'Oxygen saturation in Arterial blood')],
  respiratory_rate: [loinc('9279-1', 'Respiratory rate')],
  hrv_sdnn: [loinc('80404-7', 'R-R interval.standard deviation (Heart rate variability)')],
  dietary_energy: [loinc('9052-2', 'Calorie intake total')],
  blood_pressure_systolic: [loinc('8480-6', 'Systolic blood pressure')],
  blood_pressure_diastolic: [loinc('8462-4', 'Diastolic blood pressure')],
};

export const loincOf = (slug: string): readonly Coding[] => LOINC_BY_SLUG[slug] ?? [];

/** A systolic and a diastolic reading taken together. */
export const BLOOD_PRESSURE_PANEL = loinc('85354-9', 'Blood pressure panel with all children optional');

/** A UCUM code and the unit as a person reads it (valueQuantity.unit). */
export type UcumUnit = { code: string; unit: string };

/** Every canonical unit of the catalogue (src/domain/metric-types/catalogue.ts) in UCUM. */
const UCUM_BY_UNIT: Readonly<Record<string, UcumUnit>> = {
  count: { code: '1', unit: 'count' },
  km: { code: 'km', unit: 'km' },
  kcal: { code: 'kcal', unit: 'kcal' },
  min: { code: 'min', unit: 'min' },
  h: { code: 'h', unit: 'h' },
  kg: { code: 'kg', unit: 'kg' },
  '%': { code: '%', unit: '%' },
  bpm: { code: '/min', unit: 'beats/minute' },
  ms: { code: 'ms', unit: 'ms' },
  mmHg: { code: 'mm[Hg]', unit: 'mmHg' },
  'mg/dL': { code: 'mg/dL', unit: 'mg/dL' },
  '°C': { code: 'Cel', unit: '°C' },
  ml: { code: 'mL', unit: 'mL' },
  mg: { code: 'mg', unit: 'mg' },
  score: { code: '{score}', unit: 'score' },
  'breaths/min': { code: '/min', unit: 'breaths/minute' },
  'mL/kg/min': { code: 'mL/kg/min', unit: 'mL/kg/min' },
  g: { code: 'g', unit: 'g' },
  mcg: { code: 'ug', unit: 'µg' },
};

/** A canonical unit in UCUM; one the table lacks (a unit added to the catalogue since) is sent as an annotation, still valid UCUM. */
export const ucumOf = (unit: string): UcumUnit => UCUM_BY_UNIT[unit] ?? { code: `{${unit.replace(/[{}\s]/g, '_')}}`, unit };

const VITAL_SIGNS: Coding = { system: CATEGORY, code: 'vital-signs', display: 'Vital Signs' };
const ACTIVITY: Coding = { system: CATEGORY, code: 'activity', display: 'Activity' };

/**
 * The observation category by slug: FHIR R4's vital signs, and activity for the catalogue's activity
 * metrics. The other metrics (sleep, nutrition, mood, HRV ...) fit none of the code system's categories
 * and go out without one.
 */
const CATEGORY_BY_SLUG: Readonly<Record<string, Coding>> = {
  heart_rate: VITAL_SIGNS,
  resting_heart_rate: VITAL_SIGNS,
  blood_pressure_systolic: VITAL_SIGNS,
  blood_pressure_diastolic: VITAL_SIGNS,
  body_temperature: VITAL_SIGNS,
  respiratory_rate: VITAL_SIGNS,
  spo2: VITAL_SIGNS,
  weight: VITAL_SIGNS,
  steps: ACTIVITY,
  distance: ACTIVITY,
  active_energy: ACTIVITY,
  workout_minutes: ACTIVITY,
  floors_climbed: ACTIVITY,
};

export const categoryOf = (slug: string): Coding | undefined => CATEGORY_BY_SLUG[slug];
