import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { em } from '../../db/context.ts';
import { isRetryable } from '../../db/sql.ts';
import { emitEvent } from '../outbox/outbox.service.ts';
import { runReadingAutomations } from './automations.engine.ts';
import { readBatch } from './ingest-batch.ts';
import { EMPTY, IngestResult } from './ingest-result.ts';
import { insert } from './ingest-statement.ts';
import type { HealthMetricBatch } from './metrics.schemas.ts';

/**
 * Bulk ingest (a client's batch, and accepted metric-reading suggestions): validates every
 * reading first (any bad one is Invalid, nothing written), converts units, inserts in one
 * transaction with dedup by the database, and runs the ingest-time automations on the new rows.
 * `whileCommitting` is given the result while its COMMIT is in flight (a caller's own work on it,
 * such as writing the answer, done in time Node would spend waiting); it may run for an attempt
 * whose COMMIT then fails, so only what the returned result matches counts.
 */
export async function ingestReadings(
  actor: Actor,
  input: z.input<typeof HealthMetricBatch>,
  whileCommitting?: (result: IngestResult) => void,
): Promise<IngestResult> {
  authorize(actor, actor.userId, 'write');
  const batch = readBatch(input);
  const { createdAt } = batch;
  if (batch.size === 0) return new IngestResult(actor.userId, createdAt, EMPTY, { positions: [], days: [] });
  const nested = em().getTransactionContext() !== undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await em().transactional(async () => {
        const result = new IngestResult(actor.userId, createdAt, batch, await insert(actor.userId, batch));
        if (result.createdCount) {
          await runReadingAutomations(actor.userId, result.facts());
          await emitEvent(actor.userId, 'health_metric.ingested', result.summary());
        }
        // Runs once the COMMIT is sent (setImmediate comes after the microtasks that send it) and
        // before its answer is read: Node would otherwise sit idle while the database commits.
        if (whileCommitting && !nested) setImmediate(() => whileCommitting(result));
        return result;
      });
    } catch (err) {
      // Batches lock keys in one order, so a deadlock should not happen; if the database still
      // picks this transaction as a victim, the whole batch is simply tried again.
      if (nested || attempt >= 3 || !isRetryable(err)) throw err;
    }
  }
}
