import { loadUser } from '../../../domain/users/users.service.ts';
import { readExportFiles } from '../../export-files.ts';
import { entryBaseName } from '../../zip-entries.ts';
import type { WriterFormat } from '../format.ts';
import { kindOfEntry, kindOfHeader, readWithingsFile } from './files.ts';
import { WithingsReadings } from './readings.ts';

/**
 * Withings' Health Mate "Download my data" ZIP (`withings`), or one of its CSVs alone (weight.csv,
 * bp.csv, sleep.csv, activities.csv, recognised by their headers; any other with format=withings
 * when its name no longer says what it is). Weight and body fat, blood pressure (a systolic and a
 * diastolic reading sharing a reading_group_id) and the heart rate beside it, nights from sleep.csv,
 * daily steps, distance, active calories and floors from the aggregates_* files, heart rate, SpO2
 * and breathing rate samples from the raw_* files, workouts from activities.csv. Every file is
 * streamed a row at a time; only a night's rows are kept until the end.
 */

/** Files only Health Mate's ZIP holds: its aggregates and raw samples, or weight.csv beside height.csv. */
const WITHINGS_FILES = /^(aggregates_[a-z_]+|raw_(hr|tracker|bed|spo2|sleep-monitor|location)_[^/]+)\.csv$/;

export const withings: WriterFormat = {
  name: 'withings',
  kind: 'writer',
  detect: (head) => kindOfHeader(head.split(/\r?\n|\r/, 1)[0] ?? '') !== null,
  zipEntries: (names) => {
    const bases = names.map(entryBaseName);
    return bases.some((n) => WITHINGS_FILES.test(n)) || (bases.includes('weight.csv') && bases.includes('height.csv'));
  },
  async write(path, actor, ctx) {
    const { timezone } = await loadUser(actor.userId);
    const out = new WithingsReadings(actor, ctx.tally);
    await readExportFiles(
      path,
      { what: 'a Withings export', wanted: (name) => kindOfEntry(name) !== null, tally: ctx.tally, signal: ctx.signal },
      (file) => readWithingsFile(file, out, timezone),
    );
    // Cancelled: the nights are not complete, and are not written.
    if (ctx.signal.aborted) await out.sink.flush();
    else await out.finish();
  },
};
