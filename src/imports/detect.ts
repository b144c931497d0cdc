import { open } from 'node:fs/promises';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { Invalid } from '../core/errors.ts';
import type { ImportFormat } from './formats/format.ts';
import { takeoutStub } from './formats/google-shared.ts';
import { FORMATS, formatNamed } from './formats/index.ts';

/** How much of a file detection reads. */
const HEAD_BYTES = 64 * 1024;
/** A ZIP with more entries than this is not one of ours (and listing them all would be the attack). */
const MAX_ZIP_ENTRIES = 100_000;

const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;

/** The first HEAD_BYTES of a file. */
async function headOf(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The names of a ZIP's entries (its central directory: nothing is inflated). */
export async function zipEntryNames(path: string): Promise<string[]> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    openZip(path, { lazyEntries: true, autoClose: true }, (err, z) =>
      err ? reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)) : resolve(z),
    ),
  );
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    zip.close();
    throw Invalid.at([], `The ZIP file has ${zip.entryCount} entries; an import reads at most ${MAX_ZIP_ENTRIES}`);
  }
  return new Promise<string[]>((resolve, reject) => {
    const names: string[] = [];
    zip.on('entry', (e: Entry) => (names.push(e.fileName), zip.readEntry()));
    zip.on('end', () => resolve(names));
    zip.on('error', (err: Error) => reject(Invalid.at([], `Not a readable ZIP file: ${err.message}`)));
    zip.readEntry();
  });
}

/** The text of a head: UTF-8, its byte order mark removed, an incomplete last character dropped. */
const textOf = (head: Buffer) =>
  new TextDecoder('utf-8', { fatal: false })
    .decode(head)
    .replace(/^\uFEFF/, '')
    .replace(/\uFFFD$/, '');

const recognised = () => FORMATS.map((f) => f.name).join(', ');

/**
 * The format of an uploaded file: the one named (trusted: its reader refuses a file that is not
 * it), else the first that recognises the file's first bytes or, for a ZIP, its entry names. A
 * Google Takeout file that holds no location history is refused with where the real export is made.
 */
export async function detectFormat(path: string, filename: string | null | undefined, requested?: string): Promise<ImportFormat> {
  if (requested) {
    const format = formatNamed(requested);
    if (!format) throw Invalid.at(['format'], `Unknown format; the formats are ${recognised()}`);
    return format;
  }
  const head = await headOf(path);
  if (head.length === 0) throw Invalid.at([], 'The file is empty');
  if (isZip(head)) {
    const names = await zipEntryNames(path);
    const format = FORMATS.find((f) => f.zipEntries?.(names));
    if (format) return format;
    throw Invalid.at(
      [],
      `A ZIP file, but not one an import reads (no KML, Apple Health export or account archive inside); the formats are ${recognised()}`,
    );
  }
  const text = textOf(head);
  const stub = takeoutStub(text, filename ?? null);
  if (stub) throw Invalid.at([], stub);
  const format = FORMATS.find((f) => f.detect?.(text));
  if (format) return format;
  throw Invalid.at([], `The file's format is not recognised: name it with \`format\` (one of ${recognised()})`);
}
