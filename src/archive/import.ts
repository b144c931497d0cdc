import { muteEvents } from '../domain/outbox/outbox.service.ts';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { authorize, type Actor } from '../core/actor.ts';
import { Invalid } from '../core/errors.ts';
import { em } from '../db/context.ts';
import { query } from '../db/sql.ts';
import type { ChangeType } from '../domain/changes/change-types.ts';
import { metricType } from '../domain/metric-types/catalogue.ts';
import { restoreReadings } from '../domain/metrics/restore.ts';
import { importSamples } from '../domain/places/locations.service.ts';
import { loadUser } from '../domain/users/users.service.ts';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ndjsonName, type Manifest } from './format.ts';
import { IMPORT_ORDER, TO_ROWS, UUID, type ImportContext, type Line, type Refusal } from './rows.ts';

type Json = Record<string, unknown>;
type TypeOutcome = { created: number; skipped: number; refused: number; reasons: string[] };
export type ArchiveImport = { from_user_id: string; types: Partial<Record<ChangeType, TypeOutcome>> };

const BATCH = 1000;
const REASONS = 5;

/** The longest line read: a longer one is skipped as it streams past, never held, and refused as too large. */
const MAX_LINE_BYTES = 1024 * 1024;
/** manifest.json is a few hundred bytes; it is read whole, so it has a cap of its own. */
const MAX_MANIFEST_BYTES = 1024 * 1024;
/** A ZIP with more entries than this is not an export (and listing them would be the attack). */
const MAX_ENTRIES = 100_000;
/**
 * The most an archive's files may inflate to, as a multiple of the archive's size (beyond a floor
 * every archive may reach): an export's NDJSON deflates to about a fifth, a file of one repeated
 * byte to a thousandth, and reading that would take the server minutes of inflating per megabyte
 * uploaded. The sizes are the ZIP's own, which the reader holds every entry to (yauzl stops an
 * entry that inflates past its stated size).
 */
const MAX_INFLATE_RATIO = 100;
const INFLATE_FLOOR_BYTES = 64 * 1024 * 1024;
/** Lines written in one statement: at most BATCH, and at most this many bytes of their text. */
const BATCH_BYTES = 4 * 1024 * 1024;

/** The archive's files it reads by name (others are not even listed), and a way to read one. */
async function openArchive(path: string) {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    openZip(path, { lazyEntries: true, autoClose: false }, (err, z) =>
      err ? reject(Invalid.at([], `Not a ZIP archive: ${err.message}`)) : resolve(z),
    ),
  );
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    throw Invalid.at([], `Not a Lifetrack archive: it has ${zip.entryCount} files`);
  }
  const wanted = new Set(['manifest.json', ndjsonName('profile'), ...IMPORT_ORDER.map(ndjsonName)]);
  const entries = new Map<string, Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: Entry) => {
        const name = e.fileName.replace(/^.*\//, '');
        if (wanted.has(name)) entries.set(name, e);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', (err: Error) => reject(Invalid.at([], `Not a readable ZIP archive: ${err.message}`)));
      zip.readEntry();
    });
    const inflated = [...entries.values()].reduce((sum, e) => sum + e.uncompressedSize, 0);
    const limit = Math.max(INFLATE_FLOOR_BYTES, MAX_INFLATE_RATIO * (await stat(path)).size);
    if (inflated > limit)
      throw Invalid.at(
        [],
        `The archive's files inflate to ${inflated} bytes, more than ${MAX_INFLATE_RATIO} times its size: not an export this server reads`,
      );
  } catch (err) {
    zip.close();
    throw err;
  }
  const stream = (e: Entry) =>
    new Promise<Readable>((resolve, reject) => zip.openReadStream(e, (err, s) => (err ? reject(Invalid.at([], err.message)) : resolve(s))));
  return { entries, stream, close: () => zip.close() };
}

