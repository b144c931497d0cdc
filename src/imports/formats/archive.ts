import { IMPORT_ORDER } from '../../archive/rows.ts';
import { ndjsonName } from '../../archive/format.ts';
import { importArchive } from '../../archive/import.ts';
import type { WriterFormat } from './format.ts';

const baseName = (name: string) => name.replace(/^.*\//, '');
const NDJSON = new Set(IMPORT_ORDER.map(ndjsonName));

/**
 * An account archive (GET /users/{id}/export, src/archive): the same import as POST …/import, each
 * line counted as created, present (already in this account) or skipped with its reason. It
 * carries everything an account holds, so only a signed-in session starts one (and the import
 * itself checks the same).
 */
export const lifetrackArchive: WriterFormat = {
  name: 'lifetrack_archive',
  kind: 'writer',
  access: 'account',
  /** Its manifest.json beside the NDJSON files of its resource types (at the top, or in one folder as an unzip and zip again leaves them). */
  zipEntries: (names) => names.some((n) => baseName(n) === 'manifest.json') && names.some((n) => NDJSON.has(baseName(n))),
  async write(path, actor, ctx) {
    await importArchive(actor, path, { tally: ctx.tally, signal: ctx.signal });
  },
};
