import { randomUUID } from 'node:crypto';
import { open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { Invalid } from '../core/errors.ts';

/**
 * An uploaded SQLite database (a Health Connect or Gadgetbridge export), bare or as one entry of
 * a ZIP, opened through Node's own SQLite (node:sqlite: no native build, maintained with Node).
 * SQLite needs a file, so a ZIP's entry is inflated to a temporary file beside the upload (in the
 * spool, whose recovery removes it after a crash), under the same inflate-ratio cap as Apple
 * Health's export.xml, and removed when the import ends however it ends. The file is opened
 * read-only and immutable (no lock, journal or WAL side files next to it), query-only, with
 * defensive mode and an untrusted schema (a view, trigger or generated column cannot call
 * anything with side effects), and with a cap on any string or blob; its tables are read only by
 * name with the columns checked first, so nothing in the schema runs as ours. A file that is not
 * SQLite, or whose pages are corrupt, fails the import with why.
 */

/** "SQLite format 3" and its NUL: the first 16 bytes of every SQLite 3 database. */
const SQLITE_MAGIC = 'SQLite format 3\u0000';
/** As for an account archive and Apple Health's export.xml: the most an entry may inflate to, as a multiple of the ZIP's size, beyond a floor. */
const MAX_INFLATE_RATIO = 100;
const INFLATE_FLOOR_BYTES = 64 * 1024 * 1024;
/** No value an import keeps is near this long; a longer one fails the statement instead of taking memory. */
const MAX_VALUE_BYTES = 4 * 1024 * 1024;
/** More tables than any export has (Gadgetbridge has ~150): listing them all would be the attack. */
const MAX_TABLES = 2_000;
/** How long reading rows may hold the event loop before letting other requests through. */
const SLICE_MS = 5;

/** Whether a detection head (64 KiB as text) starts like a SQLite 3 database. */
export const isSqliteHead = (head: string): boolean => head.startsWith(SQLITE_MAGIC);

/** The error a broken database gives, as the import's message (null for anything that is not SQLite's). */
function sqliteProblem(err: unknown, what: string): Invalid | null {
  if (err instanceof Invalid) return err;
  const e = err as { code?: string; errcode?: number; message?: string };
  if (e?.code !== 'ERR_SQLITE_ERROR') return null;
  const primary = (e.errcode ?? 0) & 0xff;
  if (primary === 26) return Invalid.at([], `Not a ${what}: the file is not a SQLite database (or it is encrypted)`);
  if (primary === 11) return Invalid.at([], `The ${what} is damaged (the database disk image is malformed): export it again`);
  if (primary === 18) return Invalid.at([], `The ${what} holds a value over ${MAX_VALUE_BYTES} bytes: refused`);
  return Invalid.at([], `The ${what} could not be read: ${e.message ?? 'SQLite error'}`);
}

/** Runs `fn`, turning SQLite's errors into the import's message (anything else is rethrown as it is). */
export function sqliteGuard<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw sqliteProblem(err, what) ?? err;
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One table of the database: its name as the file spells it and its columns (upper-cased for lookups). */
export type TableInfo = { name: string; columns: Set<string> };

export class SqliteExport {
  readonly db: DatabaseSync;
  readonly what: string;
  /** The size of the database file, for progress. */
  readonly bytes: number;
  private tableList: Map<string, TableInfo> | null = null;

  constructor(db: DatabaseSync, what: string, bytes: number) {
    this.db = db;
    this.what = what;
    this.bytes = bytes;
  }

  /** Its ordinary tables by upper-cased name (no views, no virtual tables: only what holds rows as written). */
  tables(): Map<string, TableInfo> {
    if (this.tableList) return this.tableList;
    const list = new Map<string, TableInfo>();
    sqliteGuard(this.what, () => {
      const rows = this.db
        .prepare(
          `select name from sqlite_schema where type = 'table' and name not like 'sqlite\\_%' escape '\\' and sql not like 'create virtual%' limit ?`,
        )
        .all(MAX_TABLES + 1);
      if (rows.length > MAX_TABLES)
        throw Invalid.at([], `The ${this.what} has more than ${MAX_TABLES} tables: not an export an import reads`);
      for (const { name } of rows) {
        if (typeof name !== 'string' || name.length > 200) continue;
        const columns = new Set<string>();
        for (const c of this.db.prepare(`select name from pragma_table_info(?)`).all(name)) {
          if (typeof c.name === 'string') columns.add(c.name.toUpperCase());
        }
        list.set(name.toUpperCase(), { name, columns });
      }
    });
    this.tableList = list;
    return list;
  }

  /** The table, when it exists with every one of these columns. */
  table(name: string, columns: readonly string[] = []): TableInfo | null {
    const t = this.tables().get(name.toUpperCase());
    return t && columns.every((c) => t.columns.has(c.toUpperCase())) ? t : null;
  }

  /** How many rows a table holds (for progress and for counting a table's rows as unmapped). */
  count(table: TableInfo): number {
    return Number(sqliteGuard(this.what, () => this.db.prepare(`select count(*) as n from ${quote(table.name)}`).get()?.n ?? 0));
  }

  /** Calls `each` once per row of a table without reading the rows (a table counted, not imported), yielding now and then. */
  async eachRow(table: TableInfo, each: (index: number) => void, signal?: AbortSignal): Promise<void> {
    const n = this.count(table);
    for (let i = 0; i < n && !signal?.aborted; i++) {
      each(i);
      if (i % 50_000 === 49_999) await nextTurn();
    }
  }

  /**
   * A query's rows one at a time (stmt.iterate: constant memory on any table), letting the event
   * loop serve others every few milliseconds; stops once `signal` is aborted.
   */
  async *rows(sql: string, params: SQLInputValue[] = [], signal?: AbortSignal): AsyncGenerator<Record<string, SQLInputValue>> {
    const stmt: StatementSync = sqliteGuard(this.what, () => this.db.prepare(sql));
    const it = sqliteGuard(this.what, () => stmt.iterate(...params));
    let slice = Date.now();
    try {
      for (;;) {
        if (signal?.aborted) return;
        const next = sqliteGuard(this.what, () => it.next());
        if (next.done) return;
        yield next.value;
        if (Date.now() - slice > SLICE_MS) {
          await nextTurn();
          slice = Date.now();
        }
      }
    } finally {
      it.return?.();
    }
  }
}

/** `name` quoted as an SQL identifier (a table or column name taken from the file's own schema). */
export const ident = quote;

/** The first 16 bytes of a file. */
async function magicOf(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(16);
    const { bytesRead } = await file.read(buf, 0, 16, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const isZipMagic = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;

/** Where a ZIP's database entry is inflated: beside the upload (the spool), else the system's temporary directory. */
async function tempFile(beside: string): Promise<{ path: string; stream: NodeJS.WritableStream }> {
  const name = `${basename(beside)}.${randomUUID()}.sqlite`;
  for (const dir of [dirname(beside), tmpdir()]) {
    const path = join(dir, name);
    try {
      // The stream closes the handle when it ends or fails.
      return { path, stream: (await open(path, 'wx', 0o600)).createWriteStream() };
    } catch (err) {
      if (dir === tmpdir()) throw err;
    }
  }
  throw new Error('unreachable');
}

/** Inflates the ZIP entry `pick` chooses to a temporary file; answers its path. */
async function inflateEntry(path: string, pick: (name: string) => boolean, what: string, signal?: AbortSignal): Promise<string> {
  const zipBytes = (await stat(path)).size;
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    openZip(path, { lazyEntries: true, autoClose: false }, (err, z) =>
      err ? reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)) : resolve(z),
    ),
  );
  let out: string | null = null;
  try {
    const entry = await new Promise<Entry>((resolve, reject) => {
      zip.on('entry', (e: Entry) => (pick(e.fileName) ? resolve(e) : zip.readEntry()));
      zip.on('end', () => reject(Invalid.at([], `Not a ${what}: the ZIP file has no database in it`)));
      zip.on('error', (err: Error) => reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)));
      zip.readEntry();
    });
    const limit = Math.max(INFLATE_FLOOR_BYTES, MAX_INFLATE_RATIO * zipBytes);
    if (entry.uncompressedSize > limit)
      throw Invalid.at(
        [],
        `${entry.fileName} inflates to ${entry.uncompressedSize} bytes, more than ${MAX_INFLATE_RATIO} times the ZIP's size: refused`,
      );
    const input = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      zip.openReadStream(entry, (err, s) => (err ? reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)) : resolve(s))),
    );
    const target = await tempFile(path);
    out = target.path;
    // yauzl holds the entry to its declared size (validateEntrySizes), which the cap above bounds.
    await pipeline(input, target.stream, { signal }).catch((err: Error) => {
      if (signal?.aborted) throw err;
      throw Invalid.at([], `Not a readable ZIP file: ${err.message}`);
    });
    return out;
  } catch (err) {
    if (out) await rm(out, { force: true });
    throw err;
  } finally {
    zip.close();
  }
}

