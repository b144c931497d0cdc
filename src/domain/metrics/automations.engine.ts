import { localDateOf } from '../../core/clock.ts';
import { em } from '../../db/context.ts';
import { metricTypeById, toCanonical } from '../metric-types/catalogue.ts';
import { performAction, type Firing } from './automation-actions.ts';
import { resolveDays } from './resolution.ts';
import { query } from '../../db/sql.ts';

/**
 * The automation engine. `threshold` and `reading_received` run inside the ingest transaction, on
 * the readings that batch actually created and only for the user's current local day (a backfill of
 * history never fires anything); `missing_by` runs from a periodic job. The firing log's primary key
 * (user, automation, local day) is claimed before the action runs, so an automation fires at most
 * once per local day, whatever the concurrency.
 */
type AutomationRow = {
  id: string;
  user_id: string;
  definition_id: string;
  metric_type_id: number;
  trigger_type: 'threshold' | 'reading_received' | 'missing_by';
  trigger_config: Record<string, unknown>;
  action_type: 'create_suggestion' | 'log_event';
  action_config: Record<string, unknown>;
  timezone: string;
};

const AUTOMATION_COLUMNS = `a.id::text as id, a.user_id::text as user_id, a.definition_id::text as definition_id,
  d.metric_type_id::int as metric_type_id, a.trigger_type, a.trigger_config, a.action_type, a.action_config, u.timezone`;

async function claim(a: AutomationRow, localDate: string, now: Date): Promise<boolean> {
  const rows = await query(
    `insert into metric_automation_firings (user_id, automation_id, local_date, fired_at) values ($1, $2, $3::date, $4)
     on conflict do nothing returning 1`,
    [a.user_id, a.id, localDate, now],
  );
  return rows.length > 0;
}

async function fire(a: AutomationRow, localDate: string, now: Date, value: number | null): Promise<boolean> {
  if (!(await claim(a, localDate, now))) return false;
  const firing: Firing = {
    automationId: a.id,
    definitionId: a.definition_id,
    userId: a.user_id,
    metricType: metricTypeById(a.metric_type_id)!,
    triggerType: a.trigger_type,
    triggerConfig: a.trigger_config,
    actionType: a.action_type,
    actionConfig: a.action_config,
    localDate,
    at: now,
    value,
  };
  await performAction(firing);
  return true;
}

function crosses(value: number, config: Record<string, unknown>, slug: string): boolean {
  const limit = toCanonical(slug, config.value as number, (config.unit as string | null | undefined) ?? null);
  if (limit === null) return false;
  switch (config.operator) {
    case 'gt':
      return value > limit;
    case 'gte':
      return value >= limit;
    case 'lt':
      return value < limit;
    case 'lte':
      return value <= limit;
    default:
      return false;
  }
}

/**
 * What the ingest-time triggers read of the readings a batch created (the rows the database
 * actually inserted): their metric types, and those of one local day, in batch order. Read from
 * the batch's columns, so a 10,000-reading batch builds no object per reading for this.
 */
export type CreatedFacts = {
  typeIds: readonly number[];
  onDay(localDate: string): { metricTypeId: number; source: string; value: number }[];
};

/** Ingest-time triggers for the readings a batch created. Returns how many automations fired. */
export async function runReadingAutomations(userId: string, createdReadings: CreatedFacts, now = new Date()): Promise<number> {
  const automations = await query<AutomationRow>(
    `select ${AUTOMATION_COLUMNS}
     from metric_automations a
     join metric_definitions d on d.id = a.definition_id and d.user_id = a.user_id
     join users u on u.id = a.user_id
     where a.user_id = $1 and a.enabled and d.enabled
       and a.trigger_type in ('threshold', 'reading_received') and d.metric_type_id = any($2::int2[])
     order by a.id`,
    [userId, createdReadings.typeIds],
  );
  if (!automations.length) return 0;
  const today = localDateOf(now, automations[0].timezone);
  const created = createdReadings.onDay(today);
  let fired = 0;
  for (const a of automations) {
    const source = a.trigger_config.source as string | null | undefined;
    const readings = created.filter((r) => r.metricTypeId === a.metric_type_id && (source == null || r.source === source));
    if (!readings.length) continue;
    const slug = metricTypeById(a.metric_type_id)!.slug;
    if (a.trigger_type === 'reading_received') {
      if (await fire(a, today, now, readings.at(-1)!.value)) fired++;
    } else if (a.trigger_config.basis === 'reading') {
      const hit = readings.find((r) => crosses(r.value, a.trigger_config, slug));
      if (hit && (await fire(a, today, now, hit.value))) fired++;
    } else {
      const [day] = await resolveDays(userId, today, today, [a.metric_type_id]);
      if (day && crosses(day.value, a.trigger_config, slug) && (await fire(a, today, now, day.value))) fired++;
    }
  }
  return fired;
}

/**
 * `missing_by`: every enabled automation whose local time has passed its `time` today with no
 * reading of its metric today (optionally from its `source`) fires, once per local day. Run it often
 * (the job does every 15 minutes): each user's day ends at a different instant. Returns how many fired.
 */
export async function runMissingByAutomations(now: Date): Promise<number> {
  const due = await query<AutomationRow & { local_date: string }>(
    `select ${AUTOMATION_COLUMNS}, (($1::timestamptz) at time zone u.timezone)::date::text as local_date
     from metric_automations a
     join metric_definitions d on d.id = a.definition_id and d.user_id = a.user_id
     join users u on u.id = a.user_id
     where a.trigger_type = 'missing_by' and a.enabled and d.enabled
       and to_char(($1::timestamptz) at time zone u.timezone, 'HH24:MI') >= a.trigger_config->>'time'
       and not exists (
         select 1 from metric_automation_firings f
         where f.user_id = a.user_id and f.automation_id = a.id
           and f.local_date = (($1::timestamptz) at time zone u.timezone)::date)
       and not exists (
         select 1 from health_metric_days h
         where h.user_id = a.user_id and h.local_date = (($1::timestamptz) at time zone u.timezone)::date
           and h.metric_type_id = d.metric_type_id
           and (a.trigger_config->>'source' is null or h.source = a.trigger_config->>'source'))
     order by a.user_id, a.id`,
    [now],
  );
  let fired = 0;
  let failure: Error | undefined;
  for (const a of due) {
    // One transaction per automation: one user's failing action does not hold back the others.
    try {
      if (await em().transactional(() => fire(a, a.local_date, now, null))) fired++;
    } catch (err) {
      failure ??= err instanceof Error ? err : new Error(`missing_by automation failed: ${String(err)}`);
    }
  }
  if (failure) throw failure;
  return fired;
}