/**
 * The lines of an NDJSON file, each as text, or `{ tooLarge }` for one over `maxBytes`: its bytes
 * are counted as they pass and dropped, and reading picks up after its line break. A line holds
 * at most `maxBytes` plus a chunk; a trailing carriage return is dropped (as readline did).
 */
async function* cappedLines(input: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<string | { tooLarge: number }> {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  const text = () => {
    const line = Buffer.concat(parts, size).toString('utf8');
    parts = [];
    size = 0;
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  };
  for await (const chunk of input) {
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
      const length = nl - from;
      if (skipping || size + length > maxBytes) {
        yield { tooLarge: size + length };
        parts = [];
        size = 0;
        skipping = false;
      } else {
        parts.push(chunk.subarray(from, nl));
        size += length;
        yield text();
      }
      from = nl + 1;
    }
    if (from < chunk.length) {
      size += chunk.length - from;
      if (size > maxBytes) {
        skipping = true;
        parts = [];
      } else if (!skipping) parts.push(chunk.subarray(from));
    }
  }
  if (skipping) yield { tooLarge: size };
  else if (size) yield text();
}

/** manifest.json, read whole up to its cap. */
async function readManifest(stream: Readable): Promise<Manifest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    size += (c as Buffer).length;
    if (size > MAX_MANIFEST_BYTES) {
      stream.destroy();
      throw Invalid.at([], `Not a Lifetrack archive: manifest.json is over ${MAX_MANIFEST_BYTES} bytes`);
    }
    chunks.push(c as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
  } catch {
    throw Invalid.at([], 'Not a Lifetrack archive: manifest.json is not JSON');
  }
}

