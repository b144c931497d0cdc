import { createHash } from 'node:crypto';
import { namedId } from '../../core/ids.ts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError } from 'csv-parse';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { wallTimeToUtc } from '../../core/clock.ts';
import { Conflict, Invalid } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { createCategory, listCategories } from '../categories/categories.service.ts';
import { createEvent, createEvents } from '../events/events.service.ts';
import { ingestReadings } from '../metrics/ingest.service.ts';
import { loadUser } from '../users/users.service.ts';
import {
  csvRecords,
  mappedReader,
  MAX_COLUMNS,
  MAX_RECORD_BYTES,
  utf8Chunks,
  type CsvReader,
  type ImportRecord,
  type IssueKind,
  type RowIssue,
} from './csv-rows.ts';
import { CsvImport, type CsvMapping } from './csv.schemas.ts';
import { daylioReader, loopReader } from './presets.ts';

export type CsvImportOutcome = {
  rows: number;
  created: { events: number; readings: number; categories: number };
  skipped: { events: number; readings: number };
  refused: number;
  issues: RowIssue[];
};

/** Which reading of the rows: Daylio's export, Loop's Checkmarks.csv, or a mapping of any CSV's columns. */
export type CsvFormat = 'daylio' | 'loop' | 'csv';
export type CsvOptions = { mapping?: CsvMapping; daylio_moods?: Record<string, number> };

/** Why a row was not imported, as an import's counts name it. */
type RowSkip = 'malformed' | 'too_large' | 'unmapped_type' | 'invalid' | 'conflict';
/**
 * Where each row's outcome goes (the import pipeline's tally): exactly one call per data row, so
 * rows = created + present + skipped. A row is skipped when any part of it was refused (its
 * first refusal says why), created when something of it was written, present when everything of
 * it was already there, and skipped as unmapped_type when it carries nothing this service keeps
 * (a Loop day without a check).
 */
type RowTally = {
  created(): void;
  present(): void;
  skipped(reason: RowSkip, detail: string, name?: string): void;
  progress(bytesRead: number): void;
};

export type CsvWriteOptions = {
  /** Where a problem with the file as a whole is reported: the JSON route's `csv` field, or the upload itself. */
  fileLoc: (string | number)[];
  tally?: RowTally;
  /** Stops at the next row once aborted, keeping what was written. */
  signal?: AbortSignal;
};

const MAX_ISSUES = 20;
/** Readings per ingest (one transaction: on the embedded database other requests wait for it); and the most rows settled at once. */
const READINGS_PER_BATCH = 2_000;
const MAX_WAITING = 10_000;
/** Rows whose events are written in one transaction: at most this many, or this many characters of their cells. */
const ROWS_PER_UNIT = 200;
const UNIT_CHARS = 4 * 1024 * 1024;
const NOTHING: Record<CsvFormat, string> = { daylio: 'an entry without data', loop: 'a day without a check', csv: 'a row without values' };

/**
 * What is sent again after ingest refused some of a batch (`bad`, by position): the service reports
 * its issues in batch order up to a cap, so the readings before the last one reported are known
 * good and go on their own, and the rest, unchecked, in parts as long as the stretch that held
 * those issues (at least MIN_RESEND): a run of refusals costs each reading a few checks, where
 * sending the whole rest again checked each one once per hundred refusals.
 */
const MIN_RESEND = 1_000;
export function resent<T>(batch: T[], bad: Set<number>): T[][] {
  let last = -1;
  for (const k of bad) last = Math.max(last, k);
  const parts = [batch.slice(0, last + 1).filter((_, k) => !bad.has(k))];
  const size = Math.max(MIN_RESEND, last + 1);
  for (let i = last + 1; i < batch.length; i += size) parts.push(batch.slice(i, i + size));
  return parts.filter((p) => p.length);
}

/**
 * A reading's source_id: the row's key and the metric, or for a key too long to be one (a wide
 * row's values) a hash of them, which no earlier import can have stored (such readings were refused).
 */
