import { randomUUID } from 'node:crypto';
import { expect422, expectError } from '../helpers/expect.ts';
import { bundleOf, codeIn, fhirErrors, observations, type Bundle, type Observation } from '../helpers/fhir.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { ingestOk, reading } from '../metrics/support.ts';

/** GET /users/{id}/export/fhir: a user's readings as a FHIR R4 Bundle, every answer checked against HL7's R4 JSON schema. */
let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other } = f), { timezone: 'Europe/Berlin' });

const LOINC = 'http://loinc.org';
const OWN = 'urn:lifetrack:metric-type';
const UCUM = 'http://unitsofmeasure.org';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

const exportOf = async (user: TestUser, query = ''): Promise<Bundle> =>
  bundleOf(await server.api().get(`/users/${user.id}/export/fhir${query}`).set(user.auth));
const slugOf = (o: Observation) => codeIn(o, OWN);
/** Each metric's newest Observation, by slug. */
const bySlug = (bundle: Bundle) =>
  new Map(
    observations(bundle)
      .reverse()
      .map((o) => [slugOf(o), o]),
  );

const group = randomUUID();
/** One of each kind: several metrics and sources, a blood pressure pair, a lone systolic, metrics without LOINC, units converted on ingest. */
const READINGS = [
  reading({ metric_type_slug: 'heart_rate', value: 61, recorded_at: '2026-03-02T08:00:00Z', source: 'watch', source_id: 'hr-1' }),
  reading({ metric_type_slug: 'resting_heart_rate', value: 52, recorded_at: '2026-03-02T06:00:00Z', source: 'watch' }),
  reading({ metric_type_slug: 'weight', value: 70.5, unit: 'kg', recorded_at: '2026-03-02T07:00:00Z', source: 'scale' }),
  reading({ metric_type_slug: 'steps', value: 4200, recorded_at: '2026-03-02T12:00:00Z', source: 'phone', source_id: 'steps-1' }),
  reading({ metric_type_slug: 'body_temperature', value: 98.6, unit: '°F', recorded_at: '2026-03-02T09:00:00Z', source: 'thermometer' }),
  reading({ metric_type_slug: 'blood_glucose', value: 5.5, unit: 'mmol/L', recorded_at: '2026-03-02T09:30:00Z', source: 'meter' }),
  reading({ metric_type_slug: 'spo2', value: 97, recorded_at: '2026-03-02T03:00:00Z', source: 'watch' }),
  reading({ metric_type_slug: 'mood', value: 4, recorded_at: '2026-03-02T20:00:00Z', source: 'diary' }),
  reading({ metric_type_slug: 'vo2_max', value: 41.2, recorded_at: '2026-03-02T18:00:00Z', source: 'watch' }),
  ...['blood_pressure_systolic', 'blood_pressure_diastolic'].map((slug, i) =>
    reading({
      metric_type_slug: slug,
      value: i ? 79 : 121,
      recorded_at: '2026-03-02T07:30:00Z',
      source: 'cuff',
      source_id: `bp-${slug}`,
      reading_group_id: group,
    }),
  ),
  reading({ metric_type_slug: 'blood_pressure_systolic', value: 135, recorded_at: '2026-03-03T07:30:00Z', source: 'cuff' }),
  // 23:30 UTC on the 1st is 00:30 on the 2nd in Berlin: the user's local day is what from/to select.
  reading({ metric_type_slug: 'steps', value: 800, recorded_at: '2026-03-01T23:30:00Z', source: 'phone' }),
  reading({ metric_type_slug: 'steps', value: 300, recorded_at: '2026-02-20T12:00:00Z', source: 'phone' }),
];

let ids: Map<string, string>;
beforeAll(async () => {
  const { created } = await ingestOk(server, u, READINGS);
  ids = new Map(created.map((c, i) => [`${READINGS[i].metric_type_slug}@${READINGS[i].recorded_at}`, c.id]));
  await ingestOk(server, other, [reading({ metric_type_slug: 'steps', value: 99, source: 'not-yours' })]);
});

