import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { wallTimeToUtc } from '../../core/clock.ts';
import { Conflict, Invalid } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { createCategory, listCategories } from '../categories/categories.service.ts';
import { createEvent } from '../events/events.service.ts';
import { ingestReadings } from '../metrics/ingest.service.ts';
import { loadUser } from '../users/users.service.ts';
import { mappedRecords, type ImportRecord, type RowIssue } from './csv-rows.ts';
import { CsvImport } from './csv.schemas.ts';
import { daylioRecords, loopRecords } from './presets.ts';

export type CsvImportOutcome = {
  rows: number;
  created: { events: number; readings: number; categories: number };
  skipped: { events: number; readings: number };
  refused: number;
  issues: RowIssue[];
};

const MAX_ISSUES = 20;
const READINGS_PER_BATCH = 10_000;

/** A UUID named by the user and the record's key: the same row of the same file is the same event on every import. */
function clientIdOf(userId: string, key: string): string {
  const h = createHash('sha256').update(`${userId}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
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
  const issues: RowIssue[] = [];
  const { rows, records } =
    q.preset === 'daylio'
      ? daylioRecords(q.csv, q.daylio_moods, issues)
      : q.preset === 'loop'
        ? loopRecords(q.csv, issues)
        : mappedRecords(q.csv, q.mapping!, issues);
  const source = q.preset ?? 'csv';
  const { timezone } = await loadUser(actor.userId);
  const outcome: CsvImportOutcome = {
    rows,
    created: { events: 0, readings: 0, categories: 0 },
    skipped: { events: 0, readings: 0 },
    refused: issues.length,
    issues,
  };
  const refuse = (r: ImportRecord, column: string | null, msg: string) => {
    outcome.refused++;
    issues.push({ row: r.row, column, msg });
  };

  const categories = new Map((await listCategories(actor)).map((c) => [c.name.toLowerCase(), c.id]));
  const categoryId = async (name: string) => {
    const known = categories.get(name.toLowerCase());
    if (known) return known;
    const created = await createCategory(actor, { name });
    outcome.created.categories++;
    categories.set(name.toLowerCase(), created.id);
    return created.id;
  };
  const occurredAt = (r: ImportRecord) => {
    const [y, m, d] = r.localDate.split('-').map(Number);
    const [hh, mm, ss] = (r.time ?? '12:00:00').split(':').map(Number);
    return new Date(wallTimeToUtc(Date.UTC(y, m - 1, d, hh, mm, ss), timezone));
  };

  for (const r of records) {
    if (!r.event) continue;
    try {
      // Through the create use case: its rules (lengths, tags spelled one way) hold for imported rows too.
      const { created } = await createEvent(
        actor,
        {
          client_id: clientIdOf(actor.userId, `${source}|${r.key}`),
          occurred_at: occurredAt(r).toISOString(),
          local_date: r.localDate,
          notes: r.event.notes,
          tags: r.event.tags,
          boolean_value: r.event.booleanValue,
          scalar_value: r.event.scalarValue,
          category_id: r.event.category ? await categoryId(r.event.category) : undefined,
        },
        'import',
      );
      if (created) outcome.created.events++;
      else outcome.skipped.events++;
    } catch (err) {
      if (err instanceof Conflict) refuse(r, null, 'This row was imported before with other contents: kept as it was');
      else if (err instanceof Invalid) refuse(r, String(err.issues[0]?.loc[0] ?? ''), err.message);
      else throw err;
    }
  }

  const readings = records.flatMap((r) =>
    r.readings.map((x) => ({
      row: r,
      reading: {
        metric_type_slug: x.slug,
        value: x.value,
        unit: x.unit,
        recorded_at: occurredAt(r).toISOString(),
        source,
        source_id: `${r.key}|${x.slug}`,
      },
    })),
  );
  for (let i = 0; i < readings.length; i += READINGS_PER_BATCH) {
    // A batch is all or nothing: the readings it refuses are reported by row and the rest sent again.
    let batch = readings.slice(i, i + READINGS_PER_BATCH);
    while (batch.length) {
      try {
        const result = await ingestReadings(actor, { readings: batch.map((b) => b.reading) });
        outcome.created.readings += result.createdCount;
        outcome.skipped.readings += result.skippedCount;
        break;
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        const bad = new Set(err.issues.map((x) => Number(x.loc[1])).filter((k) => Number.isInteger(k) && k < batch.length));
        if (bad.size === 0) throw err;
        for (const x of err.issues) if (bad.has(Number(x.loc[1]))) refuse(batch[Number(x.loc[1])].row, String(x.loc[2] ?? ''), x.msg);
        batch = batch.filter((_, k) => !bad.has(k));
      }
    }
  }
  outcome.issues = issues.slice(0, MAX_ISSUES);
  return outcome;
}
