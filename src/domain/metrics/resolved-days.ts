import { earlierRead, readOnce } from '../../db/context.ts';
import { resolveDays, type ResolvedValue } from './resolution.ts';

/**
 * Every metric's resolved value per day of from..to, read once per unit of work: the insights'
 * matrix and the episodes' source of each day share it.
 */
export function resolvedDays(userId: string, from: string, to: string): Promise<ResolvedValue[]> {
  const prefix = `resolved-days:${userId}:`;
  // Today's goal progress inside the insights' window (a dashboard) is a slice of that read.
  const wider = earlierRead<ResolvedValue[]>((key) => {
    if (!key.startsWith(prefix)) return false;
    const [start, end] = key.slice(prefix.length).split(':') as [string, string];
    return start <= from && end >= to;
  });
  if (wider) return wider.then((rows) => rows.filter((r) => r.localDate >= from && r.localDate <= to));
  return readOnce(`${prefix}${from}:${to}`, () => resolveDays(userId, from, to));
}
