import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { Invalid, TooLarge } from '../core/errors.ts';

/** A stream that fails with TooLarge once more than `limitBytes` went through it. */
function capped(limitBytes: number, counted: (size: number) => void): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      counted(size);
      if (size > limitBytes) done(new TooLarge(`The upload is larger than ${limitBytes} bytes (IMPORT_MAX_BYTES)`));
      else done(null, chunk);
    },
  });
}

/**
 * A request body written to a private temporary file as it arrives, at most `limitBytes`: for an
 * upload read as a file (a ZIP's directory is at its end). `use` gets the path; the file is
 * removed afterwards, whatever happens.
 */
export async function withSpooledUpload<T>(body: Readable, limitBytes: number, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'lifetrack-upload-'));
  try {
    const path = join(dir, 'upload');
    await pipeline(
      body,
      capped(limitBytes, () => {}),
      createWriteStream(path, { mode: 0o600 }),
    );
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An upload on disk, and the form fields that came beside it (a multipart upload's). */
export type SpooledUpload = { path: string; size: number; filename: string | null; fields: Record<string, string> };

/** Form fields beside a multipart file: few and small (the options of an import). */
const FIELD_LIMITS = { fields: 10, fieldSize: 64 * 1024, fieldNameSize: 100, files: 1, parts: 12 };

/**
 * An upload streamed into `dir` (never held in memory), at most `limitBytes`: a multipart/form-data
 * body's one file part (its other parts are returned as fields), or any other body as the file
 * itself. The caller owns the file; on any failure it is removed here.
 */
export async function spoolUpload(
  body: Readable,
  contentType: string | undefined,
  limitBytes: number,
  dir: string,
): Promise<SpooledUpload> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${randomUUID()}.part`);
  let size = 0;
  const counter = () => capped(limitBytes, (n) => (size = n));
  try {
    if (!/^multipart\/form-data\b/i.test(contentType ?? '')) {
      await pipeline(body, counter(), createWriteStream(path, { mode: 0o600 }));
      return { path, size, filename: null, fields: {} };
    }
    return await spoolMultipart(body, contentType!, path, counter, () => size);
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
}

function spoolMultipart(
  body: Readable,
  contentType: string,
  path: string,
  counter: () => Transform,
  size: () => number,
): Promise<SpooledUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: FIELD_LIMITS });
    } catch (err) {
      reject(Invalid.at([], `The multipart body cannot be read: ${(err as Error).message}`));
      return;
    }
    const fields: Record<string, string> = {};
    let filename: string | null = null;
    let written: Promise<void> | null = null;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      body.resume();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(Invalid.at([name], 'The field is longer than 65,536 bytes'));
      else fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      filename = info.filename ?? null;
      written = pipeline(stream, counter(), createWriteStream(path, { mode: 0o600 }));
      written.catch(fail);
    });
    parser.on('filesLimit', () => fail(Invalid.at(['file'], 'One file per upload')));
    parser.on('fieldsLimit', () => fail(Invalid.at([], 'Too many form fields')));
    parser.on('error', (err: Error) => fail(Invalid.at([], `The multipart body cannot be read: ${err.message}`)));
    parser.on('close', () => {
      if (failed) return;
      if (!written) return fail(Invalid.at(['file'], 'The multipart body has no file part'));
      written.then(() => resolve({ path, size: size(), filename, fields }), fail);
    });
    body.on('error', fail);
    body.pipe(parser);
  });
}
