import type { HttpServer } from '../../helpers/server.ts';
import type { TestUser } from '../../helpers/users.ts';
import { allReadings } from '../../metrics/support.ts';

type Json = Record<string, any>;

/** A user's readings of one metric, as the API lists them. */
export const metricReadings = (server: HttpServer, user: TestUser, slug: string): Promise<Json[]> =>
  allReadings(server, user, `&metric=${slug}`);

/** Readings oldest first. */
export const byTime = (list: Json[]): Json[] => [...list].sort((a, b) => a.recorded_at.localeCompare(b.recorded_at));

/** A reading as `recorded_at value unit source`. */
export const readingLine = (r: Json): string => `${r.recorded_at} ${r.value} ${r.unit} ${r.source}`;

/** A user's readings of one metric as `recorded_at value unit source`, sorted. */
export const readingLines = async (server: HttpServer, user: TestUser, slug: string): Promise<string[]> =>
  (await metricReadings(server, user, slug)).map(readingLine).sort();
