import type { Logger } from 'pino';
import { systemActor } from '../../core/actor.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { buildDigest, lastWholeWeek, type NarrativeDigest } from './digest.ts';
import { WeekInput } from './narratives.schemas.ts';
import { findNarrative, storeNarrative, type SavedNarrative } from './narratives.service.ts';
import { narrativeWriter, writeNarrative } from './writer.ts';

export type Generated = SavedNarrative & { digest: NarrativeDigest };

/**
 * Writes one week's narrative with the configured model from the week's digest, and stores it
 * with its provenance. `replace` (the CLI) swaps it into an existing one; `keep` (the weekly job)
 * never overwrites and gives null when the week already has one. A model failure throws
 * (Unavailable) before anything is stored.
 */
export async function generateNarrative(userId: string, week: unknown, mode: 'replace' | 'keep'): Promise<Generated | null> {
  const { week: periodStart } = parse(WeekInput, { week });
  const digest = await buildDigest(systemActor(userId), periodStart);
  const written = await writeNarrative(digest.text);
  const saved = await storeNarrative(
    userId,
    {
      period_type: 'week',
      period_start: periodStart,
      narrative_text: written.text,
      provider: written.provider,
      model_used: written.modelUsed,
      input_tokens: written.inputTokens,
      output_tokens: written.outputTokens,
    },
    mode,
  );
  return saved && { ...saved, digest };
}

export type WeeklyRun = { generated: number; skipped: number; failed: number };

/**
 * The weekly job's pass: for each user, the last whole week (Monday to Sunday) in the user's own
 * timezone gets a narrative once, if it has any data and none yet. One user's failure is logged
 * and does not stop the others; the next run tries that week again.
 */
export async function runWeeklyNarratives(now: Date, logger: Logger): Promise<WeeklyRun> {
  const run: WeeklyRun = { generated: 0, skipped: 0, failed: 0 };
  if (!narrativeWriter()) {
    logger.debug('No narrative model configured (NARRATIVE_LLM_URL, NARRATIVE_LLM_MODEL): no weekly narratives');
    return run;
  }
  const users = await query<{ id: string; timezone: string }>('select id, timezone from users order by id');
  for (const user of users) {
    em().clear();
    const week = lastWholeWeek(now, user.timezone);
    try {
      if (await findNarrative(user.id, 'week', week)) {
        run.skipped++;
        continue;
      }
      const digest = await buildDigest(systemActor(user.id), week);
      if (!digest.hasData) {
        run.skipped++;
        continue;
      }
      const saved = await generateNarrative(user.id, week, 'keep');
      if (saved) run.generated++;
      else run.skipped++;
    } catch (err) {
      run.failed++;
      logger.warn({ userId: user.id, week, err: (err as Error).message }, 'weekly narrative not written');
    }
  }
  return run;
}
