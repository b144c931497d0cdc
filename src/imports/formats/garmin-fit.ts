import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { readExportFiles, type ExportFile } from '../export-files.ts';
import { ReadingSink, SleepNights } from '../reading-sink.ts';
import { isZipFile } from '../zip-entries.ts';
import type { FitAction } from './garmin-fit/actions.ts';
import { FitThread, ThreadFailed } from './garmin-fit/fit-thread.ts';
import type { WriteContext, WriterFormat } from './format.ts';

/**
 * Garmin FIT files (activities, all-day monitoring, sleep, weight scales, blood pressure ...): one
 * .fit file, or a ZIP of them at any depth, or a ZIP of ZIPs of them one level deep (Garmin
 * Connect's data export keeps the uploaded files in DI_CONNECT/DI-Connect-Uploaded-Files/
 * UploadedFiles_*.zip; its JSON beside them is not read). Each file is decoded with Garmin's SDK in a
 * thread of its own (fit-thread.ts) and mapped by message type (garmin-fit/messages.ts); each
 * device is a source. Only the files are held, one at a time: never the ZIP.
 */

/** Past this a file is not decoded (the SDK holds all of it): activities and monitoring files are KB to a few MB. */
const MAX_FIT_BYTES = 16 * 1024 * 1024;
/** A ZIP in the ZIP is spooled to disk to be read: ZIPs do not compress, so one larger than the upload (beyond a floor) is not one. */
const NESTED_FLOOR_BYTES = 64 * 1024 * 1024;

const isFitName = (name: string) => /\.fit$/i.test(name);
const isZipName = (name: string) => /\.zip$/i.test(name);
/** Garmin Connect's export: ZIPs of uploaded FIT files. */
const isUploadedFiles = (name: string) => /(^|\/)DI-Connect-Uploaded-Files\/[^/]+\.zip$/i.test(name);

/** A FIT file's header: its size (12 or 14 bytes) first, ".FIT" at bytes 8..11 (a character or two earlier where bytes 1..7 read as UTF-8 sequences). */
const isFitHead = (head: string) => (head[0] === '\x0c' || head[0] === '\x0e') && /^[\s\S]{2,8}\.FIT/.test(head);

const hash = (...parts: string[]) => createHash('sha1').update(parts.join('\u0001')).digest('hex').slice(0, 24);

