import type { SinkReading } from '../../reading-sink.ts';

/**
 * What reading a FIT file comes to, as the decoding thread hands it to the import (fit-thread.ts):
 * plain data, so it crosses the thread boundary, each standing for `records` of the file's messages
 * (a reading of a minute's heart rate for that minute's records; a session's second and third
 * reading for none, the first counts the message).
 */
export type FitAction =
  | { k: 'reading'; reading: SinkReading; records: number; detail: string }
  | { k: 'skip'; why: string; reason: 'unmapped_type' | 'malformed' | 'too_large'; records: number; detail: string }
  | { k: 'invalid'; records: number; detail: string }
  | { k: 'asleep'; source: string; start: string; end: string };
