import { z } from 'zod';

const Column = z.string().trim().min(1).max(200);

/** How the columns of an arbitrary CSV become events and readings. */
const Mapping = z
  .object({
    date_column: Column.describe('Column with the date (YYYY-MM-DD) or a date-time'),
    time_column: Column.optional().describe("Column with the time of day (14:30, 2:30 PM); none: noon in the user's timezone"),
    event: z
      .object({
        notes_columns: z.array(Column).max(10).optional().describe('Columns joined (a blank line between) into the notes'),
        tags_column: Column.optional(),
        tags_separator: z.string().min(1).max(5).default('|'),
        category: z.string().trim().min(1).max(100).optional().describe('Category name, created when missing'),
      })
      .optional()
      .describe('One event per row'),
    metrics: z
      .array(z.object({ column: Column, metric_type_slug: z.string(), unit: z.string().optional() }))
      .max(50)
      .optional()
      .describe('One reading per row and column with a value'),
  })
  .refine((m) => m.event || m.metrics?.length, { message: 'Map the rows to an event, to metrics, or both', path: ['event'] });

const DaylioMoods = z
  .record(z.string().trim().min(1).max(100), z.number().finite())
  .optional()
  .describe("daylio: your mood names and their scores when you renamed Daylio's (rad 5, good 4, meh 3, bad 2, awful 1)");

export const CsvImport = z
  .object({
    csv: z
      .string()
      .min(1)
      .max(20 * 1024 * 1024),
    preset: z
      .enum(['daylio', 'loop'])
      .optional()
      .describe("daylio: Daylio's export (mood, activities as tags, notes); loop: Loop Habit Tracker's Checkmarks.csv"),
    mapping: Mapping.optional(),
    daylio_moods: DaylioMoods,
  })
  .superRefine((v, ctx) => {
    if (!v.preset === !v.mapping) ctx.addIssue({ code: 'custom', path: ['mapping'], message: 'Give either a preset or a mapping' });
  })
  .meta({ id: 'CsvImport' });
export type CsvMapping = z.output<typeof Mapping>;

/** An uploaded CSV's options beside the file (the import pipeline's daylio, loop and csv formats): CsvImport's, less the CSV. */
export const DaylioOptions = z.object({ daylio_moods: DaylioMoods });
export const MappedCsvOptions = z.object({ mapping: Mapping });

export const CsvImportResult = z
  .object({
    rows: z.number().int(),
    created: z.object({ events: z.number().int(), readings: z.number().int(), categories: z.number().int() }),
    skipped: z
      .object({ events: z.number().int(), readings: z.number().int() })
      .describe('Already imported (the same row of the same file)'),
    refused: z.number().int(),
    issues: z.array(z.object({ row: z.number().int(), column: z.string().nullable(), msg: z.string() })).describe('The first 20 refusals'),
  })
  .meta({ id: 'CsvImportResult' });
