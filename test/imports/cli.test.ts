import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyOfTemplate, type DatabaseCopy } from '../helpers/databases.ts';

/**
 * `npm run import` as a person runs it: its own process on its own migrated database, the same
 * pipeline as POST …/imports, the file given left where it was.
 */
const NODE = process.execPath;
let database: DatabaseCopy;
let importDir: string;
const EMAIL = 'traveller@example.com';
const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/imports/${path}`, import.meta.url));

type Result = { code: number; stdout: string; stderr: string };
function cli(script: string, args: string[]): Promise<Result> {
  const { DATABASE_URL: _db, ...rest } = process.env;
  const env = {
    ...rest,
    IMPORT_DIR: importDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { PGLITE_DIR: database.pgliteDir }),
  };
  return new Promise((resolve) => {
    execFile(NODE, [`src/cli/${script}.ts`, ...args], { env, timeout: 90_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  database = await copyOfTemplate();
  importDir = mkdtempSync(join(tmpdir(), 'lifetrack-cli-imports-'));
  expect((await cli('user-create', ['--email', EMAIL, '--password', 'long enough password'])).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await database?.drop();
  rmSync(importDir, { recursive: true, force: true });
});

test('imports a file with its counts, leaves the file, and a second run finds everything already there', async () => {
  const file = fixture('tracks/sample.rec');
  const first = await cli('import', ['--user', EMAIL, file]);
  expect(first.stderr).toContain('(owntracks_rec)');
  expect(first.code).toBe(0);
  expect(first.stdout).toMatch(/^succeeded: \d+ records read, (\d+) new, 0 already there/);
  const created = Number(/, (\d+) new/.exec(first.stdout)![1]);
  expect(created).toBeGreaterThan(0);
  expect(existsSync(file)).toBe(true);
  const again = await cli('import', ['--user', EMAIL, file]);
  expect(again.stdout).toContain(`0 new, ${created} already there`);
  // Nothing left in the spool.
  expect(readdirSync(importDir, { recursive: true }).filter((f) => String(f).includes('.'))).toEqual([]);
}, 120_000);

test('a file it does not read, an unknown format, an unknown user: a message and exit code 1, no stack', async () => {
  const stub = await cli('import', ['--user', EMAIL, fixture('google/stubs/Settings.json')]);
  expect(stub.code).toBe(1);
  expect(stub.stderr).toMatch(/Android/);
  const format = await cli('import', ['--user', EMAIL, '--format', 'shapefile', fixture('tracks/sample.rec')]);
  expect(format.code).toBe(1);
  expect(format.stderr).toMatch(/--format/);
  const user = await cli('import', ['--user', 'nobody@example.com', fixture('tracks/sample.rec')]);
  expect(user.code).not.toBe(0);
  for (const r of [stub, format, user]) expect(`${r.stdout}${r.stderr}`).not.toMatch(/\n\s+at .+:\d+:\d+/);
}, 120_000);
