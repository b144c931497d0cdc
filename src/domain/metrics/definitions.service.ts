import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import { authorize } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { METRIC_TYPES, metricTypeById } from '../metric-types/catalogue.ts';
import { DefinitionListQuery, DefinitionUpdate } from './definitions.schemas.ts';
import { MetricAutomation, MetricDefinition, type RESOLUTION_OPERATORS } from './metric.entity.ts';
import { query } from '../../db/sql.ts';

const ALL_TYPE_IDS = METRIC_TYPES.map((t) => t.id);

/** One of a definition's sources, ranked: rank 1 comes first. */
export type RankedSource = { source: string; rank: number; condition: Record<string, unknown> | null };

/** A metric definition as the services return it: its settings, its ranked sources and its automations, oldest first. */
export type Definition = {
  id: string;
  metricTypeSlug: string;
  displayName: string | null;
  enabled: boolean;
  manualFallback: boolean;
  resolutionOperator: (typeof RESOLUTION_OPERATORS)[number];
  sources: RankedSource[];
  automations: MetricAutomation[];
  createdAt: Date;
  updatedAt: Date;
};

function definitionOf(d: MetricDefinition, automations: MetricAutomation[]): Definition {
  return {
    id: d.id,
    metricTypeSlug: metricTypeById(d.metricTypeId)!.slug,
    displayName: d.displayName ?? null,
    enabled: d.enabled,
    manualFallback: d.manualFallback,
    resolutionOperator: d.resolutionOperator,
    sources: d.sources.map((s, i) => ({ source: s.source, rank: i + 1, condition: s.condition ?? null })),
    automations,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/**
 * Whether some user lacks a definition: asked first at start-up, where it is nearly always no. A
 * read costs an embedded start far less than the insert finding every row there (the insert's
 * first run fires the changes feed's statement triggers: ~0.4 s of a start, docs/decisions.md).
 */
const ANY_DEFINITION_MISSING = `
select exists (
  select 1 from users u cross join unnest($1::int2[]) as t
  where not exists (select 1 from metric_definitions d where d.user_id = u.id and d.metric_type_id = t)
) as missing`;

/**
 * Every user has a definition per metric type with the defaults (enabled, manual fallback,
 * priority, no ranked sources). Written when the user is created, and at start-up for users
 * missing some (a metric type added since), never by a read: read-only tokens cause no writes.
 * `userId` null means every user. Idempotent and safe under concurrency (the unique key decides).
 */
export async function provisionDefinitions(userId: string | null): Promise<void> {
  if (userId === null && !(await query<{ missing: boolean }>(ANY_DEFINITION_MISSING, [ALL_TYPE_IDS]))[0].missing) return;
  await query(
    `insert into metric_definitions (id, user_id, metric_type_id, created_at, updated_at)
     select gen_random_uuid(), u.id, t, now(), now() from users u cross join unnest($2::int2[]) as t
     where $1::uuid is null or u.id = $1
     on conflict (user_id, metric_type_id) do nothing`,
    [userId, ALL_TYPE_IDS],
  );
}

/** The definitions as aggregates, with their automations (one query for all of them). */
async function withAutomations(userId: string, defs: MetricDefinition[]): Promise<Definition[]> {
  const rows = defs.length
    ? await em().find(
        MetricAutomation,
        { userId, definitionId: { $in: defs.map((d) => d.id) } },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      )
    : [];
  const byDefinition = new Map<string, MetricAutomation[]>();
  for (const a of rows) byDefinition.set(a.definitionId, [...(byDefinition.get(a.definitionId) ?? []), a]);
  return defs.map((d) => definitionOf(d, byDefinition.get(d.id) ?? []));
}

/** Every metric type's definition, in catalogue order. */
export async function listDefinitions(actor: Actor, input: z.input<typeof DefinitionListQuery>): Promise<Definition[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(DefinitionListQuery, input);
  const defs = await em().find(
    MetricDefinition,
    { userId: actor.userId },
    { orderBy: { metricTypeId: 'asc' }, limit: q.limit, offset: q.offset },
  );
  return withAutomations(actor.userId, defs);
}

export async function ownDefinition(actor: Actor, definitionId: string): Promise<MetricDefinition> {
  const def = await em().findOne(MetricDefinition, { id: definitionId, userId: actor.userId });
  if (!def) throw new NotFound('Metric definition');
  return def;
}

export async function getDefinition(actor: Actor, definitionId: string): Promise<Definition> {
  authorize(actor, actor.userId, 'read');
  const def = await ownDefinition(actor, definitionId);
  return (await withAutomations(actor.userId, [def]))[0];
}

/** Rule 3: omitted fields stay; `sources`, when present, replaces the whole ranked list. */
export async function updateDefinition(actor: Actor, definitionId: string, input: z.input<typeof DefinitionUpdate>): Promise<Definition> {
  authorize(actor, actor.userId, 'write');
  const data = parse(DefinitionUpdate, input);
  const def = await ownDefinition(actor, definitionId);
  if (data.display_name !== undefined) def.displayName = data.display_name;
  if (data.enabled !== undefined) def.enabled = data.enabled;
  if (data.manual_fallback !== undefined) def.manualFallback = data.manual_fallback;
  if (data.resolution_operator !== undefined) def.resolutionOperator = data.resolution_operator;
  if (data.sources !== undefined) {
    def.sources = (data.sources ?? []).map((s) => ({ source: s.source, condition: s.condition ? { type: s.condition.type } : null }));
  }
  def.updatedAt = new Date();
  await em().flush();
  return (await withAutomations(actor.userId, [def]))[0];
}
