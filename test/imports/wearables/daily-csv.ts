import { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';

/** The generated exports' days: from 2022-01-01 (UTC) on. */
export const DAY_MS = 86_400_000;
export const START = Date.UTC(2022, 0, 1);
/** Day `d`'s date, YYYY-MM-DD. */
export const dayOf = (d: number): string => new Date(START + d * DAY_MS).toISOString().slice(0, 10);

/** A file's text in chunks of about 64 KiB: the header, then each day's rows. */
function* chunks(header: string, days: number, row: (day: number) => string): Generator<string> {
  let text = `${header}\n`;
  for (let d = 0; d < days; d++) {
    text += row(d);
    if (text.length > 64 * 1024) {
      yield text;
      text = '';
    }
  }
  yield text;
}

/** Adds a CSV of `days` days' rows to `zip` as `name`, written as the ZIP is (never whole in memory). */
export const addDailyCsv = (zip: ZipFile, name: string, header: string, days: number, row: (day: number) => string): void =>
  zip.addReadStream(Readable.from(chunks(header, days, row)), name);
