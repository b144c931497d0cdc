import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The recorded day of location samples (test/fixtures/places/day-of-samples.json), in the POST /locations shape. */
export type DaySample = { lat: number; lng: number; recorded_at: string; accuracy_m: number };
export const day = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'places', 'day-of-samples.json'), 'utf8'),
) as { places: { name: string; lat: number; lng: number; radius_m: number }[]; samples: DaySample[] };

/** An instant of the fixture's day as UTC ISO: local Berlin time (UTC+2 in June). */
export const local = (hhmm: string) => new Date(Date.parse('2026-06-10T00:00:00+02:00') + minutes(hhmm) * 60_000).toISOString();
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
