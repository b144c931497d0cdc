import { query } from '../../db/sql.ts';
import type { Batch } from './ingest-batch.ts';
import { rollupCtes } from './daily-rollup.ts';
import { sourceNumbers } from './reading-sources.ts';

/**
 * PostgreSQL array literals, written here rather than by node-postgres (which quotes and escapes
 * every element of every array: ~60 ms of a 10,000-reading batch). uuids, numbers and the schema's
 * date-times need no quoting; text is quoted and escaped only where the array syntax needs it. A
 * column of nulls only is sent empty: unnest pads the shorter arrays with nulls.
 */
function plainList(xs: readonly (string | number | null)[]): string {
  let nulls = 0;
  for (let i = 0; i < xs.length; i++) if (xs[i] === null) nulls++;
  if (nulls === xs.length) return '{}';
  return `{${(nulls ? xs.map((x) => x ?? 'NULL') : xs).join(',')}}`;
}

/** Unquoted, an element must not be empty, hold syntax or blanks, or spell NULL. */
const UNQUOTED = /^[^{}",\\\s]+$/;
const element = (s: string) =>
  UNQUOTED.test(s) && !(s.length === 4 && s.toUpperCase() === 'NULL') ? s : `"${s.replace(/["\\]/g, '\\$&')}"`;

function textList(xs: readonly (string | null)[]): string {
  const out = new Array<string>(xs.length);
  let nulls = 0;
  let last: string | null = null;
  let lastElement = '';
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (x === null) {
      out[i] = 'NULL';
      nulls++;
    } else {
      // A source is usually the same for the whole batch: written once.
      if (x !== last) lastElement = element((last = x));
      out[i] = lastElement;
    }
  }
  return nulls === xs.length ? '{}' : `{${out.join(',')}}`;
}

/**
 * One statement: insert the readings (the dedup key (user_id, source, source_id) skips any that
 * exist, are duplicated in this batch, or are being inserted by a concurrent batch), then fold the
 * rows actually inserted into the per-day rollup and the first-seen sources (daily-rollup.ts). Rows are written in id
 * order, which is (source, source_id) order (assignIds), so concurrent batches take their locks in
 * the same order and the primary key is only appended to. The batch arrives as column arrays
 * (unnest), its sources as numbers ($6, signed by the source_id's letter case) with the batch's
 * numbers and names beside ($12, $13) for the rollups, which are kept by name. It answers one row:
 * how many were inserted, the local day of every reading (days since 1970-01-01, in batch order, as text;
 * none when nothing was inserted) and, only when some but not all were inserted, the ids of those
 * that were. created_at ($11) is null when the ids say it (storedCreatedAt).
 */
const INSERT_SQL = `
with input as (
  select r.*, (r.at at time zone u.timezone)::date as d
  from unnest($2::uuid[], $3::int2[], $4::timestamptz[], $5::float8[], $6::int2[], $7::uuid[], $8::text[], $9::uuid[], $10::jsonb[])
    with ordinality as r(id, t, at, v, s, su, sid, g, m, o)
  cross join (select timezone from users where id = $1) u
),
ins as (
  insert into health_metrics
    (id, user_id, metric_type_id, recorded_at, local_date, value, source_no, source_uuid, source_id, reading_group_id, metadata, created_at)
  select id, $1, t, at, d, v, s, su, sid, g, m, $11
  from input
  order by id
  on conflict do nothing
  returning id, metric_type_id, local_date, abs(source_no) as no, value, recorded_at
),
${rollupCtes('$12', '$13')},
counts as (
  select (select count(*) from ins)::int4 as inserted, (select count(*) from input)::int4 as sent
)
select inserted,
  case when inserted > 0 then (select string_agg((d - date '1970-01-01')::text, ',' order by o) from input) end as days,
  case when inserted > 0 and inserted < sent then (select array_agg(id::text) from ins) end as ids
from counts`;

export type Inserted = { positions: number[]; days: number[] };

export async function insert(userId: string, b: Batch): Promise<Inserted> {
  const metadata = new Array<string | null>(b.size);
  for (let i = 0; i < b.size; i++) {
    const m = b.metadata[i];
    metadata[i] = m === null ? null : JSON.stringify(m);
  }
  const numbers = await sourceNumbers(userId, [...new Set(b.source.slice(0, b.size))], (s) => ['readings', b.source.indexOf(s), 'source']);
  const sourceNo = new Array<number>(b.size);
  for (let i = 0; i < b.size; i++) {
    const no = numbers.get(b.source[i])!;
    sourceNo[i] = b.upper[i] ? -no : no;
  }
  const [row] = await query<{ inserted: number; days: string | null; ids: string[] | null }>(INSERT_SQL, [
    userId,
    plainList(b.id),
    plainList(b.typeId),
    plainList(b.at),
    plainList(b.value),
    plainList(sourceNo),
    plainList(b.sourceUuid),
    textList(b.sourceText),
    plainList(b.group),
    textList(metadata),
    b.storedCreatedAt,
    plainList([...numbers.values()]),
    textList([...numbers.keys()]),
  ]);
  // Batch positions of the inserted readings, in batch order: all, none, or those the ids name.
  const positions: number[] = [];
  if (row.ids) {
    const inserted = new Set(row.ids);
    for (let i = 0; i < b.size; i++) if (inserted.has(b.id[i])) positions.push(i);
  } else if (row.inserted === b.size) {
    for (let i = 0; i < b.size; i++) positions.push(i);
  }
  return { positions, days: row.days === null ? [] : dayList(row.days, b.size) };
}

/**
 * The statement's local days, "20513,20513,20514": read here digit by digit (node-postgres parsing an
 * int4[] of 10,000 was ~2 ms of a batch). A day before 1970 is negative.
 */
function dayList(text: string, size: number): number[] {
  const days = new Array<number>(size);
  let k = 0;
  let n = 0;
  let sign = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      days[k++] = sign * n;
      n = 0;
      sign = 1;
    } else if (c === 45) sign = -1;
    else n = n * 10 + c - 48;
  }
  days[k] = sign * n;
  return days;
}
