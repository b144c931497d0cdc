import { z } from 'zod';
import { Pagination } from '../core/validation.ts';
import { FORMAT_NAMES } from './formats/index.ts';

const Format = z.enum(FORMAT_NAMES).describe('The file format; detected from the first bytes when omitted');

/** What comes beside the uploaded file (query parameters, or form fields of a multipart upload). */
export const ImportStart = z
  .object({
    format: Format.optional(),
    filename: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .optional()
      .describe("The file's name (a multipart upload gives it); helps recognise Takeout's stub files"),
    options: z
      .string()
      .max(64 * 1024)
      .transform((text, ctx): Record<string, unknown> => {
        try {
          const value: unknown = JSON.parse(text);
          if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: 'Input should be a JSON object' });
        return z.NEVER;
      })
      .optional()
      .describe("A JSON object of the format's options (a CSV's mapping or Daylio's moods)"),
  })
  .meta({ id: 'ImportStart' });

export const ImportListQuery = z.object({ ...Pagination }).meta({ id: 'ImportListQuery' });
