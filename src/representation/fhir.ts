import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { metricType } from '../domain/metric-types/catalogue.ts';
import type { Measurement } from '../domain/metrics/measurements.ts';
import type { Reading } from '../domain/metrics/readings.service.ts';
import {
  BLOOD_PRESSURE_PANEL,
  categoryOf,
  loincOf,
  METRIC_TYPE_SYSTEM,
  SOURCE_ID_SYSTEM,
  UCUM,
  ucumOf,
  type Coding,
} from './fhir-codes.ts';

/**
 * Readings as HL7 FHIR R4: a Bundle of type `collection` holding one Observation per measurement
 * (src/domain/metrics/measurements.ts), written as it is read. Codes and units are fhir-codes.ts'.
 */
export const FHIR_JSON = 'application/fhir+json';

type CodeableConcept = { coding: Coding[]; text: string };
type Quantity = { value: number; unit: string; system: string; code: string };
type Identifier = { system: string; value: string; assigner: { display: string } };

/** An Observation as the export writes it (tests read exports with this type). */
export type Observation = {
  resourceType: 'Observation';
  id: string;
  identifier?: Identifier[];
  status: 'final';
  category?: CodeableConcept[];
  code: CodeableConcept;
  subject: { reference: string };
  effectiveDateTime?: string;
  effectivePeriod?: { start: string; end: string };
  issued: string;
  valueQuantity?: Quantity;
  device?: { display: string };
  component?: { code: CodeableConcept; valueQuantity: Quantity }[];
};

const PANEL_SLUG = 'blood_pressure';

const labelOf = (slug: string) => metricType(slug)?.label ?? slug;

/** A metric's code: its LOINC codes where it has them, always its own slug. */
function codeOf(slug: string): CodeableConcept {
  const label = labelOf(slug);
  return { coding: [...loincOf(slug), { system: METRIC_TYPE_SYSTEM, code: slug, display: label }], text: label };
}

function categoryFor(slug: string): Pick<Observation, 'category'> {
  const category = categoryOf(slug);
  return category ? { category: [{ coding: [category], text: category.display }] } : {};
}

function quantityOf(r: Reading): Quantity {
  const { code, unit } = ucumOf(r.unit);
  return { value: r.value, unit, system: UCUM, code };
}

/** Each reading's source_id, kept as an identifier its source assigned; none when no reading has one. */
function identifiersOf(readings: Reading[]): Pick<Observation, 'identifier'> {
  const identifier = readings.flatMap((r) =>
    r.sourceId === null ? [] : [{ system: SOURCE_ID_SYSTEM, value: r.sourceId, assigner: { display: r.source } }],
  );
  return identifier.length ? { identifier } : {};
}

const subjectOf = (r: Reading) => ({ reference: `Patient/${r.userId}` });

function observationOf(m: Measurement): Observation {
  if (m.kind === 'reading') {
    const r = m.reading;
    return {
      resourceType: 'Observation',
      id: r.id,
      ...identifiersOf([r]),
      status: 'final',
      ...categoryFor(r.metricTypeSlug),
      code: codeOf(r.metricTypeSlug),
      subject: subjectOf(r),
      effectiveDateTime: r.recordedAt.toISOString(),
      issued: r.createdAt.toISOString(),
      valueQuantity: quantityOf(r),
      device: { display: r.source },
    };
  }
  // One blood pressure: the panel's code, each half a component; the systolic reading's id is the panel's.
  const { systolic, diastolic } = m;
  const both = [systolic, diastolic];
  const [first, last] = [...both].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  const at = first.recordedAt.getTime() === last.recordedAt.getTime();
  const label = 'Blood pressure';
  return {
    resourceType: 'Observation',
    id: systolic.id,
    ...identifiersOf(both),
    status: 'final',
    ...categoryFor(systolic.metricTypeSlug),
    code: { coding: [BLOOD_PRESSURE_PANEL, { system: METRIC_TYPE_SYSTEM, code: PANEL_SLUG, display: label }], text: label },
    subject: subjectOf(systolic),
    ...(at
      ? { effectiveDateTime: first.recordedAt.toISOString() }
      : { effectivePeriod: { start: first.recordedAt.toISOString(), end: last.recordedAt.toISOString() } }),
    issued: new Date(Math.max(systolic.createdAt.getTime(), diastolic.createdAt.getTime())).toISOString(),
    device: { display: [...new Set(both.map((r) => r.source))].join(', ') },
    component: both.map((r) => ({ code: codeOf(r.metricTypeSlug), valueQuantity: quantityOf(r) })),
  };
}

/** A Bundle entry: its fullUrl the reading's id as a URN, stable from one export to the next. */
const entryText = (m: Measurement) => {
  const resource = observationOf(m);
  return JSON.stringify({ fullUrl: `urn:uuid:${resource.id}`, resource });
};

/** The Bundle's text, a page of entries at a time; no `entry` at all when there is none (FHIR JSON has no empty arrays). */
async function* bundleText(pages: AsyncIterable<Measurement[]>): AsyncGenerator<string> {
  yield `{"resourceType":"Bundle","type":"collection","timestamp":"${new Date().toISOString()}"`;
  let entries = 0;
  for await (const page of pages) {
    if (!page.length) continue;
    yield `${entries ? ',' : ',"entry":['}${page.map(entryText).join(',')}`;
    entries += page.length;
  }
  yield entries ? ']}' : '}';
}

/**
 * Writes the Bundle to `out` as the pages come, at `out`'s pace: a page is read only when the last
 * one has gone out (bytes, not objects, are buffered), so memory holds about a page whatever the
 * account holds. A client that goes away ends the reading.
 */
export function fhirBundle(pages: AsyncIterable<Measurement[]>): (out: Writable) => Promise<void> {
  return (out) => pipeline(Readable.from(bundleText(pages), { objectMode: false }), out);
}
