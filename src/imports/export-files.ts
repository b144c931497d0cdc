import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Invalid } from '../core/errors.ts';
import type { ImportTally } from './formats/format.ts';
import { isZipFile, openZipEntries } from './zip-entries.ts';

/** One file of an export: its name in the ZIP (null for a file uploaded alone) and its bytes, inflated as they are read. */
export type ExportFile = { name: string | null; bytes: AsyncIterable<Buffer> };

export type ExportFilesOptions = {
  /** Names the export in messages ("an Oura export"). */
  what: string;
  /** The ZIP entries the format reads (the others are not inflated, nor held). */
  wanted: (name: string) => boolean;
  /** The order to read them in (sleep before what depends on it ...); by default the ZIP's. */
  order?: (a: string, b: string) => number;
  tally?: ImportTally;
  /** Once aborted, a file's bytes stop at the next chunk and no further file is opened. */
  signal?: AbortSignal;
};

/**
 * The files of a wearable's export, one at a time: the wanted entries of a ZIP (each streamed, the
 * ZIP's inflate ratio checked first), or the uploaded file itself. Progress is the upload's bytes:
 * the file's read so far, or for a ZIP the compressed size of the entries done and the share of the
 * current one inflated. `read` consumes each file before the next is opened.
 */
export async function readExportFiles(path: string, options: ExportFilesOptions, read: (file: ExportFile) => Promise<void>): Promise<void> {
  const { tally, signal } = options;
  const totalBytes = (await stat(path)).size;
  if (!(await isZipFile(path))) {
    const input = createReadStream(path, { highWaterMark: 256 * 1024 });
    try {
      await read({ name: null, bytes: counted(input, signal, (n) => tally?.progress(n)) });
    } finally {
      input.destroy();
    }
    return;
  }
  const zip = await openZipEntries(path, totalBytes, options.wanted, options.what);
  try {
    const entries = options.order ? [...zip.entries].sort((a, b) => options.order!(a.fileName, b.fileName)) : zip.entries;
    // Progress counts the kept entries' compressed bytes, scaled to the upload's size.
    const scale = totalBytes / Math.max(1, zip.compressedBytes);
    let done = 0;
    for (const entry of entries) {
      if (signal?.aborted) break;
      const input = await zip.open(entry);
      const share = (n: number) => Math.floor((entry.compressedSize * n) / Math.max(1, entry.uncompressedSize));
      try {
        const progress = (n: number) => tally?.progress(Math.floor((done + share(n)) * scale));
        await read({ name: entry.fileName, bytes: inflated(entry.fileName, counted(input, signal, progress)) });
      } finally {
        input.destroy();
      }
      done += entry.compressedSize;
      tally?.progress(Math.min(totalBytes, Math.floor(done * scale)));
    }
  } finally {
    zip.close();
  }
}

/**
 * An entry's bytes, where an entry that does not inflate (corrupt data, a size that is not its
 * header's) is an Invalid naming it: a format counts it as a malformed record and reads the others.
 */
async function* inflated(name: string, bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* bytes;
  } catch (err) {
    if (err instanceof Invalid) throw err;
    throw Invalid.at([], `${name} is not a readable ZIP entry (${(err as Error).message})`);
  }
}

/** A stream's chunks, counting the bytes read, ending early once `signal` is aborted. */
async function* counted(input: Readable, signal: AbortSignal | undefined, progress: (bytesRead: number) => void): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    if (signal?.aborted) return;
    read += chunk.length;
    progress(read);
    yield chunk;
  }
}

/** A file's first bytes as text (up to a line break or `maxBytes`), and the whole file's bytes still to read. */
export async function peekHead(
  bytes: AsyncIterable<Buffer>,
  maxBytes = 64 * 1024,
): Promise<{ head: string; bytes: AsyncIterable<Buffer> }> {
  const it = bytes[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let size = 0;
  while (size < maxBytes) {
    const next = await it.next();
    if (next.done) break;
    seen.push(next.value);
    size += next.value.length;
    if (next.value.includes(0x0a)) break;
  }
  async function* replay(): AsyncGenerator<Buffer> {
    yield* seen;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  const head = Buffer.concat(seen, size)
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return { head, bytes: replay() };
}
