import type { Actor } from '../../core/actor.ts';
import { authorize } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { METRIC_TYPES, metricTypeById } from './catalogue.ts';
import { toAutomationRead } from './automations.service.ts';
import { DefinitionListQuery, DefinitionUpdate, type DefinitionRead } from './definitions.schemas.ts';
import { MetricAutomation, MetricDefinition } from './metric.entity.ts';
import { query } from '../../db/sql.ts';

const ALL_TYPE_IDS = METRIC_TYPES.map((t) => t.id);

export function toDefinitionRead(d: MetricDefinition, automations: MetricAutomation[]): DefinitionRead {
  return {
    id: d.id,
    metric_type_slug: metricTypeById(d.metricTypeId)!.slug,
    display_name: d.displayName ?? null,
    enabled: d.enabled,
    manual_fallback: d.manualFallback,
    resolution_operator: d.resolutionOperator,
    automations: automations.map(toAutomationRead),
    sources: d.sources.map((s, i) => ({ source: s.source, rank: i + 1, condition: s.condition ?? null })),
  };
}

/**
 * Every user has a definition per metric type with the defaults (enabled, manual fallback,
 * priority, no ranked sources). Written when the user is created, and at start-up for users
 * missing some (a metric type added since), never by a read: read-only tokens cause no writes.
 * `userId` null means every user. Idempotent and safe under concurrency (the unique key decides).
 */
export async function provisionDefinitions(userId: string | null): Promise<void> {
  await query(
    `insert into metric_definitions (id, user_id, metric_type_id, created_at, updated_at)
     select gen_random_uuid(), u.id, t, now(), now() from users u cross join unnest($2::int2[]) as t
     where $1::uuid is null or u.id = $1
     on conflict (user_id, metric_type_id) do nothing`,
    [userId, ALL_TYPE_IDS],
  );
}

async function automationsOf(userId: string, definitionIds: string[]): Promise<Map<string, MetricAutomation[]>> {
  const rows = definitionIds.length
    ? await em().find(MetricAutomation, { userId, definitionId: { $in: definitionIds } }, { orderBy: { createdAt: 'asc', id: 'asc' } })
    : [];
  const byDefinition = new Map<string, MetricAutomation[]>();
  for (const a of rows) byDefinition.set(a.definitionId, [...(byDefinition.get(a.definitionId) ?? []), a]);
  return byDefinition;
}

/** Every metric type's definition, in catalogue order. */
export async function listDefinitions(actor: Actor, input: unknown): Promise<DefinitionRead[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(DefinitionListQuery, input);
  const defs = await em().find(
    MetricDefinition,
    { userId: actor.userId },
    { orderBy: { metricTypeId: 'asc' }, limit: q.limit, offset: q.offset },
  );
  const automations = await automationsOf(actor.userId, defs.map((d) => d.id));
  return defs.map((d) => toDefinitionRead(d, automations.get(d.id) ?? []));
}

export async function ownDefinition(actor: Actor, definitionId: string): Promise<MetricDefinition> {
  const def = await em().findOne(MetricDefinition, { id: definitionId, userId: actor.userId });
  if (!def) throw new NotFound('Metric definition');
  return def;
}

export async function getDefinition(actor: Actor, definitionId: string): Promise<DefinitionRead> {
  authorize(actor, actor.userId, 'read');
  const def = await ownDefinition(actor, definitionId);
  return toDefinitionRead(def, (await automationsOf(actor.userId, [def.id])).get(def.id) ?? []);
}

/** Rule 3: omitted fields stay; `sources`, when present, replaces the whole ranked list. */
export async function updateDefinition(actor: Actor, definitionId: string, input: unknown): Promise<DefinitionRead> {
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
  return toDefinitionRead(def, (await automationsOf(actor.userId, [def.id])).get(def.id) ?? []);
}
