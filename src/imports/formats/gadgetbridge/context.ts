import { createHash } from 'node:crypto';
import type { SQLInputValue } from 'node:sqlite';
import type { ReadingSink } from '../../reading-sink.ts';
import type { SqliteExport } from '../../sqlite-file.ts';
import type { Device } from './devices.ts';
import type { SleepRuns } from './sleep.ts';

/** What each table's reader shares: the file, where readings go, the devices, the nights being built. */
export type GadgetbridgeRead = {
  file: SqliteExport;
  sink: ReadingSink;
  sleep: SleepRuns;
  devices: Map<number, Device>;
  signal: AbortSignal;
  /** One row read (progress). */
  step(): void;
};

/** Instants a sample may have: 1970 to 2200. */
const MAX_MS = Date.UTC(2200, 0, 1);

/**
 * A sample's TIMESTAMP in epoch milliseconds: activity samples keep seconds, the later "time
 * samples" (heart rate, SpO2, stress, sleep stages …) milliseconds, told apart by size (seconds
 * reach 1e11 only in the year 5138). Null when it is no time.
 */
export function epochMs(v: SQLInputValue): number | null {
  const n = Number(v);
  if (v === null || !Number.isFinite(n) || n <= 0) return null;
  const ms = n >= 1e11 ? n : n * 1000;
  return ms <= MAX_MS ? Math.round(ms) : null;
}

export const hash = (...parts: unknown[]) => createHash('sha1').update(parts.join('\u0001')).digest('hex').slice(0, 24);
