import { AsyncLocalStorage } from 'node:async_hooks';
import { once } from 'node:events';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IsolationLevel } from '@mikro-orm/core';
import { ZipFile } from 'yazl';
import { authorize, type Actor } from '../core/actor.ts';
import { em } from '../db/context.ts';
import { listCategories } from '../domain/categories/categories.service.ts';
import { CHANGE_TYPES, type ChangeType } from '../domain/changes/change-types.ts';
import { liveCounts, liveIds } from '../domain/changes/changes.service.ts';
import { daysWithData, listDaySummaries } from '../domain/days/summary.service.ts';
import { goalSkipsBySlug } from '../domain/goals/goals.service.ts';
import { allReadings } from '../domain/metrics/readings.service.ts';
import { allSamples } from '../domain/places/locations.service.ts';
import { getProfile } from '../domain/users/users.service.ts';
import { presentDaySummary } from '../representation/days.ts';
import { presentReading } from '../representation/metrics.ts';
import { presentSample } from '../representation/places.ts';
import { readMany } from '../representation/resources.ts';
import { METRIC_TYPES } from '../domain/metric-types/catalogue.ts';
import { CSV_BOM, csvRow, type Cell } from './csv.ts';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ndjsonName, type Manifest } from './format.ts';

/**
 * A type's resources as their REST reads, a page at a time, in a stable order. The unit of work
 * forgets each page once it is handed on: its identity map would otherwise hold every entity
 * of the account (500,000 readings came to 1.3 GB before this).
 */
async function* pagesOf(actor: Actor, type: ChangeType): AsyncGenerator<Json[]> {
  const own = PAGES[type];
  if (own) {
    yield* own(actor);
    return;
  }
  const extra = EXTRAS[type];
  for await (const ids of liveIds(actor, type)) {
    const reads = (await readMany(actor, type, ids)) as Map<string, Json>;
    em().clear();
    const page = ids.flatMap((id) => (reads.has(id) ? [reads.get(id)!] : []));
    yield extra ? await extra(actor, page) : page;
  }
}

/**
 * The types read straight from their table rather than by the changes feed's ids: readings, most
 * of an account, walked in one pass of their list index (500,000: 59 → 26 s on the embedded
 * database, 32 → 22 s on PostgreSQL, against a lookup per id).
 */
const PAGES: Partial<Record<ChangeType, (actor: Actor) => AsyncGenerator<Json[]>>> = {
  health_metric: async function* (actor) {
    for await (const page of allReadings(actor)) yield page.map(presentReading);
  },
  location_sample: async function* (actor) {
    for await (const page of allSamples(actor)) yield page.map(presentSample);
  },
};

/**
 * What an archive line holds beyond its REST read, so that nothing of the account is left behind:
 * a goal's skip days (GET …/goals/{slug}/skips), which the goal's read does not list. Added a page
 * of lines at a time.
 */
const EXTRAS: Partial<Record<ChangeType, (actor: Actor, page: Json[]) => Promise<Json[]>>> = {
  goal: async (actor, page) => {
    const skips = await goalSkipsBySlug(actor);
    return page.map((line) => ({ ...line, skips: skips.get(line.slug as string) ?? [] }));
  },
};

/** Writes a file's text in pieces, waiting while the archive's reader is behind. */
type Emit = (text: string) => Promise<void>;
type Json = Record<string, Cell>;

const CORE_FIELDS = METRIC_TYPES.filter((t) => t.valueField).map((t) => t.valueField!);
/** Days per summary read: what GET /days allows at once. */
const DAYS_PER_READ = 366;

/**
 * The whole account as one ZIP (format.ts), written to `out` as it is read: a page of 1,000
 * resources at a time, each file produced only when the ZIP is ready for it and paused while `out`
 * is full, so memory stays flat whatever the account holds. Everything is read in one
 * REPEATABLE READ snapshot: the files agree with each other and with the manifest's counts.
 * Encrypted payloads are exported as the ciphertext they are stored as, with the wrapped key.
 * For a writer that never waits on anyone (a file: `npm run export`); a download goes through
 * downloadArchive, since `out` being full holds the snapshot's transaction open.
 */
export function exportArchive(actor: Actor, onProgress?: (done: number, total: number) => void): (out: Writable) => Promise<void> {
  // Checked now, before the caller commits to an answer: a refused export is an error, not a broken file.
  authorize(actor, actor.userId, 'account');
  return (out) => writeArchive(actor, out, onProgress);
}

