import { z } from 'zod';
import { Invalid, type ValidationIssue } from './errors.ts';

/**
 * Parses service input with a zod schema. Failures become Invalid with FastAPI-style
 * issues whose loc is relative to the input; the transport adds `body`/`query`/`path`.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new Invalid(result.error.issues.map(toIssue));
}

/**
 * Data handed to a service as it came (GraphQL or form arguments, a stored suggestion payload, an
 * automation's config, CLI flags), typed as the service's input: nothing trusts that type, the
 * service's own parse checks the data, and its issues say what is wrong.
 */
export function asInput<T>(data: unknown): T {
  return data as T;
}

function toIssue(issue: z.core.$ZodIssue): ValidationIssue {
  const loc = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return { loc, msg: 'Field required', type: 'missing' };
  }
  if (issue.code === 'unrecognized_keys') {
    return { loc: [...loc, issue.keys[0] ?? ''], msg: issue.message, type: 'extra_forbidden' };
  }
  return { loc, msg: issue.message, type: typeName(issue) };
}

function typeName(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `${issue.expected}_type`;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_short' : 'greater_than_equal';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_long' : 'less_than_equal';
    case 'invalid_format':
      return `${issue.format}_parsing`;
    case 'invalid_value':
      return 'enum';
    default:
      return 'value_error';
  }
}

/** Shared field schemas, so every area spells the same rule the same way. */
export const uuid = () => z.uuid({ message: 'Input should be a valid UUID' });
/**
 * Years 1000..9999 in UTC: the format allows year 0000 (and an offset can push 0001 into it),
 * which PostgreSQL has no such year for. Nothing a person tracks happened before 1000.
 */
const inStoredRange = (iso: string) => {
  const year = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).getUTCFullYear();
  // Not a date at all is the format check's issue alone.
  return Number.isNaN(year) || (year >= 1000 && year <= 9999);
};
const RANGE = { message: 'Input should be between the years 1000 and 9999' };
export const dateTime = () =>
  z.iso.datetime({ offset: true, message: 'Input should be a valid ISO 8601 date-time with a timezone' }).refine(inStoredRange, RANGE);
export const isoDate = () => z.iso.date({ message: 'Input should be a valid date (YYYY-MM-DD)' }).refine(inStoredRange, RANGE);
/** Query strings: "true"/"false"/"1"/"0". */
export const queryBool = () =>
  z.enum(['true', 'false', '1', '0'], { message: 'Input should be a valid boolean' }).transform((v) => v === 'true' || v === '1');

export const Pagination = {
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
};

/** A URL without user:password@ (credentials in a URL end up in logs and Referer headers); not a URL at all is the url check's to say. */
export const noCredentials = (u: string): boolean => {
  try {
    const url = new URL(u);
    return !url.username && !url.password;
  } catch {
    return true;
  }
};