function sourceIdOf(key: string, slug: string): string {
  const id = `${key}|${slug}`;
  return id.length <= 255 ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`;
}

/**
 * Brings another app's CSV export in (Daylio, Loop Habit Tracker, or any CSV through a column
 * mapping): each row an event and/or readings, dated in the user's timezone. Importing the same
 * file again adds nothing: events carry a client_id named by the row, readings a source_id. Rows
 * are independent records: a row that cannot be read is refused and reported, the others land;
 * an interrupted import is completed by sending the file again.
 */
export async function importCsv(actor: Actor, input: z.input<typeof CsvImport>): Promise<CsvImportOutcome> {
  authorize(actor, actor.userId, 'write');
  const q = parse(CsvImport, input);
  return writeCsv(actor, q.preset ?? 'csv', q, () => utf8Chunks(q.csv), { fileLoc: ['csv'] });
}

/** The format's reader for a header (throwing Invalid when the file is not that format). */
function readerFor(format: CsvFormat, cells: string[], options: CsvOptions, fileLoc: (string | number)[]): CsvReader {
  if (cells.length > MAX_COLUMNS) throw Invalid.at(fileLoc, `The CSV has ${cells.length} columns: at most ${MAX_COLUMNS} are read`);
  const header = cells.map((h) => h.trim());
  if (format === 'daylio') return daylioReader(header, options.daylio_moods, fileLoc);
  if (format === 'loop') return loopReader(cells, fileLoc);
  return mappedReader(header, options.mapping!);
}

/**
 * The first pass, before anything is written: the whole file must be a readable CSV and its header
 * this format's; the reader surveys every row (Loop's columns). Constant memory, as the second.
 */
async function surveyed(
  format: CsvFormat,
  options: CsvOptions,
  open: () => AsyncIterable<Buffer>,
  fileLoc: (string | number)[],
): Promise<CsvReader> {
  let header: string[] | undefined;
  let reader: CsvReader | undefined;
  let refusal: Error | undefined;
  try {
    for await (const record of csvRecords(open())) {
      if (header) {
        if (reader?.survey && !('tooLarge' in record)) reader.survey(record);
        continue;
      }
      if ('tooLarge' in record) {
        header = [];
        refusal = Invalid.at(fileLoc, `The header is over ${MAX_RECORD_BYTES} bytes`);
        continue;
      }
      header = record;
      try {
        reader = readerFor(format, header, options, fileLoc);
      } catch (err) {
        refusal = err as Error;
      }
    }
  } catch (err) {
    // A file csv-parse cannot read is refused whole, before any of it is written, as it always was.
    if (err instanceof CsvError) throw Invalid.at(fileLoc, `Not a readable CSV: ${err.message}`);
    throw err;
  }
  if (refusal) throw refusal;
  reader ??= readerFor(format, [], options, fileLoc);
  reader.surveyed?.();
  return reader;
}

type RowState = {
  row: number;
  created: number;
  present: number;
  problem?: { reason: RowSkip; detail: string };
  pendingReadings: number;
};
type PendingReading = {
  state: RowState;
  reading: { metric_type_slug: string; value: number; unit?: string; recorded_at: string; source: string; source_id: string };
};

const where = (row: number, column: string | null) => `row ${row}${column ? `, ${column}` : ''}`;

/**
 * The import itself, for the JSON route (the CSV in a string) and the import pipeline (a file),
 * streamed: `open` gives the file's bytes, read twice (once to check and survey it, once to write),
 * never held whole. Rows are written as they are read: events a unit at a time through createEvents,
 * readings through ingestReadings in batches. Answers the JSON route's outcome; `tally` hears of
 * each row as it is settled.
 */
export async function writeCsv(
  actor: Actor,
  format: CsvFormat,
  options: CsvOptions,
  open: () => AsyncIterable<Buffer>,
  { fileLoc, tally, signal }: CsvWriteOptions,
): Promise<CsvImportOutcome> {
  authorize(actor, actor.userId, 'write');
  const reader = await surveyed(format, options, open, fileLoc);
  const { timezone } = await loadUser(actor.userId);
  const outcome: CsvImportOutcome = {
    rows: 0,
    created: { events: 0, readings: 0, categories: 0 },
    skipped: { events: 0, readings: 0 },
    refused: 0,
    issues: [],
  };
  // The refusals reported, the first of each kind, in the order the JSON route has always listed them.
  const listed = { rows: [] as RowIssue[], events: [] as RowIssue[], readings: [] as RowIssue[] };
  const refuse = (list: RowIssue[], state: RowState, column: string | null, msg: string, reason?: RowSkip) => {
    outcome.refused++;
    if (list.length < MAX_ISSUES) list.push({ row: state.row, column, msg });
    if (reason) state.problem ??= { reason, detail: `${where(state.row, column)}: ${msg}` };
  };
  const settle = (state: RowState) => {
    if (!tally) return;
    if (state.problem) tally.skipped(state.problem.reason, state.problem.detail);
    else if (state.created) tally.created();
    else if (state.present) tally.present();
    else tally.skipped('unmapped_type', `row ${state.row}: nothing to import`, NOTHING[format]);
  };

  const categories = new Map((await listCategories(actor)).map((c) => [c.name.toLowerCase(), c.id]));
  // A unit's categories are created before its transaction, outside it: a creation that fails must
  // not abort the unit, and a unit rolled back must not leave an id behind. A failure is the
  // refusal of each event of the unit in that category, as it always was.
  const failed = new Map<string, unknown>();
  const createCategories = async (records: ImportRecord[]) => {
    for (const r of records) {
      const name = r.event?.category;
      if (!name || categories.has(name.toLowerCase()) || failed.has(name.toLowerCase())) continue;
      try {
        const created = await createCategory(actor, { name });
        outcome.created.categories++;
        categories.set(name.toLowerCase(), created.id);
      } catch (err) {
        if (!(err instanceof Invalid || err instanceof Conflict)) throw err;
        failed.set(name.toLowerCase(), err);
      }
    }
  };
  // A row's records share its day and time: the instant is worked out once per row, not per reading.
  let lastWall = '';
  let lastAt = '';
  const occurredAt = (r: ImportRecord) => {
    const wall = `${r.localDate}|${r.time ?? ''}`;
    if (wall !== lastWall) {
      const [y, m, d] = r.localDate.split('-').map(Number);
      const [hh, mm, ss] = (r.time ?? '12:00:00').split(':').map(Number);
      lastAt = new Date(wallTimeToUtc(Date.UTC(y, m - 1, d, hh, mm, ss), timezone)).toISOString();
      lastWall = wall;
    }
    return lastAt;
  };

  type EventResult = 'created' | 'present' | { column: string | null; msg: string; reason: RowSkip };
  /** An event's outcome as the row's: a refusal with its column and reason. */
  const resultOf = (outcome: unknown): EventResult => {
    if (outcome instanceof Conflict)
      return { column: null, msg: 'This row was imported before with other contents: kept as it was', reason: 'conflict' };
    if (outcome instanceof Invalid) return { column: String(outcome.issues[0]?.loc[0] ?? ''), msg: outcome.message, reason: 'invalid' };
    if (outcome instanceof Error) throw outcome;
    return (outcome as { created: boolean }).created ? 'created' : 'present';
  };
  // Through the create use case: its rules (lengths, tags spelled one way) hold for imported rows too.
  const eventInput = (r: ImportRecord, at: string) => {
    const e = r.event!;
    const category = e.category?.toLowerCase();
    return {
      client_id: namedId(`${actor.userId}\n${format}|${r.key}`),
      occurred_at: at,
      local_date: r.localDate,
      notes: e.notes,
      tags: e.tags,
      boolean_value: e.booleanValue,
      scalar_value: e.scalarValue,
      category_id: category ? categories.get(category) : undefined,
    };
  };
  /** The category whose creation failed for this record's event, if any: the event's refusal. */
  const categoryFailure = (r: ImportRecord) => {
    const category = r.event?.category?.toLowerCase();
    return category ? failed.get(category) : undefined;
  };
  /** A unit's events, in order: all at once (createEvents: a few statements for the unit). */
  const writeBatch = async (events: { r: ImportRecord; at: string }[]): Promise<EventResult[]> => {
    const sent = events.filter(({ r }) => !categoryFailure(r));
    const outcomes = await createEvents(
      actor,
      sent.map(({ r, at }) => eventInput(r, at)),
      'import',
    );
    const byRecord = new Map(sent.map((x, j) => [x, outcomes[j]]));
    return events.map((x) => resultOf(categoryFailure(x.r) ?? byRecord.get(x)));
  };
  /** The same, one event at a time, each committed on its own. */
  const writeEach = async (events: { r: ImportRecord; at: string }[]): Promise<EventResult[]> => {
    const results: EventResult[] = [];
    for (const { r, at } of events) {
      const failure = categoryFailure(r);
      if (failure) results.push(resultOf(failure));
      else results.push(await createEvent(actor, eventInput(r, at), 'import').then(resultOf, resultOf));
    }
    return results;
  };

  let pending: PendingReading[] = [];
  let waiting: RowState[] = [];
  const flushReadings = async () => {
    // A batch is all or nothing: the readings it refuses are reported by row and the rest sent again.
    const queue = [pending];
    pending = [];
    while (queue.length) {
      const batch = queue.shift()!;
      try {
        const result = await ingestReadings(actor, { readings: batch.map((b) => b.reading) });
        outcome.created.readings += result.createdCount;
        outcome.skipped.readings += result.skippedCount;
        if (tally) {
          const made = new Map<string | null, number>();
          result.eachCreated((c) => made.set(c.sourceId, (made.get(c.sourceId) ?? 0) + 1));
          for (const b of batch) {
            const n = made.get(b.reading.source_id) ?? 0;
            if (n) {
              made.set(b.reading.source_id, n - 1);
              b.state.created++;
            } else b.state.present++;
          }
        }
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        const bad = new Set(err.issues.map((x) => Number(x.loc[1])).filter((k) => Number.isInteger(k) && k < batch.length));
        if (bad.size === 0) throw err;
        for (const x of err.issues) {
          const k = Number(x.loc[1]);
          if (bad.has(k)) refuse(listed.readings, batch[k].state, String(x.loc[2] ?? ''), x.msg, 'invalid');
        }
        queue.unshift(...resent(batch, bad));
        // A refusal is found without the database: a run of them must still let other requests in.
        await nextTurn();
      }
    }
    for (const state of waiting) settle(state);
    waiting = [];
  };

  /**
   * A unit of rows: their events in one transaction (a commit per row was most of an import's time,
   * ~4-7 ms a row on either database), written together (three statements an event were most of
   * what remained: 3,565 rows took 24 s), then their readings queued for the next batch. A unit whose
   * transaction fails as a whole is written again row by row, each event on its own, as before.
   */
  type UnitRow = { state: RowState; records: ImportRecord[]; at: string[] };
  let unit: UnitRow[] = [];
  let unitChars = 0;
  const writeUnit = async () => {
    const rows = unit;
    unit = [];
    unitChars = 0;
    failed.clear();
    for (const u of rows) await createCategories(u.records);
    const events = rows.flatMap((u) => u.records.flatMap((r, i) => (r.event ? [{ r, at: u.at[i] }] : [])));
    let results: EventResult[] = [];
    if (events.length) {
      try {
        results = await em().transactional(() => writeBatch(events));
      } catch {
        em().clear();
        results = await writeEach(events);
      }
    }
    let k = 0;
    for (const { state, records, at } of rows) {
      for (const [i, r] of records.entries()) {
        if (r.event) {
          const result = results[k++];
          if (result === 'created') {
            outcome.created.events++;
            state.created++;
          } else if (result === 'present') {
            outcome.skipped.events++;
            state.present++;
          } else refuse(listed.events, state, result.column, result.msg, result.reason);
        }
        for (const x of r.readings) {
          state.pendingReadings++;
          pending.push({
            state,
            reading: {
              metric_type_slug: x.slug,
              value: x.value,
              unit: x.unit,
              recorded_at: at[i],
              source: format,
              source_id: sourceIdOf(r.key, x.slug),
            },
          });
        }
      }
      // Rows are settled in file order: behind a row whose readings are still to be sent, a row waits too.
      if (state.pendingReadings || waiting.length) waiting.push(state);
      else settle(state);
      if (pending.length >= READINGS_PER_BATCH || waiting.length >= MAX_WAITING) await flushReadings();
    }
    // The unit of work forgets the unit's events: its identity map would otherwise hold every one written.
    em().clear();
  };

  let header = true;
  let row = 1; // the header is row 1
  for await (const record of csvRecords(open(), tally && ((n) => tally.progress(n)))) {
    if (header) {
      header = false;
      continue;
    }
    if (signal?.aborted) break;
    const state: RowState = { row: ++row, created: 0, present: 0, pendingReadings: 0 };
    outcome.rows++;
    if ('tooLarge' in record) {
      refuse(listed.rows, state, null, `Over ${MAX_RECORD_BYTES} bytes: not read`, 'too_large');
      unit.push({ state, records: [], at: [] });
    } else {
      const issue = (column: string | null, msg: string, kind: IssueKind = 'malformed') =>
        refuse(listed.rows, state, column, msg, kind === 'malformed' ? 'malformed' : undefined);
      const records = reader.read(record, state.row, issue);
      unit.push({ state, records, at: records.map(occurredAt) });
      for (const cell of record) unitChars += cell.length;
    }
    if (unit.length >= ROWS_PER_UNIT || unitChars >= UNIT_CHARS) await writeUnit();
  }
  await writeUnit();
  await flushReadings();
  outcome.issues = [...listed.rows, ...listed.events, ...listed.readings].slice(0, MAX_ISSUES);
  return outcome;
}
