import type { TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** Readings and requests shared by the metrics, days and goals tests. */
export type Reading = {
  metric_type_slug: string;
  recorded_at: string;
  source: string;
  value: number;
  source_id?: string | null;
  unit?: string | null;
  metadata?: Record<string, unknown>;
  reading_group_id?: string | null;
};

export function reading(overrides: Partial<Reading> = {}): Reading {
  return { metric_type_slug: 'steps', recorded_at: '2026-03-01T12:00:00Z', source: 'watch', value: 1000, ...overrides };
}

export async function ingest(server: Pick<TestServer, 'api'>, user: TestUser, readings: unknown[]) {
  return server.api().post(`/users/${user.id}/health/metrics`).set(user.auth).send({ readings });
}

/** Ingests and insists on 200. */
export async function ingestOk(server: Pick<TestServer, 'api'>, user: TestUser, readings: unknown[]) {
  const res = await ingest(server, user, readings);
  if (res.status !== 200) throw new Error(`ingest failed: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body as { created: { id: string; source_id: string | null; value: number }[]; skipped_count: number };
}

export async function allReadings(
  server: Pick<TestServer, 'api'>,
  user: TestUser,
  query = '',
): Promise<{ id: string; source: string; source_id: string | null; value: number }[]> {
  const out = [];
  for (let offset = 0; ; offset += 500) {
    const res = await server.api().get(`/users/${user.id}/health/metrics?limit=500&offset=${offset}${query}`).set(user.auth);
    if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
    out.push(...res.body);
    if (res.body.length < 500) return out;
  }
}

export async function definitionOf(server: Pick<TestServer, 'api'>, user: TestUser, slug: string) {
  const res = await server.api().get(`/users/${user.id}/metric-definitions?limit=500`).set(user.auth);
  if (res.status !== 200) throw new Error(`definitions failed: ${res.status}`);
  return res.body.find((d: { metric_type_slug: string }) => d.metric_type_slug === slug) as { id: string } & Record<string, unknown>;
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * A plan's node that sorts every row it is given. A readings list read in its index's order has at
 * most an Incremental Sort above the index scan (the ties of one recorded_at put in id order), never this.
 */
export const WHOLE_SORT = /(^|->)\s*Sort\s+\(/m;