/**
 * The archive for GET /users/{id}/export: written at the database's pace to a private temporary
 * file, and sent from that file at the client's pace, the download following the file as it grows
 * (the first bytes leave at once, as before). The snapshot's transaction therefore lasts as long as
 * reading the account takes, never as long as a client likes: one that stops reading holds a file,
 * not a pool connection, a snapshot that holds back vacuum, or (on the embedded database, which runs
 * one transaction at a time) every other user's requests. The file is unlinked as soon as it is
 * open, so nothing is left on disk whatever happens to the process; its space is returned once the
 * download has read it through, fails, or the client has not taken a byte for DOWNLOAD_IDLE_MS.
 * A client that goes away mid-snapshot ends the snapshot too.
 */
export function downloadArchive(actor: Actor): (out: Writable) => Promise<void> {
  authorize(actor, actor.userId, 'account');
  return async (out) => {
    const spool = await Spool.open();
    const writing = writeArchive(actor, spool.writer);
    // The download fails with the snapshot: cut, never a file that looks whole (rest/router.ts).
    writing.catch((err: Error) => spool.reader.destroy(err));
    try {
      await pipeline(spool.reader, out);
    } catch (err) {
      spool.writer.destroy(err as Error);
      await writing.catch(() => undefined);
      throw err;
    } finally {
      await spool.close();
    }
    await writing;
  };
}

/** How long a download may go without the client taking a byte before it is cut (and its file freed). */
const DOWNLOAD_IDLE_MS = 5 * 60_000;
/** Bytes read from the spool file at a time. */
const SPOOL_CHUNK = 64 * 1024;

/**
 * A private temporary file written at one pace and read at another: `writer` appends to it, `reader`
 * yields what has been written so far and waits for more until the writer has finished.
 */
class Spool {
  private written = 0;
  private readAt = 0;
  private finished = false;
  private closed = false;
  private reading = false;
  private wake: (() => void) | undefined;
  private idle: NodeJS.Timeout | undefined;
  readonly writer: Writable;
  readonly reader: Readable;
  private readonly file: FileHandle;

