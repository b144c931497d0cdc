import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Conflict, Invalid, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { Category } from '../categories/category.entity.ts';
import { metricTypeById, toCanonical } from '../metric-types/catalogue.ts';
import { ACTION_CONFIGS, AutomationCreate, AutomationUpdate, TRIGGER_CONFIGS } from './automations.schemas.ts';
import { ownDefinition } from './definitions.service.ts';
import { MetricAutomation, type ACTION_TYPES, type MetricDefinition, type TRIGGER_TYPES } from './metric.entity.ts';

const MAX_PER_DEFINITION = 20;

type TriggerType = (typeof TRIGGER_TYPES)[number];
type ActionType = (typeof ACTION_TYPES)[number];

function within<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Invalid) throw new Invalid(err.issues.map((i) => ({ ...i, loc: [field, ...i.loc] })));
    throw err;
  }
}

/** Validates (and normalizes: defaults in, unknown keys out) both configs against their types. */
async function checkConfigs(
  actor: Actor,
  def: MetricDefinition,
  triggerType: TriggerType,
  triggerConfig: Record<string, unknown>,
  actionType: ActionType,
  actionConfig: Record<string, unknown>,
  actionChanged = true,
): Promise<{ trigger: Record<string, unknown>; action: Record<string, unknown> }> {
  const trigger = within('trigger_config', () => parse(TRIGGER_CONFIGS[triggerType], triggerConfig)) as Record<string, unknown>;
  const action = within('action_config', () => parse(ACTION_CONFIGS[actionType], actionConfig)) as Record<string, unknown>;
  if (triggerType === 'threshold' && trigger.unit != null) {
    const type = metricTypeById(def.metricTypeId)!;
    if (toCanonical(type.slug, 0, trigger.unit as string) === null) {
      throw Invalid.at(['trigger_config', 'unit'], `Unit "${trigger.unit as string}" cannot be converted to ${type.unit} for ${type.slug}`);
    }
  }
  // A category deleted since is only an error when the action is being set, not when, say, disabling.
  if (actionChanged && actionType === 'log_event' && action.category_id) {
    const found = await em().count(Category, { id: action.category_id as string, userId: actor.userId });
    if (!found) throw Invalid.at(['action_config', 'category_id'], 'Unknown category', 'not_found');
  }
  return { trigger, action };
}

export async function createAutomation(
  actor: Actor,
  definitionId: string,
  input: z.input<typeof AutomationCreate>,
): Promise<MetricAutomation> {
  authorize(actor, actor.userId, 'write');
  const data = parse(AutomationCreate, input);
  const def = await ownDefinition(actor, definitionId);
  const { trigger, action } = await checkConfigs(actor, def, data.trigger_type, data.trigger_config, data.action_type, data.action_config);
  const count = await em().count(MetricAutomation, { userId: actor.userId, definitionId: def.id });
  if (count >= MAX_PER_DEFINITION) throw new Conflict(`A metric can have at most ${MAX_PER_DEFINITION} automations`);
  const now = new Date();
  const automation = em().create(MetricAutomation, {
    id: newId(),
    userId: actor.userId,
    definitionId: def.id,
    enabled: data.enabled,
    triggerType: data.trigger_type,
    triggerConfig: trigger,
    actionType: data.action_type,
    actionConfig: action,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return automation;
}

async function ownAutomation(actor: Actor, definitionId: string, automationId: string): Promise<MetricAutomation> {
  const automation = await em().findOne(MetricAutomation, { id: automationId, definitionId, userId: actor.userId });
  if (!automation) throw new NotFound('Automation');
  return automation;
}

export async function updateAutomation(
  actor: Actor,
  definitionId: string,
  automationId: string,
  input: z.input<typeof AutomationUpdate>,
): Promise<MetricAutomation> {
  authorize(actor, actor.userId, 'write');
  const data = parse(AutomationUpdate, input);
  const def = await ownDefinition(actor, definitionId);
  const automation = await ownAutomation(actor, def.id, automationId);
  const triggerType = data.trigger_type ?? automation.triggerType;
  const actionType = data.action_type ?? automation.actionType;
  const { trigger, action } = await checkConfigs(
    actor,
    def,
    triggerType,
    data.trigger_config ?? automation.triggerConfig,
    actionType,
    data.action_config ?? automation.actionConfig,
    data.action_config !== undefined || data.action_type !== undefined,
  );
  if (data.enabled !== undefined) automation.enabled = data.enabled;
  automation.triggerType = triggerType;
  automation.triggerConfig = trigger;
  automation.actionType = actionType;
  automation.actionConfig = action;
  automation.updatedAt = new Date();
  await em().flush();
  return automation;
}

export async function deleteAutomation(actor: Actor, definitionId: string, automationId: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const deleted = await em().nativeDelete(MetricAutomation, { id: automationId, definitionId, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Automation');
}
