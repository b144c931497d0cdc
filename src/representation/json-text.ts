/**
 * A body already written as JSON bytes, sent as they are: for the one answer big enough that a
 * presenter writing the text directly beats building objects for JSON.stringify (metric ingest's
 * 10,000 readings). It must be what JSON.stringify of the documented shape would give.
 */
export class JsonText {
  readonly bytes: Buffer;
  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }
}

/** A JSON text's pieces are gathered into strings of about this many characters before being encoded. */
const CHUNK = 65_536;

/**
 * Writes a JsonText piece by piece straight into UTF-8 bytes: no joined string of the whole answer
 * (3.6 MB for 10,000 readings) beside its encoded copy, and one encoding call per chunk rather than
 * per piece.
 */
export class JsonTextWriter {
  private buf: Buffer;
  private length = 0;
  private chunk = '';

  /** `capacity`: the expected size in bytes (the buffer doubles when a piece does not fit). */
  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(Math.max(capacity, CHUNK));
  }

  write(piece: string): void {
    this.chunk += piece;
    if (this.chunk.length >= CHUNK) this.flush();
  }

  done(): JsonText {
    this.flush();
    return new JsonText(this.buf.subarray(0, this.length));
  }

  private flush(): void {
    // Its exact size, so a buffer sized right is never regrown (and copied) for a worst case that is not there.
    const size = Buffer.byteLength(this.chunk);
    if (this.buf.length - this.length < size) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + size));
      this.buf.copy(bigger, 0, 0, this.length);
      this.buf = bigger;
    }
    this.length += this.buf.write(this.chunk, this.length);
    this.chunk = '';
  }
}
