import type { ReadingSink } from '../../reading-sink.ts';
import type { LocalClock } from './local-time.ts';

/** What every Fitbit file's reader writes through: the sink, the user's clock, and the source of readings that do not name their device. */
export type FitbitContext = { sink: ReadingSink; clock: LocalClock; source: string };

export const iso = (ms: number) => new Date(ms).toISOString();

/** Where a record sits, for the reasons shown: the file's name and the element or row ("heart_rate-2021-01-02.json [12]"). */
export const at = (file: string, where: string) => `${file} ${where}`;
