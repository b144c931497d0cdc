import { z } from 'zod';
import { parse, uuid } from '../../core/validation.ts';

/**
 * Argument shapes shared by the tools: types and descriptions only. The services validate
 * (their z.coerce numbers, date formats and bounds), so their rules live in one place.
 */
export const localDate = (what: string) => z.string().describe(`${what} (YYYY-MM-DD, a local day in the user's timezone)`);

/** from/to as in the REST API: a bare date is a local day (inclusive), a date-time an instant (to exclusive). */
export const rangeArgs = {
  from: z.string().optional().describe("Start: a date (YYYY-MM-DD, the user's local day, inclusive) or an ISO 8601 date-time with offset"),
  to: z
    .string()
    .optional()
    .describe("End: a date (YYYY-MM-DD, the user's local day, inclusive) or an ISO 8601 date-time with offset (exclusive)"),
};

/**
 * An integer argument whose bounds the JSON Schema shows (instead of zod's safe-integer range) while
 * the service enforces them: a value out of range comes back as the service's issue at its loc.
 */
const intArg = (description: string, minimum: number, maximum?: number) =>
  z.number().int().optional().meta({ description, minimum, maximum });

export const pageArgs = {
  limit: intArg('How many to return (1..500, default 50)', 1, 500),
  offset: intArg('How many to skip, for paging (default 0)', 0),
};

export const windowArgs = {
  window_days: intArg('Days in the window, ending on end_date (14..365, default 90)', 14, 365),
  end_date: z.string().optional().describe("Last day of the window (YYYY-MM-DD); default: the user's local today"),
};

/**
 * An id argument, checked here as REST checks its path ids (the services look ids up as given):
 * a malformed one is the caller's mistake, not a database error.
 */
export const idArg = (what: string) => z.string().describe(`The ${what}'s id (a UUID)`);

export function checkId<K extends string>(key: K, args: Record<K, string>): string {
  return parse(z.object({ [key]: uuid() }), { [key]: args[key] })[key];
}