/** A file's bytes, or null past `max` (read no further). */
async function bytesUpTo(bytes: AsyncIterable<Buffer>, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of bytes) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** A stream's bytes written to `path`, refusing past `max`. */
async function spool(bytes: AsyncIterable<Buffer>, path: string, max: number): Promise<boolean> {
  const out = createWriteStream(path, { mode: 0o600 });
  let size = 0;
  try {
    for await (const chunk of bytes) {
      size += chunk.length;
      if (size > max) return false;
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    return true;
  } finally {
    out.end();
    await finished(out).catch(() => {});
  }
}

class GarminFitImport {
  private readonly sink: ReadingSink;
  private readonly sleep = new SleepNights();
  private readonly thread = new FitThread();
  private nested = 0;
  /** FIT files met: a ZIP without any is not this format. */
  private files = 0;
  private readonly path: string;
  private readonly ctx: WriteContext;

  constructor(path: string, actor: Actor, ctx: WriteContext) {
    this.path = path;
    this.ctx = ctx;
    this.sink = new ReadingSink(actor, ctx.tally);
  }

  async run(): Promise<void> {
    const { tally, signal } = this.ctx;
    const zipBytes = (await stat(this.path)).size;
    try {
      const what = 'a ZIP of Garmin FIT files';
      await readExportFiles(this.path, { what, wanted: (n) => isFitName(n) || isZipName(n), tally, signal }, (file) =>
        file.name !== null && isZipName(file.name) ? this.readNested(file, zipBytes) : this.readFit(file),
      );
    } finally {
      this.thread.close();
    }
    if (this.files === 0 && !signal.aborted) throw Invalid.at([], 'Not a Garmin FIT export: the ZIP holds no .fit file');
    if (!signal.aborted)
      for (const night of this.sleep.nights())
        await this.sink.pushNight(night, hash('sleep', night.source, night.start), { fit_message: 'sleepLevel' });
    await this.sink.flush();
  }

  /** A ZIP in the ZIP: spooled beside the upload, its FIT files read, removed. */
  private async readNested(file: ExportFile, zipBytes: number): Promise<void> {
    const path = `${this.path}.${++this.nested}.nested`;
    try {
      if (!(await spool(file.bytes, path, Math.max(NESTED_FLOOR_BYTES, zipBytes))))
        return this.skipFile(`${file.name}: a ZIP larger than the upload itself`, 'too_large');
      if (!(await isZipFile(path))) return this.skipFile(`${file.name}: not a ZIP file`, 'malformed');
      const what = `a ZIP of Garmin FIT files (${file.name})`;
      await readExportFiles(path, { what, wanted: isFitName, signal: this.ctx.signal }, (inner) =>
        this.readFit({ name: `${file.name}/${inner.name}`, bytes: inner.bytes }),
      ).catch((err: unknown) => {
        // A damaged inner ZIP (or one over its caps) is one file skipped, not the whole export failed.
        if (!(err instanceof Invalid)) throw err;
        this.skipFile(`${file.name}: ${err.issues[0]?.msg ?? err.message}`, 'malformed');
      });
    } finally {
      await rm(path, { force: true });
    }
  }

  /** One FIT file; one uploaded alone that is not one (or too large, or unreadable) fails the import. */
  private async readFit(file: ExportFile): Promise<void> {
    const alone = file.name === null;
    const name = file.name ?? 'the file';
    this.files++;
    const bytes = await bytesUpTo(file.bytes, MAX_FIT_BYTES);
    if (this.ctx.signal.aborted) return;
    if (!bytes) {
      if (alone) throw Invalid.at([], `The FIT file is larger than ${MAX_FIT_BYTES} bytes: refused`);
      return this.skipFile(`${name}: larger than ${MAX_FIT_BYTES} bytes`, 'too_large');
    }
    try {
      const decoded = await this.thread.decode(name, bytes);
      if (!decoded.fit || (decoded.messages === 0 && decoded.error)) {
        const why = decoded.fit ? `it does not decode (${decoded.error})` : 'it has no FIT header';
        if (alone) throw Invalid.at([], `Not a Garmin FIT file: ${why}`);
        return this.skipFile(`${name}: ${why}`, 'malformed');
      }
      for await (const batch of decoded.actions()) {
        for (const action of batch) await this.apply(action);
        if (this.ctx.signal.aborted) return;
      }
      // Cut short or damaged: what was read before the fault is kept, the rest counted as one record.
      if (decoded.error) this.skipFile(`${name}: ${decoded.error}; the messages before it were read`, 'malformed');
    } catch (err) {
      if (!(err instanceof ThreadFailed)) throw err;
      if (alone) throw Invalid.at([], `This FIT file could not be read: ${err.message}`);
      this.skipFile(`${name}: ${err.message}`, 'too_large');
    }
  }

  private skipFile(detail: string, reason: 'malformed' | 'too_large'): void {
    this.sink.record();
    this.sink.ignore(reason === 'too_large' ? 'FIT file too large' : 'FIT file not readable', detail, reason);
  }

  private async apply(a: FitAction): Promise<void> {
    const records = a.k === 'asleep' ? 1 : a.records;
    for (let i = 0; i < records; i++) this.sink.record();
    switch (a.k) {
      case 'reading':
        return this.sink.push({ reading: a.reading, records: a.records, detail: a.detail });
      case 'skip':
        for (let i = 0; i < a.records; i++) this.sink.ignore(a.why, a.detail, a.reason);
        return;
      case 'invalid':
        return this.sink.unconvertible(a.records, a.detail);
      case 'asleep':
        return this.sleep.add(a.source, a.start, a.end);
    }
  }
}

export const garminFit: WriterFormat = {
  name: 'garmin_fit',
  kind: 'writer',
  detect: isFitHead,
  zipEntries: (names) => names.some((n) => isFitName(n) || isUploadedFiles(n)),
  async write(path, actor, ctx) {
    await new GarminFitImport(path, actor, ctx).run();
  },
};
