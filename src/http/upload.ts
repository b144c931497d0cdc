import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TooLarge } from '../core/errors.ts';

/**
 * A request body written to a private temporary file as it arrives, at most `limitBytes`: for an
 * upload read as a file (a ZIP's directory is at its end). `use` gets the path; the file is
 * removed afterwards, whatever happens.
 */
export async function withSpooledUpload<T>(body: Readable, limitBytes: number, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'lifetrack-upload-'));
  try {
    const path = join(dir, 'upload');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limitBytes) done(new TooLarge(`The upload is larger than ${limitBytes} bytes (IMPORT_MAX_BYTES)`));
        else done(null, chunk);
      },
    });
    await pipeline(body, counter, createWriteStream(path, { mode: 0o600 }));
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
