import { downloadArchive } from '../../archive/export.ts';
import { archiveImporter } from '../../archive/import.ts';
import { UnsupportedMedia } from '../../core/errors.ts';
import { withSpooledUpload } from '../../http/upload.ts';
import { importCsv } from '../../domain/imports/csv-import.service.ts';
import { CsvImport, CsvImportResult } from '../../domain/imports/csv.schemas.ts';
import { measurementsInScope } from '../../domain/metrics/measurements.ts';
import { ReadingsScope } from '../../domain/metrics/metrics.schemas.ts';
import { ArchiveImportResult } from '../../representation/archive.ts';
import { FHIR_JSON, fhirBundle } from '../../representation/fhir.ts';
import { ok, route, type Route } from '../route.ts';

const tag = 'archive';

export const archiveRoutes = (importMaxBytes: number): Route[] => [
  route({
    method: 'get',
    path: '/users/{user_id}/export',
    tag,
    access: 'account',
    summary:
      'Everything the account holds as one ZIP, streamed: manifest.json, one NDJSON file per resource type (each line a resource as its REST read shows it, a goal with its skip days in `skips`; encrypted payloads stay ciphertext, the wrapped key is included), and events.csv, health_metrics.csv and days.csv for a spreadsheet. A signed-in session only',
    produces: 'application/zip',
    responses: { 200: null },
    handler: async (r) => ({
      stream: downloadArchive(r.actor),
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="lifetrack-export-${new Date().toISOString().slice(0, 10)}.zip"`,
        'Cache-Control': 'no-store',
      },
    }),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/export/fhir',
    tag,
    access: 'read',
    summary:
      'The readings as an HL7 FHIR R4 Bundle (type collection) of Observations, streamed: one per reading, a systolic and a diastolic reading sharing a reading_group_id as one blood pressure panel (85354-9) with two components. Codes: LOINC where the metric has one, always the metric slug in urn:lifetrack:metric-type; values in UCUM; effectiveDateTime in UTC; subject Patient/{user_id}; the source as device.display, the source_id as an identifier. from/to (local days, inclusive) and metrics (comma-separated slugs) narrow it',
    query: ReadingsScope,
    produces: FHIR_JSON,
    responses: { 200: null },
    handler: async (r) => ({
      // The scope is checked here, before the answer starts: a bad one is a 422, not a cut file.
      stream: fhirBundle(measurementsInScope(r.actor, r.query)),
      status: 200,
      headers: {
        'Content-Type': FHIR_JSON,
        'Content-Disposition': `attachment; filename="lifetrack-fhir-${new Date().toISOString().slice(0, 10)}.json"`,
        'Cache-Control': 'no-store',
      },
    }),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/import/csv',
    tag,
    access: 'write',
    graphql: 'Mutation.importCsv',
    summary:
      "Another app's CSV export as events and readings: preset daylio (Daylio's entries: activities as tags, notes, mood 1-5) or loop (Loop Habit Tracker's Checkmarks.csv: each checked day an event in the habit's category), or any CSV through a mapping of its columns. Importing the same file again adds nothing; unreadable rows are refused and reported",
    body: CsvImport,
    bodyLimit: '25mb',
    responses: { 200: CsvImportResult },
    handler: async (r) => ok(await importCsv(r.actor, r.body)),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/import',
    tag,
    access: 'account',
    errors: [413, 415],
    summary:
      "An account archive (as GET /users/{user_id}/export makes it) into this account, streamed to disk first (at most IMPORT_MAX_BYTES, default 1 GiB; the JSON body limit does not apply): ids kept, records already here (same id, client_id or source and source_id) skipped, per type created / skipped / refused with the first reasons. The profile stays this account's own; metric definitions are merged by metric. A signed-in session only",
    consumes: 'application/zip',
    responses: { 200: ArchiveImportResult },
    handler: async (r) => {
      const importInto = archiveImporter(r.actor);
      if (!/^application\/(zip|x-zip-compressed|octet-stream)\b/i.test(r.contentType ?? '')) {
        throw new UnsupportedMedia('The body must be a ZIP archive (Content-Type: application/zip)');
      }
      return ok(await withSpooledUpload(r.upload, importMaxBytes, importInto));
    },
  }),
];
