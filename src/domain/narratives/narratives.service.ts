import { type Page, type SortKey } from '../../core/paging.ts';
import { findPage } from '../../db/find-page.ts';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { addDays } from '../insights/window.ts';
import { Narrative, type PeriodType } from './narrative.entity.ts';
import { NarrativeCreate, NarrativeListQuery } from './narratives.schemas.ts';

async function ownNarrative(actor: Actor, narrativeId: string): Promise<Narrative> {
  const narrative = await em().findOne(Narrative, { id: narrativeId, userId: actor.userId });
  if (!narrative) throw new NotFound('Narrative');
  return narrative;
}

/** A user has one narrative per period type and start: the order is a unique key. */
const NARRATIVE_ORDER = [
  { field: 'periodStart', direction: 'desc' },
  { field: 'periodType', direction: 'asc' },
] as const satisfies readonly SortKey[];

/** Rule 12: most recent week first. */
export async function pageNarratives(actor: Actor, input: z.input<typeof NarrativeListQuery>): Promise<Page<Narrative>> {
  authorize(actor, actor.userId, 'read');
  const q = parse(NarrativeListQuery, input);
  return findPage(Narrative, { userId: actor.userId }, 'narratives', actor.userId, q, NARRATIVE_ORDER, (n) => [
    n.periodStart,
    n.periodType,
  ]);
}

/** One page of narratives, without its cursor (GraphQL's list field, MCP). */
export async function listNarratives(actor: Actor, input: z.input<typeof NarrativeListQuery>): Promise<Narrative[]> {
  return (await pageNarratives(actor, input)).items;
}

export async function getNarrative(actor: Actor, narrativeId: string): Promise<Narrative> {
  authorize(actor, actor.userId, 'read');
  return ownNarrative(actor, narrativeId);
}

export async function findNarrative(userId: string, periodType: PeriodType, periodStart: string): Promise<Narrative | null> {
  return em().findOne(Narrative, { userId, periodType, periodStart });
}

export type SavedNarrative = { narrative: Narrative; created: boolean };

/**
 * Stores a week's narrative: one row per (user, period type, period start), by the database's
 * unique index (so concurrent saves of a week end as one row). `replace` (a POST, the CLI) swaps
 * the text and provenance into the existing row, keeping its id and created_at; the weekly job
 * never overwrites, and gets null when the week already had one.
 */
export async function storeNarrative(userId: string, data: NarrativeCreate, mode: 'replace' | 'keep'): Promise<SavedNarrative | null> {
  const now = new Date();
  const conflict =
    mode === 'replace'
      ? `do update set narrative_text = excluded.narrative_text, provider = excluded.provider, model_used = excluded.model_used,
           input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, updated_at = excluded.updated_at`
      : 'do nothing';
  const [row] = await query<{ id: string; created: boolean }>(
    `insert into narratives (id, user_id, period_type, period_start, period_end, narrative_text, provider, model_used,
       input_tokens, output_tokens, created_at, updated_at)
     values ($1, $2, $3, $4::date, $5::date, $6, $7, $8, $9, $10, $11, $11)
     on conflict (user_id, period_type, period_start) ${conflict}
     returning id, (xmax = 0) as created`,
    [
      newId(),
      userId,
      data.period_type,
      data.period_start,
      addDays(data.period_start, 6),
      data.narrative_text,
      data.provider ?? null,
      data.model_used ?? null,
      data.input_tokens ?? null,
      data.output_tokens ?? null,
      now,
    ],
  );
  if (!row) return null;
  const narrative = await em().findOneOrFail(Narrative, { id: row.id, userId }, { refresh: true });
  return { narrative, created: row.created };
}

/** POST /users/{user_id}/narratives: created (201), or the week's narrative replaced (200, same id). */
export async function saveNarrative(actor: Actor, input: z.input<typeof NarrativeCreate>): Promise<SavedNarrative> {
  authorize(actor, actor.userId, 'write');
  const data = parse(NarrativeCreate, input);
  return (await storeNarrative(actor.userId, data, 'replace'))!;
}
