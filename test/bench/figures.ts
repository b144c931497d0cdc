import { readFileSync, writeFileSync } from 'node:fs';

/** The middle value (the upper of the two middles for an even count), as the benches report it. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** A process's resident set and its high-water mark, in MB (Linux; NaN elsewhere or once it is gone). */
export function memory(pid: number): { rss: number; hwm: number } {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // not Linux, or gone
  }
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Resets a process's high-water mark to its current RSS (Linux: clear_refs 5), so what follows has a peak of its own. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