/** Columns of each table, read once: an archive's keys that are not columns are left out. */
const columnsOf = new Map<string, Promise<Set<string>>>();
function columns(table: string): Promise<Set<string>> {
  let cols = columnsOf.get(table);
  if (!cols) {
    cols = query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1`,
      [table],
    ).then((rows) => new Set(rows.map((r) => r.column_name)));
    columnsOf.set(table, cols);
  }
  return cols;
}

/**
 * What names a row within its account: its id, or for a table without one the column that does
 * (an account has one encryption key, one goal per metric, and a goal's skip days are its days).
 */
const KEY_COLUMNS: Record<string, string> = { metric_goals: 'metric_type_id', encryption_keys: 'user_id', goal_skips: 'day' };
const keySql = (table: string) => `${KEY_COLUMNS[table] ?? 'id'}::text`;
const keyOf = (table: string, row: Json) => String(row[KEY_COLUMNS[table] ?? 'id']);

/**
 * Inserts rows of one table as one statement (json_populate_recordset types each value by its
 * column); a row that conflicts with one already there (same id, client_id, (source, source_id),
 * name ...) is skipped. Answers the ids inserted.
 */
async function insertAll(table: string, rows: Json[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const known = await columns(table);
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => known.has(c));
  const list = cols.map((c) => `"${c}"`).join(', ');
  const returned = await query<{ id: string }>(
    `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)
     on conflict do nothing returning ${keySql(table)} as id`,
    [JSON.stringify(rows)],
  );
  return new Set(returned.map((r) => r.id));
}

/**
 * Of `candidates` (ids not inserted), those another account holds on this server: an archive
 * imported on the server it came from, while its account still exists. Kept ids cannot be shared,
 * so these are refused (not "already there": they are not in this account).
 */
async function takenElsewhere(table: string, candidates: unknown[], userId: string): Promise<Set<string>> {
  // Archive ids are UUIDs (a line whose id is not one failed its insert already); compared as such, through the key's index.
  const ids = candidates.flatMap((id) => (typeof id === 'string' && UUID.test(id) ? [id] : []));
  if (!ids.length || !(await columns(table)).has('id')) return new Set();
  const taken = await query<{ id: string }>(`select id::text as id from ${table} where id = any($1::uuid[]) and user_id <> $2`, [
    ids,
    userId,
  ]);
  return new Set(taken.map((t) => t.id));
}

/** A single-column foreign key of a table to a uuid key of another user-scoped table (one with a user_id). */
type ForeignKey = { column: string; table: string; key: string };
const foreignKeysOf = new Map<string, Promise<ForeignKey[]>>();
/**
 * The references of a table's rows to other accounts' rows: its foreign keys to a table with a
 * user_id, but for user_id itself and the keys that include it (a calendar event's source), which
 * the database already holds to the row's own account. Read from the catalogue once per table.
 */
function foreignKeys(table: string): Promise<ForeignKey[]> {
  let keys = foreignKeysOf.get(table);
  if (!keys) {
    keys = query<ForeignKey>(
      `select a.attname::text as column, r.relname::text as table, fa.attname::text as key
         from pg_constraint c
         join pg_class r on r.oid = c.confrelid
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
        where c.contype = 'f' and c.conrelid = to_regclass($1) and cardinality(c.conkey) = 1
          and a.attname <> 'user_id' and fa.atttypid = 'uuid'::regtype
          and exists (select 1 from pg_attribute u where u.attrelid = c.confrelid and u.attname = 'user_id' and not u.attisdropped)`,
      [table],
    );
    foreignKeysOf.set(table, keys);
  }
  return keys;
}

/**
 * The lines of a batch that refer to a row of another account on this server (an event in
 * someone else's category, a meal item of their food, a visit to their place), each with why:
 * an archive names ids, and an id it does not hold is never one to take from another account.
 * A reference to nothing at all fails its insert on its own. (Readings and samples refer to
 * nothing but their account.)
 */
async function foreignReferences(lines: RowsLine[], userId: string): Promise<Map<Line, string>> {
  const refused = new Map<Line, string>();
  const byTable = new Map<string, { line: RowsLine; row: Json }[]>();
  const add = (table: string, line: RowsLine, row: Json) => {
    const rows = byTable.get(table);
    if (rows) rows.push({ line, row });
    else byTable.set(table, [{ line, row }]);
  };
  for (const line of lines) {
    add(line.table, line, line.row);
    for (const row of line.parts?.rows ?? []) add(line.parts!.table, line, row);
  }
  for (const [table, rows] of byTable) {
    for (const fk of await foreignKeys(table)) {
      const ids = [
        ...new Set(
          rows.flatMap(({ row }) =>
            typeof row[fk.column] === 'string' && UUID.test(row[fk.column] as string) ? [row[fk.column] as string] : [],
          ),
        ),
      ];
      if (!ids.length) continue;
      const others = await query<{ id: string }>(
        `select "${fk.key}"::text as id from "${fk.table}" where "${fk.key}" = any($1::uuid[]) and user_id <> $2`,
        [ids, userId],
      );
      if (!others.length) continue;
      const taken = new Set(others.map((o) => o.id.toLowerCase()));
      for (const { line, row } of rows) {
        const id = row[fk.column];
        // A part's reference to its own resource (a meal item's event) is that resource's to answer for.
        if (typeof id === 'string' && taken.has(id.toLowerCase()) && id !== line.row.id && !refused.has(line))
          refused.set(line, `${table === line.table ? '' : `${table}.`}${fk.column} ${id} belongs to another account on this server`);
      }
    }
  }
  return refused;
}

/** Why a line was not imported, as an import's counts name it. */
type LineSkip = 'malformed' | 'too_large' | 'invalid' | 'conflict' | Refusal['refused'];
/**
 * Where each line's outcome goes besides the answer (the import pipeline's tally): exactly one
 * count per line read, so lines = created + present + skipped.
 */
type ArchiveTally = {
  created(n?: number): void;
  present(n?: number): void;
  skipped(reason: LineSkip, detail: string): void;
  progress(bytesRead: number): void;
};

/** One type's outcome, as the answer shows it, told to the tally too. */
class Counted {
  readonly outcome: TypeOutcome = { created: 0, skipped: 0, refused: 0, reasons: [] };
  private readonly tally: ArchiveTally | undefined;
  constructor(tally?: ArchiveTally) {
    this.tally = tally;
  }
  created(n = 1): void {
    if (!n) return;
    this.outcome.created += n;
    this.tally?.created(n);
  }
  present(n = 1): void {
    if (!n) return;
    this.outcome.skipped += n;
    this.tally?.present(n);
  }
  refused(why: LineSkip, reason: string): void {
    this.outcome.refused++;
    if (this.outcome.reasons.length < REASONS) this.outcome.reasons.push(reason);
    this.tally?.skipped(why, reason);
  }
}

type RowsLine = Extract<Line, { kind: 'rows' }>;
const idOf = (line: Line) =>
  line.kind === 'reading' ? line.reading.id : line.kind === 'rows' && typeof line.row.id === 'string' ? line.row.id : '';

/**
 * Writes one type's lines: readings and samples through their services, other resources as rows
 * with their parts. Answers how many were created and, of the ids not created, those another
 * account holds.
 */
async function write(actor: Actor, ctx: ImportContext, batch: Line[]): Promise<{ created: number; elsewhere: Set<string> }> {
  const samples = batch.flatMap((l) => (l.kind === 'sample' ? [l.sample] : []));
  if (samples.length) return { created: (await importSamples(actor, samples)).created, elsewhere: new Set() };
  const readings = batch.flatMap((l) => (l.kind === 'reading' ? [l.reading] : []));
  if (readings.length) {
    const inserted = await restoreReadings(actor, readings, ctx.timezone);
    const rest = readings.flatMap((r) => (inserted.has(r.id.toLowerCase()) ? [] : [r.id]));
    return { created: inserted.size, elsewhere: await takenElsewhere('health_metrics', rest, actor.userId) };
  }
  const lines = batch.flatMap((l) => (l.kind === 'rows' ? [l] : []));
  const table = lines[0].table;
  const inserted = await insertAll(
    table,
    lines.map((l) => l.row),
  );
  // A part is written with a resource that was inserted, never added to one already there.
  const parts = lines.filter((l) => l.parts && inserted.has(keyOf(table, l.row)));
  if (parts.length)
    await insertAll(
      parts[0].parts!.table,
      parts.flatMap((l) => l.parts!.rows),
    );
  const rest = lines.flatMap((l) => (inserted.has(keyOf(table, l.row)) ? [] : [l.row.id]));
  return { created: inserted.size, elsewhere: await takenElsewhere(table, rest, actor.userId) };
}

/** A batch of one type in one savepoint; when the batch fails, each line again in its own, so one bad line costs only itself. */
async function importBatch(type: ChangeType, lines: Line[], actor: Actor, ctx: ImportContext, outcome: Counted): Promise<void> {
  const store = async (batch: Line[]) =>
    em().transactional(async () => {
      // An account's history coming home is not news: no webhook or subscription hears of it.
      await muteEvents();
      return write(actor, ctx, batch);
    });
  const count = (batch: Line[], r: { created: number; elsewhere: Set<string> }) => {
    outcome.created(r.created);
    outcome.present(batch.length - r.created - r.elsewhere.size);
    for (const id of r.elsewhere) outcome.refused('conflict', `${type} ${id}: this id belongs to another account on this server`);
  };
  const foreign = await foreignReferences(
    lines.flatMap((l) => (l.kind === 'rows' ? [l] : [])),
    actor.userId,
  );
  for (const [line, why] of foreign) outcome.refused('invalid', `${type} ${idOf(line)}: ${why}`);
  if (foreign.size) lines = lines.filter((line) => !foreign.has(line));
  if (!lines.length) return;
  try {
    count(lines, await store(lines));
  } catch {
    for (const line of lines) {
      try {
        count([line], await store([line]));
      } catch (err) {
        outcome.refused('invalid', `${type} ${idOf(line)}: ${(err as Error).message}`);
      }
    }
  }
}

/**
 * A definition is the account's own (every account has one per metric type): the archive's
 * settings and automations are merged into it, matched by metric type.
 */
async function mergeDefinition(line: Json, userId: string, outcome: Counted): Promise<void> {
  const type = metricType(String(line.metric_type_slug));
  if (!type) return outcome.refused('invalid', `metric_definition: unknown metric type "${String(line.metric_type_slug)}"`);
  const [own] = await query<{ id: string }>(
    `update metric_definitions set display_name = $3, enabled = $4, manual_fallback = $5, resolution_operator = $6, sources = $7::jsonb, updated_at = now()
      where user_id = $1 and metric_type_id = $2
        and (display_name, enabled, manual_fallback, resolution_operator, sources) is distinct from ($3, $4, $5, $6, $7::jsonb)
      returning id`,
    [
      userId,
      type.id,
      line.display_name ?? null,
      line.enabled,
      line.manual_fallback,
      line.resolution_operator,
      JSON.stringify(line.sources ?? []),
    ],
  );
  const automations = (line.automations as Json[] | undefined) ?? [];
  const [def] = own
    ? [own]
    : await query<{ id: string }>(`select id from metric_definitions where user_id = $1 and metric_type_id = $2`, [userId, type.id]);
  const now = new Date().toISOString();
  const added = await insertAll(
    'metric_automations',
    automations.map((a) => ({ ...a, user_id: userId, definition_id: def.id, created_at: now, updated_at: now })),
  );
  if (own || added.size) outcome.created();
  else outcome.present();
}

/**
 * Brings an account archive (export.ts) into this account: ids kept, what is already here
 * skipped, lines that cannot be stored refused with the first few reasons, per type. The profile
 * stays this account's own; metric definitions are merged into the account's. Readings and
 * location samples are written by their services (restoreReadings, importSamples), which keep
 * the readings' daily rollups as ingest does.
 */
export function archiveImporter(
  actor: Actor,
  onProgress?: (done: number, total: number) => void,
): (path: string) => Promise<ArchiveImport> {
  // Checked before the caller reads an upload of up to a gigabyte.
  authorize(actor, actor.userId, 'account');
  return (path) => importArchive(actor, path, { onProgress });
}

export type ArchiveImportOptions = {
  /** Lines read so far of the manifest's count of lines (the CLI's progress bar). */
  onProgress?: (done: number, total: number) => void;
  /** The import pipeline's counts: each line's outcome, and the archive's bytes read. */
  tally?: ArchiveTally;
  /** Stops at the next line once aborted, keeping what was written. */
  signal?: AbortSignal;
};

/**
 * The import itself, for POST …/import, npm run import:archive and the import pipeline. An account
 * archive carries everything an account holds: only a signed-in session (or the system) brings
 * one in. Every file is streamed a line at a time, each line at most MAX_LINE_BYTES, a batch at
 * most BATCH lines and BATCH_BYTES.
 */
export async function importArchive(
  actor: Actor,
  path: string,
  { onProgress, tally, signal }: ArchiveImportOptions = {},
): Promise<ArchiveImport> {
  authorize(actor, actor.userId, 'account');
  const archive = await openArchive(path);
  try {
    const manifestEntry = archive.entries.get('manifest.json');
    if (!manifestEntry) throw Invalid.at([], 'Not a Lifetrack archive: it has no manifest.json');
    if (manifestEntry.uncompressedSize > MAX_MANIFEST_BYTES)
      throw Invalid.at([], `Not a Lifetrack archive: manifest.json is over ${MAX_MANIFEST_BYTES} bytes`);
    const manifest = await readManifest(await archive.stream(manifestEntry));
    if (manifest === null || typeof manifest !== 'object') throw Invalid.at([], 'Not a Lifetrack archive: manifest.json is not an object');
    if (manifest.format !== ARCHIVE_FORMAT) throw Invalid.at([], `Not a Lifetrack archive (format "${String(manifest.format)}")`);
    if (!(manifest.format_version <= ARCHIVE_VERSION))
      throw Invalid.at([], `Archive format version ${manifest.format_version} is newer than this server reads (${ARCHIVE_VERSION})`);

    const ctx: ImportContext = {
      userId: actor.userId,
      timezone: manifest.timezone ?? (await loadUser(actor.userId)).timezone,
      captureOfSuggestion: new Map(),
      now: new Date(),
    };
    const total = Object.values(manifest.counts ?? {}).reduce((a, b) => a + b, 0);
    let done = 0;
    // The archive's bytes read: the entries read whole, and the part of the one being read.
    let entriesRead = manifestEntry.compressedSize;
    tally?.progress(entriesRead);
    const result: ArchiveImport = { from_user_id: manifest.user_id, types: {} };
    // The profile stays the account's own: its line is read and counted as already there, so the counts add up to the archive's records.
    const profiles = Number(manifest.counts?.profile ?? 0);
    if (archive.entries.has(ndjsonName('profile')) && profiles > 0) {
      const profile = new Counted(tally);
      profile.present(Math.min(profiles, 1));
      result.types.profile = profile.outcome;
    }
    for (const type of IMPORT_ORDER) {
      if (signal?.aborted) break;
      const entry = archive.entries.get(ndjsonName(type));
      if (!entry) continue;
      const outcome = new Counted(tally);
      result.types[type] = outcome.outcome;
      let batch: Line[] = [];
      let batchBytes = 0;
      const flush = async () => {
        if (batch.length) await importBatch(type, batch, actor, ctx, outcome);
        done += batch.length;
        onProgress?.(done, total);
        batch = [];
        batchBytes = 0;
        em().clear();
      };
      let lineNo = 0;
      let inflated = 0;
      const input = await archive.stream(entry);
      const counted = async function* () {
        for await (const c of input as AsyncIterable<Buffer>) {
          inflated += c.length;
          yield c;
        }
      };
      try {
        for await (const text of cappedLines(counted(), MAX_LINE_BYTES)) {
          lineNo++;
          if (signal?.aborted) break;
          if (typeof text !== 'string') {
            outcome.refused('too_large', `${ndjsonName(type)} line ${lineNo}: over ${MAX_LINE_BYTES} bytes (${text.tooLarge}): not read`);
            continue;
          }
          if (!text.trim()) continue;
          let line: Json;
          try {
            line = JSON.parse(text) as Json;
          } catch {
            outcome.refused('malformed', `${ndjsonName(type)} line ${lineNo}: not JSON`);
            continue;
          }
          if (line === null || typeof line !== 'object' || Array.isArray(line)) {
            outcome.refused('malformed', `${ndjsonName(type)} line ${lineNo}: not a JSON object`);
            continue;
          }
          if (type === 'metric_definition') {
            await mergeDefinition(line, actor.userId, outcome);
            continue;
          }
          const rows = TO_ROWS[type]?.(line, ctx);
          if (typeof rows === 'string') {
            if (rows === 'not set') outcome.present();
            else outcome.refused('invalid', `${ndjsonName(type)} line ${lineNo}: ${rows}`);
          } else if (rows && 'refused' in rows) {
            outcome.refused(rows.refused, `${ndjsonName(type)} line ${lineNo}: ${rows.reason}`);
          } else if (rows) {
            batch.push(rows);
            batchBytes += text.length;
            if (batch.length >= BATCH || batchBytes >= BATCH_BYTES) {
              await flush();
              tally?.progress(entriesRead + Math.floor((entry.compressedSize * inflated) / Math.max(1, entry.uncompressedSize)));
            }
          }
        }
      } finally {
        input.destroy();
      }
      await flush();
      entriesRead += entry.compressedSize;
      tally?.progress(entriesRead);
    }
    return result;
  } finally {
    archive.close();
  }
}
