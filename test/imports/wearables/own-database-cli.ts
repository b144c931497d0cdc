import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyOfTemplate, type DatabaseCopy } from '../../helpers/databases.ts';

type CliResult = { code: number; stdout: string; stderr: string };

/**
 * For the tests of a describe block: a copy of the migrated database and a folder of their own,
 * made before them and dropped after (`lifetrack-${name}-cli-…`), and `cli` to run a script of
 * src/cli in its own process on that database, the folder its IMPORT_DIR, as a person runs it.
 */
export function cliOnOwnDatabase(name: string): {
  readonly importDir: string;
  cli: (script: string, args: string[]) => Promise<CliResult>;
} {
  let database: DatabaseCopy | undefined;
  let importDir = '';
  beforeAll(async () => {
    database = await copyOfTemplate();
    importDir = mkdtempSync(join(tmpdir(), `lifetrack-${name}-cli-`));
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
    if (importDir) rmSync(importDir, { recursive: true, force: true });
  });
  return {
    get importDir() {
      return importDir;
    },
    cli(script, args) {
      const { DATABASE_URL: _db, ...rest } = process.env;
      const env = {
        ...rest,
        IMPORT_DIR: importDir,
        ...(database!.databaseUrl ? { DATABASE_URL: database!.databaseUrl } : { PGLITE_DIR: database!.pgliteDir }),
      };
      return new Promise<CliResult>((resolve) =>
        execFile(process.execPath, [`src/cli/${script}.ts`, ...args], { env, timeout: 90_000 }, (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        ),
      );
    },
  };
}