type OpenedSqlite = { file: SqliteExport; close: () => Promise<void> };

/**
 * Opens the database at `path` (a bare SQLite file, or the ZIP entry `zipEntry` picks) for reading;
 * `what` names the export in messages ("Health Connect export"). `close` closes it and removes any
 * temporary file: call it in a finally.
 */
async function openSqliteExport(
  path: string,
  what: string,
  zipEntry: (name: string) => boolean,
  signal?: AbortSignal,
): Promise<OpenedSqlite> {
  const temp = isZipMagic(await magicOf(path)) ? await inflateEntry(path, zipEntry, what, signal) : null;
  const dbPath = temp ?? path;
  let db: DatabaseSync | null = null;
  try {
    if ((await magicOf(dbPath)).toString('latin1') !== SQLITE_MAGIC)
      throw Invalid.at([], `Not a ${what}: the file is not a SQLite database`);
    const url = pathToFileURL(dbPath);
    // Immutable: SQLite takes no lock and makes no -wal/-shm/-journal file beside it (Android's databases are often in WAL mode).
    url.searchParams.set('immutable', '1');
    db = sqliteGuard(what, () => new DatabaseSync(url, { readOnly: true, limits: { length: MAX_VALUE_BYTES, attach: 0 } }));
    const opened = db;
    sqliteGuard(what, () => {
      opened.enableDefensive(true);
      opened.exec('pragma query_only = on; pragma trusted_schema = off; pragma cell_size_check = on; pragma mmap_size = 0');
      // The schema's first page, read now: a file that is not a database (or is encrypted) fails here with why.
      opened.prepare('select count(*) from sqlite_schema').get();
    });
    const bytes = (await stat(dbPath)).size;
    return {
      file: new SqliteExport(opened, what, bytes),
      close: async () => {
        if (opened.isOpen) opened.close();
        if (temp) await rm(temp, { force: true });
      },
    };
  } catch (err) {
    if (db?.isOpen) db.close();
    if (temp) await rm(temp, { force: true });
    throw err;
  }
}

/**
 * Runs `read` on the database at `path` (see openSqliteExport), then closes it and removes any
 * temporary file, however `read` ends. Once `signal` is aborted (the import cancelled) a failure
 * is not reported: the file was cut short on purpose, and the runner records the cancel.
 */
export async function readSqliteExport(
  path: string,
  what: string,
  zipEntry: (name: string) => boolean,
  signal: AbortSignal,
  read: (file: SqliteExport) => Promise<void>,
): Promise<void> {
  try {
    const { file, close } = await openSqliteExport(path, what, zipEntry, signal);
    try {
      await read(file);
    } finally {
      await close();
    }
  } catch (err) {
    if (!signal.aborted) throw err;
  }
}
