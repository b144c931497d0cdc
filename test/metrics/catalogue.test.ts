import { METRIC_TYPES, metricType, toCanonical } from '../../src/domain/metric-types/catalogue.ts';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';
import { expectError } from '../helpers/expect.ts';

describe('unit conversion table', () => {
  const table: [string, number, string | null | undefined, number | null][] = [
    ['steps', 1234, null, 1234],
    ['steps', 1234, undefined, 1234],
    ['steps', 1234, 'count', 1234],
    ['steps', 1234, 'km', null],
    ['distance', 5, 'km', 5],
    ['distance', 1500, 'm', 1.5],
    ['distance', 1, 'mi', 1.609344],
    ['distance', 1000, 'ft', 0.3048],
    ['active_energy', 500, 'kcal', 500],
    ['active_energy', 500, 'Cal', 500],
    ['active_energy', 4184, 'kJ', 1000],
    ['active_energy', 1000, 'cal', 1],
    ['workout_minutes', 45, 'min', 45],
    ['workout_minutes', 1.5, 'h', 90],
    ['workout_minutes', 90, 's', 1.5],
    ['sleep_duration', 7.5, 'h', 7.5],
    ['sleep_duration', 450, 'min', 7.5],
    ['sleep_duration', 27000, 's', 7.5],
    ['weight', 70, 'kg', 70],
    ['weight', 70000, 'g', 70],
    ['weight', 154.32358352941, 'lb', 70],
    ['weight', 100, 'lbs', 45.359237],
    ['weight', 70, 'KG', 70],
    ['weight', 70, 'stone-ish', null],
    ['body_fat', 22.5, '%', 22.5],
    ['resting_heart_rate', 55, 'bpm', 55],
    ['heart_rate', 72, 'count/min', 72],
    ['heart_rate', 72, 'beats/min', 72],
    ['hrv_sdnn', 45, 'ms', 45],
    ['hrv_sdnn', 0.045, 's', 45],
    ['blood_pressure_systolic', 120, 'mmHg', 120],
    ['blood_pressure_diastolic', 10, 'kPa', 75.0061575],
    ['blood_glucose', 100, 'mg/dL', 100],
    ['blood_glucose', 100, 'mg/dl', 100],
    ['blood_glucose', 5.5, 'mmol/L', 99.0858],
    ['blood_glucose', 5.5, 'mmol/l', 99.0858],
    ['blood_glucose', 5.5, '%', null],
    ['body_temperature', 36.6, '°C', 36.6],
    ['body_temperature', 36.6, 'C', 36.6],
    ['body_temperature', 36.6, 'degC', 36.6],
    ['body_temperature', 98.6, '°F', 37],
    ['body_temperature', 98.6, 'F', 37],
    ['body_temperature', 212, 'degF', 100],
    ['body_temperature', 300, 'K', null],
    ['water', 250, 'ml', 250],
    ['water', 250, 'mL', 250],
    ['water', 1.5, 'l', 1500],
    ['water', 1.5, 'L', 1500],
    ['water', 8, 'fl oz', 236.5882365],
    ['water', 8, 'oz', 236.5882365],
    ['water', 1, 'cup', 236.5882365],
    ['caffeine', 95, 'mg', 95],
    ['caffeine', 0.2, 'g', 200],
    ['caffeine', 1, 'cup', null],
    ['caffeine', 1, 'coffee', null],
    ['mood', 7, 'score', 7],
    ['mood', 7, 'mg', null],
    ['energy', 4, null, 4],
    ['spo2', 97, '%', 97],
    ['respiratory_rate', 14, 'breaths/min', 14],
    ['respiratory_rate', 14, 'count/min', 14],
    ['mindful_minutes', 10, 'min', 10],
    ['mindful_minutes', 600, 's', 10],
    ['no_such_metric', 1, null, null],
    ['steps', 1, '', null],
  ];
  test.each(table)('%s %p %p -> %p', (slug, value, unit, expected) => {
    const got = toCanonical(slug, value, unit);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(expected, 6);
  });

  test('every metric the issue names is in the catalogue, with unique ids and slugs', () => {
    const required = [
      'steps',
      'distance',
      'active_energy',
      'sleep_duration',
      'weight',
      'body_fat',
      'resting_heart_rate',
      'heart_rate',
      'hrv_sdnn',
      'blood_pressure_systolic',
      'blood_pressure_diastolic',
      'blood_glucose',
      'body_temperature',
      'water',
      'caffeine',
      'mood',
      'energy',
      'spo2',
      'respiratory_rate',
      'mindful_minutes',
      'workout_minutes',
    ];
    for (const slug of required) expect(metricType(slug)).toBeDefined();
    expect(new Set(METRIC_TYPES.map((t) => t.id)).size).toBe(METRIC_TYPES.length);
    expect(new Set(METRIC_TYPES.map((t) => t.slug)).size).toBe(METRIC_TYPES.length);
    const fields = METRIC_TYPES.map((t) => t.valueField).filter((f) => f !== null);
    expect(new Set(fields).size).toBe(fields.length);
    for (const t of METRIC_TYPES) {
      expect(t.acceptedUnits[0]).toBe(t.unit);
      expect(toCanonical(t.slug, 1, t.unit)).toBe(1);
    }
  });
});

describe('GET /metric-types', () => {
  let server: SharedServer;
  withSharedServer((s) => (server = s));

  test('lists the catalogue', async () => {
    const u = await signUp(server);
    const res = await server.api().get('/metric-types').set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(METRIC_TYPES.length);
    const weight = res.body.find((t: { slug: string }) => t.slug === 'weight');
    expect(weight).toEqual({
      id: 6,
      slug: 'weight',
      label: 'Weight',
      category: 'body',
      unit: 'kg',
      aggregation: 'last',
      goalable: true,
      value_field: 'weight_kg',
      accepted_units: expect.arrayContaining(['kg', 'lb', 'lbs', 'g']),
    });
  });

  test('401 without a token', async () => {
    const res = await server.api().get('/metric-types');
    expectError(res, 401);
  });
});
