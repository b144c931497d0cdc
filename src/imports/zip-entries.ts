import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { Invalid } from '../core/errors.ts';

/** A ZIP with more entries than this is not an export (and listing them all would be the attack). */
const MAX_ENTRIES = 100_000;
/**
 * The most the entries read may inflate to, as a multiple of the ZIP's size beyond a floor (as for
 * an account archive and Apple Health): a CSV or JSON export deflates to a fifth or a tenth, a file
 * of one repeated byte to a thousandth, and inflating that would take minutes per megabyte uploaded.
 * The sizes are the ZIP's own, which yauzl holds every entry to as it inflates.
 */
export const MAX_INFLATE_RATIO = 100;
const INFLATE_FLOOR_BYTES = 64 * 1024 * 1024;

/** The most the entries read from a ZIP of `zipBytes` may inflate to. */
export const inflateLimit = (zipBytes: number): number => Math.max(INFLATE_FLOOR_BYTES, MAX_INFLATE_RATIO * zipBytes);

/** Whether the file at `path` starts as a ZIP does (a local file header). */
export async function isZipFile(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await file.close();
  }
}

/** Opens the ZIP at `path` to list its entries one at a time (lazily); a file that is not one is Invalid. */
export const openZipFile = (path: string): Promise<ZipFile> =>
  new Promise<ZipFile>((resolve, reject) =>
    openZip(path, { lazyEntries: true, autoClose: false }, (err, z) =>
      err ? reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)) : resolve(z),
    ),
  );

/** One entry of an open ZIP, inflating as it is read. */
export const openEntry = (zip: ZipFile, entry: Entry): Promise<Readable> =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)) : resolve(s))),
  );

/** The entries of a ZIP a format reads, in the ZIP's order, and a way to inflate one as a stream. */
export type ZipEntries = {
  entries: Entry[];
  /** The compressed bytes of the entries kept, for progress. */
  compressedBytes: number;
  open(entry: Entry): Promise<Readable>;
  close(): void;
};

/**
 * Opens a ZIP and keeps the entries `wanted` names (only those are held: a ZIP of a million tiny
 * entries costs a counter); refuses one with over MAX_ENTRIES entries, or whose kept entries would
 * inflate past MAX_INFLATE_RATIO times its size. `what` names the export in the messages.
 */
export async function openZipEntries(path: string, zipBytes: number, wanted: (name: string) => boolean, what: string): Promise<ZipEntries> {
  const zip = await openZipFile(path);
  try {
    if (zip.entryCount > MAX_ENTRIES) throw Invalid.at([], `Not ${what}: the ZIP file has ${zip.entryCount} entries`);
    const entries: Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: Entry) => {
        if (!e.fileName.endsWith('/') && wanted(e.fileName)) entries.push(e);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', (err: Error) => reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)));
      zip.readEntry();
    });
    const inflated = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
    if (inflated > inflateLimit(zipBytes))
      throw Invalid.at(
        [],
        `Not ${what} this server reads: its files inflate to ${inflated} bytes, more than ${MAX_INFLATE_RATIO} times the ZIP's size`,
      );
    return {
      entries,
      compressedBytes: entries.reduce((sum, e) => sum + e.compressedSize, 0),
      open: (entry) => openEntry(zip, entry),
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** An entry's name without its folders, lower-cased: exports are unzipped and zipped again by hand. */
export const entryBaseName = (name: string): string => name.replace(/^.*\//, '').toLowerCase();
