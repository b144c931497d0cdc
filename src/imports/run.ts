import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { systemActor, type Actor } from '../core/actor.ts';
import { DomainError, Invalid } from '../core/errors.ts';
import { query } from '../db/sql.ts';
import { emitEvent } from '../domain/outbox/outbox.service.ts';
import type { RecordFormat } from './formats/format.ts';
import { formatNamed } from './formats/index.ts';
import { foregroundBusy } from '../core/foreground.ts';
import { collectGarbageSoon } from '../memory-settings.ts';
import { LocationSink } from './location-sink.ts';
import { Tally } from './tally.ts';
import { zipEntryNames } from './detect.ts';
import { importJobId } from './imports.service.ts';

/** How often a running import writes its progress (and notices a cancel). */
const PROGRESS_MS = 1000;
/** The longest an import parses before it lets the event loop serve others' requests. */
const SLICE_MS = 5;
/** A restart puts a running import back in the queue; after this many starts it fails instead. */
const MAX_ATTEMPTS = 3;
/** An upload written to within this long may still be arriving (a client streams into it continuously). */
const UPLOAD_GRACE_MS = 10 * 60_000;

type ImportRow = { id: string; user_id: string; detected_format: string; options: Record<string, unknown>; file_path: string | null };

class Cancelled extends Error {}

/** The file's bytes, counted into the tally as they are read. */
function counted(stream: Readable, tally: Tally): Readable {
  let read = 0;
  return stream.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        read += chunk.length;
        tally.progress(read);
        done(null, chunk);
      },
    }),
  );
}

/** One entry of a ZIP, inflated as it is read (a KMZ's KML). */
async function zipEntryStream(path: string, name: string): Promise<Readable> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    openZip(path, { lazyEntries: true, autoClose: true }, (err, z) => (err ? reject(Invalid.at([], err.message)) : resolve(z))),
  );
  return new Promise<Readable>((resolve, reject) => {
    zip.on('entry', (e: Entry) => {
      if (e.fileName !== name) return zip.readEntry();
      zip.openReadStream(e, (err, s) => (err ? reject(Invalid.at([], err.message)) : resolve(s)));
    });
    zip.on('end', () => reject(Invalid.at([], `The ZIP file has no entry ${name}`)));
    zip.on('error', (err: Error) => reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)));
    zip.readEntry();
  });
}

/** A location history's records, through the location sink, yielding to other work every SLICE_MS. */
async function readRecords(format: RecordFormat, path: string, actor: Actor, tally: Tally, tick: () => Promise<void>) {
  const entry = format.zipEntry?.(await zipEntryNames(path));
  const input = counted(entry ? await zipEntryStream(path, entry) : createReadStream(path, { highWaterMark: 256 * 1024 }), tally);
  const now = new Date();
  const sink = new LocationSink(actor, tally, now);
  let slice = Date.now();
  try {
    for await (const record of format.read(input, { now })) {
      await sink.add(record);
      if (Date.now() - slice > SLICE_MS) {
        // Someone is being answered: no parsing beside the batch being written.
        if (foregroundBusy()) await sink.settled();
        await tick();
        await nextTurn();
        slice = Date.now();
      }
    }
  } finally {
    input.destroy();
    await sink.settled();
  }
  await sink.finish(tick);
}

/**
 * Runs one queued import: reads its file through its format, keeps its progress and counts on
 * its row about once a second, and ends it succeeded or failed (a file the format refuses: its
 * message; anything else: logged, and a general message). The file is removed when it ends. A
 * second run of the same job finds the import no longer queued and does nothing.
 */