test('one Observation per reading: LOINC and the own code, UCUM units, values, times, subject, source and source_id', async () => {
  const bundle = await exportOf(u);
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  // 14 readings, the blood pressure pair one Observation.
  expect(bundle.entry).toHaveLength(READINGS.length - 1);
  for (const e of bundle.entry!) {
    expect(e.fullUrl).toBe(`urn:uuid:${e.resource.id}`);
    expect(e.resource).toMatchObject({ resourceType: 'Observation', status: 'final', subject: { reference: `Patient/${u.id}` } });
    expect(e.resource.subject).not.toHaveProperty('display');
  }
  expect(JSON.stringify(bundle)).not.toContain('not-yours');
  const hr = observations(bundle).find((o) => o.id === ids.get('heart_rate@2026-03-02T08:00:00Z'))!;
  expect(hr).toEqual({
    resourceType: 'Observation',
    id: ids.get('heart_rate@2026-03-02T08:00:00Z'),
    identifier: [{ system: 'urn:lifetrack:source-id', value: 'hr-1', assigner: { display: 'watch' } }],
    status: 'final',
    category: [{ coding: [{ system: CATEGORY, code: 'vital-signs', display: 'Vital Signs' }], text: 'Vital Signs' }],
    code: {
      coding: [
        { system: LOINC, code: '8867-4', display: 'Heart rate' },
        { system: OWN, code: 'heart_rate', display: 'Heart rate' },
      ],
      text: 'Heart rate',
    },
    subject: { reference: `Patient/${u.id}` },
    effectiveDateTime: '2026-03-02T08:00:00.000Z',
    issued: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    valueQuantity: { value: 61, unit: 'beats/minute', system: UCUM, code: '/min' },
    device: { display: 'watch' },
  });

  const one = bySlug(await exportOf(u, '?to=2026-03-02'));
  const loinc = (slug: string) =>
    one
      .get(slug)!
      .code.coding.filter((c) => c.system === LOINC)
      .map((c) => c.code);
  const quantity = (slug: string) => one.get(slug)!.valueQuantity;
  expect(loinc('resting_heart_rate')).toEqual(['40443-4', '8867-4']);
  expect(loinc('weight')).toEqual(['29463-7']);
  expect(quantity('weight')).toEqual({ value: 70.5, unit: 'kg', system: UCUM, code: 'kg' });
  expect(loinc('body_temperature')).toEqual(['8310-5']);
  expect(quantity('body_temperature')).toMatchObject({ value: 37, system: UCUM, code: 'Cel' });
  // Glucose is stored in mg/dL (5.5 mmol/L × 18.0156), so its code is the mass concentration one.
  expect(loinc('blood_glucose')).toEqual(['2339-0']);
  expect(quantity('blood_glucose')).toMatchObject({ value: 99.0858, code: 'mg/dL' });
  expect(loinc('spo2')).toEqual(['59408-5', '2708-6']);
  expect(quantity('spo2')).toMatchObject({ value: 97, code: '%' });
  // No LOINC code fits a mood score or an estimated VO2 max: their own code alone, nothing dropped.
  expect(one.get('mood')!.code.coding).toEqual([{ system: OWN, code: 'mood', display: 'Mood' }]);
  expect(quantity('mood')).toEqual({ value: 4, unit: 'score', system: UCUM, code: '{score}' });
  expect(one.get('mood')).not.toHaveProperty('category');
  expect(one.get('vo2_max')!.code.coding.map((c) => c.system)).toEqual([OWN]);
  expect(quantity('vo2_max')).toMatchObject({ value: 41.2, code: 'mL/kg/min' });
  expect(one.get('steps')!.category).toEqual([{ coding: [{ system: CATEGORY, code: 'activity', display: 'Activity' }], text: 'Activity' }]);
  expect(loinc('steps')).toEqual(['55423-8']);
  expect(one.get('steps')).toMatchObject({
    device: { display: 'phone' },
    identifier: [{ value: 'steps-1', assigner: { display: 'phone' } }],
    valueQuantity: { value: 4200, code: '1' },
  });
  expect(one.get('weight')).not.toHaveProperty('identifier');
});

