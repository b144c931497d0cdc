import { uuid } from '../../core/validation.ts';
import type { HealthMetricIngest } from './metrics.schemas.ts';

/** One reading as the schema outputs it (HealthMetricIngest in metrics.schemas.ts). */
export type ReadingInput = HealthMetricIngest;

/**
 * A quick check of one reading against HealthMetricIngest, for the ingest's common case: it
 * accepts only what the schema certainly accepts, in the schema's output shape (source trimmed,
 * unknown fields dropped), and answers undefined for anything else, which then goes through the
 * schema itself (and gets its issues). It may be stricter than the schema, never looser: the
 * date-time form here is the common one (seconds, optional fraction, Z or ±hh:mm).
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

const optionalString = (value: unknown, min: number, max: number): value is string | null | undefined =>
  value === undefined || value === null || (typeof value === 'string' && value.length >= min && value.length <= max);

function plainMetadata(value: unknown): value is Record<string, unknown> | undefined {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return JSON.stringify(value).length <= METADATA_LIMIT;
}

export function readingFast(input: unknown): ReadingInput | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const r = input as Record<string, unknown>;
  const { metric_type_slug: slug, recorded_at: at, value, source, source_id: sourceId, unit, metadata, reading_group_id: group } = r;
  if (typeof slug !== 'string' || slug.length < 1 || slug.length > 64) return undefined;
  if (!plainDateTime(at)) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (typeof source !== 'string') return undefined;
  const trimmed = source.trim();
  if (trimmed.length < 1 || trimmed.length > 100) return undefined;
  if (!optionalString(sourceId, 1, 255) || !optionalString(unit, 0, 32)) return undefined;
  if (!plainMetadata(metadata)) return undefined;
  if (group !== undefined && group !== null && !UUID.safeParse(group).success) return undefined;
  return {
    metric_type_slug: slug,
    recorded_at: at,
    value,
    source: trimmed,
    ...(sourceId === undefined ? {} : { source_id: sourceId }),
    ...(unit === undefined ? {} : { unit }),
    ...(metadata === undefined ? {} : { metadata }),
    ...(group === undefined ? {} : { reading_group_id: group as string | null }),
  };
}
