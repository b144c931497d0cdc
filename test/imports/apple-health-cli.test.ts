import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZipFile } from 'yazl';
import { copyOfTemplate, type DatabaseCopy } from '../helpers/databases.ts';

/**
 * `npm run import:apple-health` as a person runs it, on what the Health app shares: export.zip
 * (apple_health_export/export.xml beside the CDA file, workout routes and electrocardiograms,
 * which are not read) or the export.xml unzipped. Its own process on its own migrated database.
 */
const NODE = process.execPath;
const EMAIL = 'runner@example.com';
const XML = fileURLToPath(new URL('../fixtures/apple-health/export.xml', import.meta.url));
let database: DatabaseCopy;
let scratch: string;

type Result = { code: number; stdout: string; stderr: string };
function cli(script: string, args: string[]): Promise<Result> {
  const { DATABASE_URL: _db, ...rest } = process.env;
  const env = { ...rest, ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { PGLITE_DIR: database.pgliteDir }) };
  return new Promise((resolve) => {
    execFile(NODE, [`src/cli/${script}.ts`, ...args], { env, timeout: 90_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function zipOf(entries: Record<string, Buffer | string>): Promise<string> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  const path = join(scratch, `export-${Object.keys(entries).length}.zip`);
  writeFileSync(path, Buffer.concat(chunks));
  return path;
}

beforeAll(async () => {
  database = await copyOfTemplate();
  scratch = mkdtempSync(join(tmpdir(), 'lifetrack-apple-health-cli-'));
  expect((await cli('user-create', ['--email', EMAIL, '--password', 'long enough password', '--timezone', 'Europe/Berlin'])).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await database?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

const SUMMARY = (created: number, skipped: number) =>
  `Imported 25 records for ${EMAIL}: ${created} new readings, ${skipped} already there, 2 merged into a night's sleep, 3 not mapped to a metric, 1 not storable`;

test('export.zip: its export.xml is read and nothing else; then export.xml itself finds every reading already there', async () => {
  const zip = await zipOf({
    'apple_health_export/export.xml': readFileSync(XML),
    'apple_health_export/export_cda.xml': '<?xml version="1.0"?><ClinicalDocument/>',
    'apple_health_export/workout-routes/route_2026-03-01_8.00am.gpx': '<?xml version="1.0"?><gpx version="1.1"><trk/></gpx>',
    'apple_health_export/electrocardiograms/ecg_2026-03-01.csv': 'Name,Anna\nSample Rate,512 hertz\n',
  });
  const first = await cli('import-apple-health', ['--user', EMAIL, zip]);
  expect(first.code).toBe(0);
  expect(first.stdout).toContain(SUMMARY(18, 1));
  expect(first.stdout).toContain('not mapped: 1 × HKQuantityTypeIdentifierEnvironmentalAudioExposure');

  const again = await cli('import-apple-health', ['--user', EMAIL, XML]);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain(SUMMARY(0, 19));
}, 120_000);

test('a ZIP without export.xml, or a file that is not an export: a message and exit code 1, no stack trace', async () => {
  const other = await zipOf({ 'doc.kml': '<kml/>', 'notes.txt': 'hello' });
  const noXml = await cli('import-apple-health', ['--user', EMAIL, other]);
  expect(noXml).toMatchObject({ code: 1, stderr: expect.stringContaining('the ZIP file has no apple_health_export/export.xml') });
  expect(noXml.stderr).not.toContain('    at ');

  const gpx = join(scratch, 'route.gpx');
  writeFileSync(gpx, '<?xml version="1.0"?><gpx version="1.1"><trk/></gpx>');
  const notExport = await cli('import-apple-health', ['--user', EMAIL, gpx]);
  expect(notExport).toMatchObject({ code: 1, stderr: expect.stringContaining('not a valid Apple Health export') });
  expect(notExport.stderr).not.toContain('    at ');
}, 120_000);
