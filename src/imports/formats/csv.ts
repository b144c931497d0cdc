import { createReadStream } from 'node:fs';
import type { Actor } from '../../core/actor.ts';
import { parse } from '../../core/validation.ts';
import { writeCsv, type CsvFormat, type CsvOptions } from '../../domain/imports/csv-import.service.ts';
import { DaylioOptions, MappedCsvOptions } from '../../domain/imports/csv.schemas.ts';
import type { WriteContext, WriterFormat } from './format.ts';

/**
 * Other apps' CSV exports (src/domain/imports: the same reading and writing as POST …/import/csv),
 * from a file: each row counted once, as created, present or skipped with its reason.
 */
function csvWriter(
  name: CsvFormat,
  options: (raw: Record<string, unknown>) => CsvOptions,
  detect?: (head: string) => boolean,
): WriterFormat {
  return {
    name,
    kind: 'writer',
    ...(detect && { detect }),
    checkOptions: (raw) => void options(raw),
    async write(path: string, actor: Actor, ctx: WriteContext) {
      await writeCsv(actor, name, options(ctx.options), () => createReadStream(path, { highWaterMark: 256 * 1024 }), {
        fileLoc: [],
        tally: ctx.tally,
        signal: ctx.signal,
      });
    },
  };
}

/** The first line of a head, its cells unquoted and trimmed, lower-cased. */
function headerCells(head: string): string[] {
  const line = head.split(/\r?\n|\r/, 1)[0] ?? '';
  return line.split(',').map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase(),
  );
}

/**
 * Daylio's "Export entries": full_date,date,weekday,time,mood,activities,note_title,note, or the
 * older year,date,weekday,time,mood,activities,note (quoted or not, after a byte order mark).
 */
function isDaylio(head: string): boolean {
  const cells = headerCells(head);
  const has = (c: string) => cells.includes(c);
  return (has('full_date') || has('year')) && has('date') && has('time') && has('mood') && has('activities');
}

const LOOP_VALUE = /^(YES_MANUAL|YES_AUTO|NO|UNKNOWN|SKIP|-?\d+)?$/;

/**
 * Loop Habit Tracker's Checkmarks.csv: Date, then a habit per column, each line ending with a
 * comma; its rows a date and Loop's values (YES_MANUAL ... or the older numbers). Its Scores.csv
 * has the same header and fractions for values, which this is not.
 */
function isLoopCheckmarks(head: string): boolean {
  const lines = head.split(/\r?\n|\r/);
  if (!/^Date,.+,\s*$/.test(lines[0] ?? '') || /^Date,Value,Notes\s*$/.test(lines[0])) return false;
  // The head may end inside a line: only whole lines (not the last) are looked at.
  const rows = lines.slice(1, -1).filter((l) => l.trim());
  if (!rows.length) return false;
  return rows.slice(0, 5).every(
    (l) =>
      /^\d{4}-\d{2}-\d{2},/.test(l) &&
      l
        .split(',')
        .slice(1)
        .every((v) => LOOP_VALUE.test(v.trim())),
  );
}

export const daylio = csvWriter('daylio', (raw) => parse(DaylioOptions, raw), isDaylio);
export const loop = csvWriter('loop', () => ({}), isLoopCheckmarks);
/** Any CSV through a mapping of its columns (options.mapping): only when named, as any file may be a CSV. */
export const mappedCsv = csvWriter('csv', (raw) => parse(MappedCsvOptions, raw));
