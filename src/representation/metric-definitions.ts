import { z } from 'zod';
import type { Definition } from '../domain/metrics/definitions.service.ts';
import { ACTION_TYPES, RESOLUTION_OPERATORS, TRIGGER_TYPES, type MetricAutomation } from '../domain/metrics/metric.entity.ts';

const Config = z.record(z.string(), z.unknown());

export const AutomationRead = z
  .object({
    id: z.uuid(),
    enabled: z.boolean(),
    trigger_type: z.enum(TRIGGER_TYPES),
    trigger_config: Config,
    action_type: z.enum(ACTION_TYPES),
    action_config: Config,
  })
  .meta({ id: 'AutomationRead' });
export type AutomationRead = z.infer<typeof AutomationRead>;

const SourceRead = z
  .object({ source: z.string(), rank: z.number().int(), condition: z.record(z.string(), z.unknown()).nullable() })
  .meta({ id: 'SourceRead' });

export const DefinitionRead = z
  .object({
    id: z.uuid(),
    metric_type_slug: z.string(),
    display_name: z.string().nullable(),
    enabled: z.boolean(),
    manual_fallback: z.boolean(),
    resolution_operator: z.enum(RESOLUTION_OPERATORS),
    automations: z.array(AutomationRead),
    sources: z.array(SourceRead),
  })
  .meta({ id: 'DefinitionRead' });
export type DefinitionRead = z.infer<typeof DefinitionRead>;

export function presentAutomation(a: MetricAutomation): AutomationRead {
  return {
    id: a.id,
    enabled: a.enabled,
    trigger_type: a.triggerType,
    trigger_config: a.triggerConfig,
    action_type: a.actionType,
    action_config: a.actionConfig,
  };
}

export function presentDefinition(d: Definition): DefinitionRead {
  return {
    id: d.id,
    metric_type_slug: d.metricTypeSlug,
    display_name: d.displayName,
    enabled: d.enabled,
    manual_fallback: d.manualFallback,
    resolution_operator: d.resolutionOperator,
    automations: d.automations.map(presentAutomation),
    sources: d.sources.map((s) => ({ source: s.source, rank: s.rank, condition: s.condition })),
  };
}
