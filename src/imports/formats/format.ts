import type { Readable } from 'node:stream';
import type { Actor } from '../../core/actor.ts';
import type { ImportRecord, SkipReason } from '../records.ts';

/** What a reader gets besides the bytes: the instant that bounds "in the future" for out_of_range. */
type ReadContext = { now: Date };

/**
 * A format whose records the pipeline writes (location histories). `read` turns the file's bytes
 * (a stream: never the whole file in memory) into records, in file order; anything it cannot use
 * becomes a `skip` record with its reason, so the counts add up. It throws only for a file that
 * is not its format at all (a core/errors `Invalid`), which fails the import with that message.
 */
export type RecordFormat = {
  /** The `format` value clients name it by, and `detected_format` shows. */
  name: string;
  kind: 'records';
  /** Whether the file's first bytes (up to 64 KiB, decoded as UTF-8, byte order mark removed) look like this format. */
  detect?(head: string): boolean;
  /**
   * A format that comes in a ZIP (a KMZ): whether these entry names are it, and which entry to
   * read (`read` then gets that entry's inflated bytes).
   */
  zipEntries?(names: string[]): boolean;
  zipEntry?(names: string[]): string | undefined;
  read(input: Readable, ctx: ReadContext): AsyncIterable<ImportRecord>;
};

/**
 * How a format that writes its own records (an account archive, another app's CSV, Apple Health)
 * reports what it did: every record it reads lands in exactly one of created, present (already
 * in the account) or skipped with a reason, so read = created + present + skipped.
 */
export type ImportTally = {
  created(n?: number): void;
  present(n?: number): void;
  /** `detail` says where and why ("row 12: no date"); `name` is the record type for unmapped_type ("HKQuantityTypeIdentifierX"). */
  skipped(reason: SkipReason | 'invalid' | 'conflict', detail: string, name?: string): void;
  /** Bytes of the file read so far (for progress). */
  progress(bytesRead: number): void;
};

export type WriteContext = {
  tally: ImportTally;
  /** Aborted when the user cancels the import: stop at the next record, keeping what was written. */
  signal: AbortSignal;
  /** The upload's options beside the file (a CSV's preset and mapping ...), validated by the format. */
  options: Record<string, unknown>;
  now: Date;
};

/** A format that writes through the domain services itself, record by record, in constant memory. */
export type WriterFormat = {
  name: string;
  kind: 'writer';
  /** `account`: only a signed-in session may start it (an account archive); otherwise a write token. */
  access?: 'account';
  /** As for RecordFormat; ZIP files are told apart by their entry names instead (`zipEntries`). */
  detect?(head: string): boolean;
  zipEntries?(names: string[]): boolean;
  /** Throws Invalid (located within the options) when the upload's options are not this format's: checked before the import is queued. */
  checkOptions?(options: Record<string, unknown>): void;
  write(path: string, actor: Actor, ctx: WriteContext): Promise<void>;
};

export type ImportFormat = RecordFormat | WriterFormat;