  private constructor(file: FileHandle) {
    this.file = file;
    this.writer = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.append(chunk).then(() => done(), done);
      },
      final: (done) => {
        this.finished = true;
        this.notify();
        done();
      },
    });
    this.reader = new Readable({
      highWaterMark: SPOOL_CHUNK,
      read: () => {
        clearTimeout(this.idle);
        this.idle = undefined;
        void this.pump();
      },
      destroy: (err, done) => {
        clearTimeout(this.idle);
        this.notify();
        done(err);
      },
    });
  }

  static async open(): Promise<Spool> {
    const dir = await mkdtemp(join(tmpdir(), 'lifetrack-export-'));
    try {
      const file = await open(join(dir, 'archive.zip'), 'w+', 0o600);
      return new Spool(file);
    } finally {
      // Unlinked at once: the open handle keeps the data until it is closed, and a crash leaves nothing.
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async append(chunk: Buffer): Promise<void> {
    for (let at = 0; at < chunk.length;) {
      const { bytesWritten } = await this.file.write(chunk, at, chunk.length - at, this.written);
      at += bytesWritten;
      this.written += bytesWritten;
    }
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Pushes what the writer has added since the last read, or waits for it, or ends at the writer's end. */
  private async pump(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      while (!this.reader.destroyed) {
        if (this.readAt < this.written) {
          const size = Math.min(SPOOL_CHUNK, this.written - this.readAt);
          const { buffer, bytesRead } = await this.file.read(Buffer.allocUnsafe(size), 0, size, this.readAt);
          if (this.reader.destroyed) return;
          this.readAt += bytesRead;
          // Stop until the reader asks again: the client is behind. One that takes nothing for
          // DOWNLOAD_IDLE_MS has stopped reading: its download is cut and the file freed.
          if (!this.reader.push(buffer.subarray(0, bytesRead))) {
            this.idle = setTimeout(() => this.reader.destroy(new Error('The client stopped reading the export')), DOWNLOAD_IDLE_MS);
            this.idle.unref();
            return;
          }
        } else if (this.finished) {
          this.reader.push(null);
          // Read through: the rest is in memory on its way out, and the file's space can go now.
          await this.close();
          return;
        } else {
          await new Promise<void>((resolve) => (this.wake = resolve));
        }
      }
    } catch (err) {
      this.reader.destroy(err as Error);
    } finally {
      this.reading = false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idle);
    await this.file.close();
  }
}

async function writeArchive(actor: Actor, out: Writable, onProgress?: (done: number, total: number) => void): Promise<void> {
  await em().transactional(
    async () => {
      // Entries are produced from yazl's callbacks: each runs in this request's unit of work and transaction.
      const inUnit = AsyncLocalStorage.snapshot();
      const profile = await getProfile(actor);
      // Every type's file has its count, 0 included: a reader can tell an empty file from a missing count.
      const live = await liveCounts(actor);
      const counts = Object.fromEntries(CHANGE_TYPES.map((type) => [type, live[type] ?? 0])) as Record<ChangeType, number>;
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      let done = 0;
      const zip = new ZipFile();
      const producing = new Set<PassThrough>();
      const entry = (name: string, produce: (emit: Emit) => Promise<void>) =>
        zip.addReadStreamLazy(name, (cb) => {
          const pass = new PassThrough();
          producing.add(pass);
          cb(null, pass);
          void inUnit(async () => {
            const emit: Emit = async (text) => {
              if (!pass.write(text)) await once(pass, 'drain');
            };
            try {
              await produce(emit);
              pass.end();
            } catch (err) {
              pass.destroy(err as Error);
            } finally {
              producing.delete(pass);
            }
          });
        });

      const files = [...CHANGE_TYPES.map(ndjsonName), 'events.csv', 'health_metrics.csv', 'days.csv'];
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        format_version: ARCHIVE_VERSION,
        user_id: actor.userId,
        timezone: profile.timezone,
        exported_at: new Date().toISOString(),
        counts,
        files,
      };
      zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json');
      for (const type of CHANGE_TYPES) {
        entry(ndjsonName(type), async (emit) => {
          for await (const page of pagesOf(actor, type)) {
            await emit(page.map((r) => `${JSON.stringify(r)}\n`).join(''));
            onProgress?.((done += page.length), total);
          }
        });
      }
      entry('events.csv', (emit) => eventsCsv(actor, emit));
      entry('health_metrics.csv', (emit) => readingsCsv(actor, emit));
      entry('days.csv', (emit) => daysCsv(actor, emit));
      zip.end();
      try {
        await pipeline(zip.outputStream, out);
      } catch (err) {
        for (const pass of producing) pass.destroy(err as Error);
        throw err;
      }
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}

async function eventsCsv(actor: Actor, emit: Emit): Promise<void> {
  const categories = new Map((await listCategories(actor)).map((c) => [c.id, c.name]));
  await emit(
    CSV_BOM +
      csvRow(['id', 'occurred_at', 'local_date', 'category', 'duration', 'boolean_value', 'scalar_value', 'notes', 'tags', 'source']),
  );
  for await (const page of pagesOf(actor, 'event')) {
    const rows = page.map((e) => {
      const category = e.category_id ? categories.get(e.category_id as string) : null;
      const fields = ['occurred_at', 'local_date', 'duration', 'boolean_value', 'scalar_value', 'notes', 'tags', 'source'];
      const [occurred, local, ...rest] = fields.map((f) => e[f]);
      return csvRow([e.id, occurred, local, category, ...rest]);
    });
    await emit(rows.join(''));
  }
}

async function readingsCsv(actor: Actor, emit: Emit): Promise<void> {
  const columns = ['id', 'metric_type_slug', 'recorded_at', 'value', 'unit', 'source', 'source_id', 'reading_group_id'];
  await emit(CSV_BOM + csvRow(columns));
  for await (const page of pagesOf(actor, 'health_metric')) await emit(page.map((r) => csvRow(columns.map((c) => r[c]))).join(''));
}

/** One row per day with events or readings: the day's resolved core metrics and its event count. */
async function daysCsv(actor: Actor, emit: Emit): Promise<void> {
  await emit(CSV_BOM + csvRow(['date', ...CORE_FIELDS, 'event_count']));
  const days = await daysWithData(actor);
  for (let i = 0; i < days.length;) {
    const from = days[i];
    const limit = new Date(Date.parse(`${from}T00:00:00Z`) + (DAYS_PER_READ - 1) * 86_400_000).toISOString().slice(0, 10);
    let j = i;
    while (j + 1 < days.length && days[j + 1] <= limit) j++;
    const wanted = new Set(days.slice(i, j + 1));
    const summaries = (await listDaySummaries(actor, { from, to: days[j] })).filter((d) => wanted.has(d.date)).map(presentDaySummary);
    const core = (d: (typeof summaries)[number]) => CORE_FIELDS.map((f) => (d as unknown as Record<string, number | null>)[f]);
    await emit(summaries.map((d) => csvRow([d.date, ...core(d), d.event_count])).join(''));
    i = j + 1;
  }
}
