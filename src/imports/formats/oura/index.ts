import { loadUser } from '../../../domain/users/users.service.ts';
import { readExportFiles } from '../../export-files.ts';
import { entryBaseName } from '../../zip-entries.ts';
import type { WriterFormat } from '../format.ts';
import { OuraReadings } from './documents.ts';
import { isOuraFileHead, readOuraFile } from './files.ts';

/**
 * Oura's data exports (`oura`): the ZIP of the membership hub's "Export data" (its "App Data" CSVs,
 * or per-kind JSON files), oura_data.json (API v1 or v2 documents by kind), the older trends CSV,
 * or one of those files alone. Every document is read in constant memory but for a night's sleep
 * periods, kept until the end (SleepNights). Readings are Oura's (source "Oura"), their source_id
 * named by what they measure and when (a day, an instant), so a re-import, or the same data from
 * another of Oura's files, adds nothing. Times without an offset (the trends CSV's days) are the
 * user's profile timezone; a day's totals are recorded at its noon there.
 */

/** Files only Oura's exports hold: one of them names a ZIP as Oura's. */
const OURA_FILES = /^(oura[^/]*\.(json|csv)|sleepmodel\.csv|dailyreadiness\.csv|dailysleep\.csv|daily_readiness\.json|daily_sleep\.json)$/;

export const oura: WriterFormat = {
  name: 'oura',
  kind: 'writer',
  detect: isOuraFileHead,
  zipEntries: (names) => names.some((n) => OURA_FILES.test(entryBaseName(n))),
  async write(path, actor, ctx) {
    const { timezone } = await loadUser(actor.userId);
    const out = new OuraReadings(actor, ctx.tally, timezone);
    await readExportFiles(
      path,
      { what: 'an Oura export', wanted: (name) => /\.(json|csv)$/i.test(name), tally: ctx.tally, signal: ctx.signal },
      (file) => readOuraFile(file, out),
    );
    // Cancelled: the nights are not complete, and are not written.
    if (ctx.signal.aborted) await out.sink.flush();
    else await out.finish();
  },
};
