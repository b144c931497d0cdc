import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { localDateOf } from '../../core/clock.ts';
import { parse } from '../../core/validation.ts';
import { loadDailyMatrix } from '../days/summary.service.ts';
import { resolvedDays } from '../metrics/resolved-days.ts';
import { metricType } from '../metric-types/catalogue.ts';
import { loadUser } from '../users/users.service.ts';
import { computeEpisodes, episodeMetricKeys, type Episodes } from './episodes.ts';
import { computeGraph, type InsightGraph } from './graph.ts';
import { EpisodesQuery, InsightGraphQuery } from './insights.schemas.ts';
import { resolveGraphKey } from './keys.ts';
import type { InsightMatrix } from './matrix.ts';
import { windowOf } from './window.ts';

/**
 * Insights are computed at query time from the daily summary, with no cache: the same data and
 * query give the same JSON, and new data shows up on the next request.
 */
async function windowMatrix(actor: Actor, windowDays: number, endDate: string | undefined) {
  const end = endDate ?? localDateOf(new Date(), (await loadUser(actor.userId)).timezone);
  const { from, to } = windowOf(end, windowDays);
  return { from, to, matrix: (await loadDailyMatrix(actor.userId, from, to)) as InsightMatrix };
}

export async function getInsightGraph(actor: Actor, input: z.input<typeof InsightGraphQuery>): Promise<InsightGraph> {
  authorize(actor, actor.userId, 'read');
  const q = parse(InsightGraphQuery, input);
  const { matrix } = await windowMatrix(actor, q.window_days, q.end_date);
  // A slug or a day summary column (sleep_hours) centres on the slug's column; the summary lists
  // only columns with data in the window, so a catalogue metric without any is known but has
  // nothing to relate, and a tag or category without events here is not a column (422).
  const centre = resolveGraphKey(matrix, q.metric);
  if (centre.kind === 'empty') {
    const { slug, label, unit } = centre.metric;
    return { center: { key: slug, label, unit }, edges: [], mode: q.mode, windowDays: q.window_days };
  }
  return computeGraph(matrix, centre.key, { mode: q.mode, windowDays: q.window_days });
}

export async function getEpisodes(actor: Actor, input: z.input<typeof EpisodesQuery>): Promise<Episodes> {
  authorize(actor, actor.userId, 'read');
  const q = parse(EpisodesQuery, input);
  const { from, to, matrix } = await windowMatrix(actor, q.window_days, q.end_date);
  // Which source supplied each day matters only for the cards shown; the matrix's own read has it.
  const ids = new Map(episodeMetricKeys(matrix, q.window_days).map((key) => [metricType(key)?.id, key]));
  ids.delete(undefined);
  const sources = new Map<string, (string | null)[]>();
  if (ids.size) {
    const index = new Map(matrix.dates.map((d, i) => [d, i]));
    for (const r of await resolvedDays(actor.userId, from, to)) {
      const key = ids.get(r.metricTypeId);
      if (!key) continue;
      if (!sources.has(key)) sources.set(key, new Array<string | null>(matrix.dates.length).fill(null));
      sources.get(key)![index.get(r.localDate)!] = r.source;
    }
  }
  return computeEpisodes(matrix, { userId: actor.userId, windowDays: q.window_days, sources });
}
