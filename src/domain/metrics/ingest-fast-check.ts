import { uuid } from '../../core/validation.ts';

/** A reading as a client sends it, before the schema's transforms (its source is not trimmed yet). */
export type PlainReading = {
  metric_type_slug: string;
  recorded_at: string;
  value: number;
  source: string;
  source_id?: string | null;
  unit?: string | null;
  metadata?: Record<string, unknown>;
  reading_group_id?: string | null;
};

/**
 * A quick check of one reading against HealthMetricIngest (metrics.schemas.ts), for the ingest's
 * common case: true only for what the schema certainly accepts, and then the schema's output is the
 * input itself with its source trimmed and unknown fields ignored, so the caller reads the fields
 * straight from it (no copy). Anything else is false and goes through the schema, which then gives
 * its own issues. It may be stricter than the schema, never looser: the date-time form here is the
 * common one (seconds, 1 to 9 fraction digits, Z or ±hh:mm).
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const UUID = uuid();
const METADATA_LIMIT = 8_192;

function plainDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  // Years near the ends of 1000..9999 could cross them with their offset: the schema decides those.
  return year > 1000 && year < 9999 && days !== undefined && day >= 1 && day <= days;
}

const optionalString = (value: unknown, min: number, max: number): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.length >= min && value.length <= max);

function plainMetadata(value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  // The schema's record leaves out an own "__proto__" key (JSON.parse makes one): its output would differ.
  if (Object.hasOwn(value, '__proto__')) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return JSON.stringify(value).length <= METADATA_LIMIT;
}

export function isPlainReading(input: unknown): input is PlainReading {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const r = input as Record<string, unknown>;
  const slug = r.metric_type_slug;
  if (typeof slug !== 'string' || slug.length < 1 || slug.length > 64) return false;
  if (!plainDateTime(r.recorded_at)) return false;
  const value = r.value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  const source = r.source;
  if (typeof source !== 'string') return false;
  const trimmed = source.trim();
  if (trimmed.length < 1 || trimmed.length > 100) return false;
  if (!optionalString(r.source_id, 1, 255) || !optionalString(r.unit, 0, 32)) return false;
  if (!plainMetadata(r.metadata)) return false;
  const group = r.reading_group_id;
  return group === undefined || group === null || UUID.safeParse(group).success;
}