export async function runImport(importId: string, logger: Logger, userId?: string): Promise<void> {
  // A job queued before its data carried user_id (only import_id) is claimed by the id alone.
  const [job] = await query<ImportRow>(
    `update imports set status = 'running', attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
     where id = $1 ${userId ? 'and user_id = $2 ' : ''}and status = 'queued' returning id, user_id, detected_format, options, file_path`,
    userId ? [importId, userId] : [importId],
  );
  if (!job) return;
  const tally = new Tally();
  const actor = systemActor(job.user_id);
  let saved = Date.now();
  const save = async () => {
    // Only while running: a save a writer set off (not awaited) may reach the database after the
    // final update below, and must not put back the counts of a moment before the end.
    const [row] = await query<{ cancel_requested: boolean }>(
      `update imports set bytes_read = least($2, bytes_total), counts = $3, reasons = $4, updated_at = now()
        where id = $1 and user_id = $5 and status = 'running' returning cancel_requested`,
      [job.id, tally.bytesRead, JSON.stringify(tally.counts), JSON.stringify(tally.reasons), job.user_id],
    );
    saved = Date.now();
    // Once a second with the progress: every third save let the RSS reach 295 MB again (264 MB this way).
    collectGarbageSoon();
    if (row?.cancel_requested) throw new Cancelled();
  };
  const tick = async () => {
    if (Date.now() - saved >= PROGRESS_MS) await save();
  };
  const abort = new AbortController();
  let status: 'succeeded' | 'failed' = 'succeeded';
  let error: string | null = null;
  try {
    const format = formatNamed(job.detected_format);
    if (!format || !job.file_path) throw Invalid.at([], 'The import has no file or format to read');
    if (format.kind === 'records') await readRecords(format, job.file_path, actor, tally, tick);
    else {
      // A writer reports progress as it goes; a save that finds the import cancelled aborts it.
      tally.onProgress = () => {
        if (Date.now() - saved >= PROGRESS_MS) void save().catch((err) => (err instanceof Cancelled ? abort.abort() : undefined));
      };
      await format.write(job.file_path, actor, { tally, signal: abort.signal, options: job.options, now: new Date() });
      if (abort.signal.aborted) throw new Cancelled();
    }
  } catch (err) {
    status = 'failed';
    if (err instanceof Cancelled) error = 'Cancelled';
    else if (err instanceof DomainError) error = err.message;
    else {
      logger.error({ err, importId }, 'import failed');
      error = 'The import stopped on an error of the service; what it read so far is kept, and importing the file again adds the rest';
    }
  } finally {
    if (job.file_path) await rm(job.file_path, { force: true });
  }
  await query(
    `update imports set status = $2, error = $3, counts = $5, reasons = $6, file_path = null, finished_at = now(), updated_at = now(),
       -- read to the end: all of it (a ZIP's entry counts inflated bytes as it goes)
       bytes_read = case when $2 = 'succeeded' then bytes_total else least($4, bytes_total) end
     where id = $1 and user_id = $7`,
    [job.id, status, error, tally.bytesRead, JSON.stringify(tally.counts), JSON.stringify(tally.reasons), job.user_id],
  );
  await emitEvent(job.user_id, 'import.finished', { import_id: job.id });
}

/**
 * After a start: an import a stopped process was running goes back to the queue (its file is
 * read again from the start; what it wrote is found already present), or fails after
 * MAX_ATTEMPTS; one whose file is gone fails. Files in `spoolDir` no queued or running import
 * names are a crash's leftovers, removed. Answers the imports to queue.
 */
export async function recoverImports(spoolDir: string): Promise<{ id: string; userId: string; jobId: string }[]> {
  const stranded = await query<{ id: string; user_id: string; status: string; attempts: number; file_path: string | null }>(
    `select id, user_id, status, attempts, file_path from imports where status in ('queued', 'running')`,
  );
  const queue: { id: string; userId: string; jobId: string }[] = [];
  const kept = new Set<string>();
  const files = new Set((await readdir(spoolDir).catch(() => [] as string[])).map((name) => join(spoolDir, name)));
  for (const s of stranded) {
    const present = s.file_path !== null && files.has(s.file_path);
    if (!present || (s.status === 'running' && s.attempts >= MAX_ATTEMPTS)) {
      await query(
        `update imports set status = 'failed', file_path = null, finished_at = now(), updated_at = now(), error = $2
          where id = $1 and user_id = $3`,
        [
          s.id,
          present
            ? `The import was interrupted ${s.attempts} times; upload the file again`
            : 'The uploaded file was lost in a restart; upload it again',
          s.user_id,
        ],
      );
      continue;
    }
    if (s.status === 'running') {
      await query(`update imports set status = 'queued', updated_at = now() where id = $1 and user_id = $2`, [s.id, s.user_id]);
    }
    kept.add(s.file_path!);
    queue.push({ id: s.id, userId: s.user_id, jobId: importJobId(s.id, s.attempts) });
  }
  await removeLeftovers([...files].filter((path) => !kept.has(path)));
  return queue;
}

/** Removes these spool files, except an upload still arriving (written to within UPLOAD_GRACE_MS, by this or another process). */
async function removeLeftovers(paths: string[]): Promise<void> {
  const cutoff = Date.now() - UPLOAD_GRACE_MS;
  for (const path of paths) {
    const written = path.endsWith('.part') ? await stat(path).catch(() => null) : null;
    if (written && written.mtimeMs > cutoff) continue;
    // Files only (never recursive): the spool holds nothing else.
    await rm(path, { force: true });
  }
}

/** Uploads a crash cut off after the start (a `.part` no longer written to): the sweep's, every minute. */
export async function removeStaleUploads(spoolDir: string): Promise<void> {
  const parts = (await readdir(spoolDir).catch(() => [] as string[])).filter((name) => name.endsWith('.part'));
  await removeLeftovers(parts.map((name) => join(spoolDir, name)));
}
