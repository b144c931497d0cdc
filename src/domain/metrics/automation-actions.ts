import { systemActor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { createEvent } from '../events/events.service.ts';
import type { MetricType } from '../metric-types/catalogue.ts';
import { MANUAL_SOURCES } from './resolution.ts';
import { createSuggestions } from '../inbox/inbox.ts';
import { parse } from '../../core/validation.ts';
import { ACTION_CONFIGS } from './automations.schemas.ts';

/** One automation firing: what fired, for which local day, and the value that made it fire. */
export type Firing = {
  automationId: string;
  definitionId: string;
  userId: string;
  metricType: MetricType;
  triggerType: 'threshold' | 'reading_received' | 'missing_by';
  triggerConfig: Record<string, unknown>;
  actionType: 'create_suggestion' | 'log_event';
  actionConfig: Record<string, unknown>;
  localDate: string;
  at: Date;
  /** The reading or day value that triggered it (null for missing_by). */
  value: number | null;
};

function describe(f: Firing): string {
  const t = f.metricType;
  // The trigger's config as its schema (automations.schemas.ts) accepted it.
  const c = f.triggerConfig as { time?: string; operator?: string; value?: number; unit?: string | null };
  switch (f.triggerType) {
    case 'missing_by':
      return `No ${t.label.toLowerCase()} logged by ${c.time}`;
    case 'reading_received':
      return `New ${t.label.toLowerCase()} reading: ${f.value} ${t.unit}`;
    default:
      return `${t.label} ${f.value} ${t.unit} crossed the threshold (${c.operator} ${c.value}${c.unit ? ` ${c.unit}` : ''})`;
  }
}

function provenance(f: Firing): Record<string, unknown> {
  return {
    automation_id: f.automationId,
    definition_id: f.definitionId,
    metric_type_slug: f.metricType.slug,
    trigger_type: f.triggerType,
    local_date: f.localDate,
    value: f.value,
  };
}

async function logEvent(f: Firing): Promise<void> {
  // The config as its schema accepted it when the automation was saved: typed, not cast.
  const c = parse(ACTION_CONFIGS.log_event, f.actionConfig);
  const body = {
    occurred_at: f.at.toISOString(),
    local_date: f.localDate,
    category_id: c.category_id,
    tags: c.tags,
    notes: c.notes ?? describe(f),
    scalar_value: c.scalar_value ?? f.value ?? undefined,
    metadata: { automation: provenance(f) },
  };
  try {
    await createEvent(systemActor(f.userId), body, 'automation');
  } catch (err) {
    // The category was deleted after the automation was set up: log the event without it.
    if (!(err instanceof Invalid) || !body.category_id) throw err;
    await createEvent(systemActor(f.userId), { ...body, category_id: undefined }, 'automation');
  }
}

/** An inbox suggestion (source `automation`); accepting it is the suggestions area's business. */
async function suggest(f: Firing): Promise<void> {
  const c = f.actionConfig;
  const kind = (c.kind as 'event' | 'metric_reading' | undefined) ?? (f.triggerType === 'missing_by' ? 'metric_reading' : 'event');
  const t = f.metricType;
  const base =
    kind === 'metric_reading'
      ? { metric_type_slug: t.slug, unit: t.unit, source: MANUAL_SOURCES[0], local_date: f.localDate }
      : { local_date: f.localDate, ...(f.value === null ? {} : { scalar_value: f.value }) };
  await createSuggestions(f.userId, [
    {
      kind,
      source: 'automation',
      title: (c.title as string | undefined) ?? describe(f),
      summary: (c.summary as string | undefined) ?? describe(f),
      occurredAt: f.at,
      payload: { ...base, ...((c.payload as Record<string, unknown> | undefined) ?? {}) },
      provenance: provenance(f),
    },
  ]);
}

export async function performAction(f: Firing): Promise<void> {
  if (f.actionType === 'log_event') await logEvent(f);
  else await suggest(f);
}
