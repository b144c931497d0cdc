import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';

/**
 * Where this database's uploads wait: IMPORT_DIR, in a folder named for the database, so servers
 * on different databases that share IMPORT_DIR (tests; staging beside production) never take each
 * other's files for a crash's leftovers.
 */
export function spoolDirOf(config: Pick<Config, 'importDir' | 'databaseUrl' | 'pgliteDir'>): string {
  const database = config.databaseUrl ?? `pglite:${resolve(config.pgliteDir)}`;
  return join(config.importDir, createHash('sha256').update(database).digest('hex').slice(0, 12));
}

let spoolDir: string | null = null;

/** Set once per process with the rest of the domain's settings (process-settings.ts). */
export function configureImports(config: Pick<Config, 'importDir' | 'databaseUrl' | 'pgliteDir'>): void {
  spoolDir = spoolDirOf(config);
}

/** The spool directory the workers of this process recover (unset: the default IMPORT_DIR's). */
export const importSpoolDir = (): string =>
  spoolDir ?? spoolDirOf({ importDir: './data/imports', databaseUrl: undefined, pgliteDir: './data/pglite' });