test('a systolic and a diastolic reading sharing a reading_group_id are one blood pressure panel with two components', async () => {
  const all = observations(await exportOf(u));
  const panels = all.filter((o) => codeIn(o, LOINC) === '85354-9');
  expect(panels).toHaveLength(1);
  const [panel] = panels;
  expect(panel).toMatchObject({
    id: ids.get('blood_pressure_systolic@2026-03-02T07:30:00Z'),
    code: {
      coding: [
        { system: LOINC, code: '85354-9' },
        { system: OWN, code: 'blood_pressure' },
      ],
    },
    category: [{ coding: [{ code: 'vital-signs' }] }],
    effectiveDateTime: '2026-03-02T07:30:00.000Z',
    device: { display: 'cuff' },
    identifier: [
      { value: 'bp-blood_pressure_systolic', assigner: { display: 'cuff' } },
      { value: 'bp-blood_pressure_diastolic', assigner: { display: 'cuff' } },
    ],
  });
  expect(panel).not.toHaveProperty('valueQuantity');
  expect(panel.component).toEqual([
    {
      code: {
        coding: [
          { system: LOINC, code: '8480-6', display: 'Systolic blood pressure' },
          { system: OWN, code: 'blood_pressure_systolic', display: 'Blood pressure (systolic)' },
        ],
        text: 'Blood pressure (systolic)',
      },
      valueQuantity: { value: 121, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' },
    },
    {
      code: {
        coding: [
          { system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' },
          { system: OWN, code: 'blood_pressure_diastolic', display: 'Blood pressure (diastolic)' },
        ],
        text: 'Blood pressure (diastolic)',
      },
      valueQuantity: { value: 79, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' },
    },
  ]);
  // The diastolic reading is in the panel only; the systolic reading without a group is an Observation of its own.
  expect(all.some((o) => o.id === ids.get('blood_pressure_diastolic@2026-03-02T07:30:00Z'))).toBe(false);
  const lone = all.find((o) => o.id === ids.get('blood_pressure_systolic@2026-03-03T07:30:00Z'))!;
  expect(codeIn(lone, LOINC)).toBe('8480-6');
  expect(lone.valueQuantity).toEqual({ value: 135, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' });

  // With only one half in the scope there is no pair: the systolic reading goes out on its own.
  const systolic = observations(await exportOf(u, '?metrics=blood_pressure_systolic'));
  expect(systolic.map((o) => codeIn(o, LOINC)).sort()).toEqual(['8480-6', '8480-6']);
});

test('from/to select the user’s local days, inclusive; metrics selects slugs; both together', async () => {
  const days = (bundle: Bundle) =>
    observations(bundle)
      .map((o) => `${slugOf(o)}@${o.effectiveDateTime}`)
      .sort();
  expect(days(await exportOf(u, '?from=2026-03-02&to=2026-03-02&metrics=steps'))).toEqual([
    // 23:30 UTC on March 1st is March 2nd in Berlin.
    'steps@2026-03-01T23:30:00.000Z',
    'steps@2026-03-02T12:00:00.000Z',
  ]);
  expect(days(await exportOf(u, '?to=2026-03-01'))).toEqual(['steps@2026-02-20T12:00:00.000Z']);
  expect(observations(await exportOf(u, '?from=2026-03-03'))).toHaveLength(1);
  const some = await exportOf(u, '?metrics=weight,%20mood,weight');
  expect(observations(some).map(slugOf).sort()).toEqual(['mood', 'weight']);
  expect(observations(await exportOf(u, '?from=2026-03-04')).length).toBe(0);
});

test('every metric of the catalogue goes out with its own code and a UCUM unit', async () => {
  const user = await signUp(server);
  const types = (await server.api().get('/metric-types').set(user.auth)).body as { slug: string; unit: string }[];
  expect(types.length).toBeGreaterThan(40);
  await ingestOk(
    server,
    user,
    types.map((t, i) =>
      reading({ metric_type_slug: t.slug, value: i + 1, recorded_at: `2026-01-01T${String(i % 24).padStart(2, '0')}:00:00Z` }),
    ),
  );
  const bundle = await exportOf(user);
  const out = bySlug(bundle);
  expect([...out.keys()].sort()).toEqual(types.map((t) => t.slug).sort());
  for (const t of types) {
    const q = out.get(t.slug)!.valueQuantity!;
    expect([t.slug, q.system]).toEqual([t.slug, UCUM]);
    // A unit the UCUM table lacks would go out as an annotation: every catalogue unit has a real code.
    expect([t.unit, q.code.startsWith('{') && q.code !== '{score}']).toEqual([t.unit, false]);
  }
});

test('an account without readings is a Bundle without entries', async () => {
  const fresh = await signUp(server);
  const bundle = await exportOf(fresh);
  expect(bundle).not.toHaveProperty('entry');
  expect(bundle).toEqual({ resourceType: 'Bundle', type: 'collection', timestamp: expect.any(String) });
});

test('the schema check catches a malformed Observation', async () => {
  const bundle = await exportOf(u, '?metrics=heart_rate');
  expect(fhirErrors(bundle)).toEqual([]);
  const broken = structuredClone(bundle);
  const o = broken.entry![0].resource as unknown as Record<string, unknown>;
  o.status = 'done';
  (o.valueQuantity as Record<string, unknown>).value = '61';
  expect(fhirErrors(broken).length).toBeGreaterThan(0);
  const noCode = structuredClone(bundle);
  delete (noCode.entry![0].resource as unknown as Record<string, unknown>).code;
  expect(fhirErrors(noCode).length).toBeGreaterThan(0);
  const extra = structuredClone(bundle);
  (extra.entry![0].resource as unknown as Record<string, unknown>).value = 61;
  expect(fhirErrors(extra).length).toBeGreaterThan(0);
});

test('who may export: any token of the user (a read-only one too), not another user, not without a token', async () => {
  const pat = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'fhir', scope: 'read' });
  const readOnly = await server
    .api()
    .get(`/users/${u.id}/export/fhir?metrics=mood`)
    .set({ Authorization: `Bearer ${pat.body.token}` });
  expect(observations(bundleOf(readOnly)).map(slugOf)).toEqual(['mood']);
  expectError(await server.api().get(`/users/${other.id}/export/fhir`).set(u.auth), 403);
  expectError(await server.api().get(`/users/${u.id}/export/fhir`), 401);
});

test('a bad scope is a 422 at its parameter, before any byte of a Bundle', async () => {
  const get = (query: string) => server.api().get(`/users/${u.id}/export/fhir${query}`).set(u.auth);
  const unknown = await get('?metrics=steps,nope');
  expect422(unknown, ['query', 'metrics']);
  expect(unknown.headers['content-type']).toMatch(/^application\/json/);
  expect(unknown.body.detail[0].msg).toContain('"nope"');
  expect422(await get('?metrics=,'), ['query', 'metrics']);
  expect422(await get('?from=2026-13-01'), ['query', 'from']);
  expect422(await get('?to=yesterday'), ['query', 'to']);
  expect422(await get('?from=2026-03-02&to=2026-03-01'), ['query', 'to']);
});
