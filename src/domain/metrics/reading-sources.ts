import { Invalid } from '../../core/errors.ts';
import { query } from '../../db/sql.ts';

/**
 * How a reading's source and source_id are stored (Migration20261202000000_reading_sources): the
 * source as a number into the user's own table of sources, the source_id as a 16-byte uuid when it
 * is spelled as one in lower or upper case (HealthKit's are upper case), with the number's sign
 * saying which (negative for upper), and as text otherwise. Reads spell both back as they were sent.
 */

/** A user's sources are numbered 1 to this: the column is a smallint, two bytes a reading. */
const MAX_SOURCES = 32_767;

const LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UPPER_UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/** A source_id as stored: in the uuid column (and whether it was upper case) or as text. */
export type StoredSourceId = { uuid: string | null; text: string | null; upper: boolean };

const NONE: StoredSourceId = { uuid: null, text: null, upper: false };

/**
 * Where a source_id goes. A uuid of digits only is lower case here, as in the migration's SQL, so a
 * spelling always goes to the one place and the dedup key, which reads the uuid as lower-case text,
 * sees each spelling as itself.
 */
export function storedSourceId(sourceId: string | null | undefined): StoredSourceId {
  if (sourceId === null || sourceId === undefined) return NONE;
  if (sourceId.length === 36) {
    if (LOWER_UUID.test(sourceId)) return { uuid: sourceId, text: null, upper: false };
    if (UPPER_UUID.test(sourceId)) return { uuid: sourceId, text: null, upper: true };
  }
  return { uuid: null, text: sourceId, upper: false };
}

/** A stored source number with the letter case of its source_id: negative for an upper-case uuid. */
export const signedSourceNo = (no: number, stored: StoredSourceId): number => (stored.upper ? -no : no);

/** A source_id as it was sent, from its stored columns (the database hands a uuid over in lower case). */
export function sourceIdOf(sourceNo: number, uuid: string | null | undefined, text: string | null | undefined): string | null {
  if (uuid) return sourceNo < 0 ? uuid.toUpperCase() : uuid;
  return text ?? null;
}

/**
 * A read's source names, for a statement whose $1 is the user: the user's sources in number order,
 * read once per statement (an InitPlan), indexed by a reading's `abs(source_no)`. The numbers run
 * 1, 2, … without gaps: they are given one after another and removed only with all the user's data.
 */
export const sourceNameSql = (column: string) =>
  `(select array_agg(source order by no) from reading_sources where user_id = $1)[abs(${column})]`;

/** The number of one of the user's sources, or null when no reading has it. */
export async function sourceNo(userId: string, source: string): Promise<number | null> {
  const [row] = await query<{ no: number }>(`select no from reading_sources where user_id = $1 and source = $2`, [userId, source]);
  return row?.no ?? null;
}

/**
 * The numbers of `sources` for the user, numbering those it has not had before. Inside the
 * caller's transaction: new numbers are given under a lock on the user's table of sources, so
 * concurrent batches with new sources take turns and never give one number twice; a batch of
 * known sources (nearly all) reads them and takes no lock. Past MAX_SOURCES a source is Invalid at
 * `locOf(source)`.
 */
export async function sourceNumbers(
  userId: string,
  sources: readonly string[],
  locOf: (source: string) => (string | number)[],
): Promise<Map<string, number>> {
  const read = async () =>
    new Map(
      (
        await query<{ no: number; source: string }>(
          `select no, source from reading_sources where user_id = $1 and source = any($2::text[])`,
          [userId, sources],
        )
      ).map((r) => [r.source, r.no]),
    );
  const known = await read();
  if (known.size === sources.length) return known;
  await query(`select pg_advisory_xact_lock(hashtextextended('reading_sources:' || $1, 0))`, [userId]);
  const [{ last }] = await query<{ last: number }>(`select coalesce(max(no), 0)::int4 as last from reading_sources where user_id = $1`, [
    userId,
  ]);
  const taken = await read();
  const added = sources.filter((s) => !taken.has(s));
  if (last + added.length > MAX_SOURCES) {
    throw Invalid.at(locOf(added[Math.max(0, MAX_SOURCES - last)]), `An account holds at most ${MAX_SOURCES} distinct sources`);
  }
  if (added.length) {
    await query(
      `insert into reading_sources (user_id, no, source) select $1, $2 + n, s from unnest($3::text[]) with ordinality as a(s, n)`,
      [userId, last, added],
    );
  }
  added.forEach((s, i) => taken.set(s, last + i + 1));
  return taken;
}
