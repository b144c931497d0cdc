import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { withContext } from '../db/context.ts';
import { runDueChecks } from '../domain/checks/checks.ts';
import { runDueReminders } from '../domain/reminders/scheduler.ts';
import { claimDue, recheckClaim, recordAttempt, type ClaimedDelivery } from '../domain/webhooks/deliveries.service.ts';
import { storedPayloads } from './payloads.ts';
import { outboundWork, publishPending } from './publisher.ts';
import { send } from './sender.ts';

/**
 * Deliveries in flight per process: receivers are slow in parallel, not the database. Their share
 * per account and per host is the claim's (WEBHOOK_MAX_IN_FLIGHT_PER_USER, _PER_HOST).
 */
const MAX_IN_FLIGHT = 8;

export type OutboundPump = { stop(): Promise<void> };

/**
 * The outbound side of a process that runs workers: publishes new events, runs the due goal and
 * episode checks and the due reminders (domain/reminders/scheduler.ts), and posts due webhook deliveries, each step from the database's rows (nothing
 * is held only in memory, so a restart or a kill -9 loses nothing). It wakes every `pollMs`,
 * and at once on PostgreSQL when a trigger or service announces an event (LISTEN); the embedded
 * database has one session, so there it polls. Stopping waits for the posts in flight (each
 * bounded by WEBHOOK_TIMEOUT_MS); an unfinished one is due again when its lease runs out.
 */
export async function startOutboundPump(opts: {
  db: Pick<Database, 'orm' | 'connection'>;
  logger: Logger;
  pollMs: number;
  listen: boolean;
}): Promise<OutboundPump> {
  const log = opts.logger.child({ component: 'outbound' });
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  /**
   * Posts a claim and records how it went. Just before the post the webhook is read again: one
   * deleted, erased with its account or disabled since the claim gets nothing, and a changed URL
   * or secret is the one used.
   */
  const deliver = (claimed: ClaimedDelivery) => {
    const run = withContext(() => recheckClaim(claimed), opts.db.orm)
      .then(async (claim) => {
        if (!claim) return;
        const outcome = await send(claim);
        await withContext(() => recordAttempt(claim, outcome), opts.db.orm);
      })
      .then(() => wake())
      .catch((err: unknown) =>
        log.error({ err, delivery: claimed.id }, 'a delivery attempt failed to run or be recorded; its lease brings it back'),
      )
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  };

  const tick = async () => {
    await withContext(async () => {
      // One statement when idle (most rounds), instead of a transaction per step.
      const work = await outboundWork();
      if (work.unpublished) while ((await publishPending()) > 0 && !stopped);
      // Events the checks emitted go out in this same round.
      if (work.checks && (await runDueChecks()) > 0) await publishPending();
      if (work.reminders && (await runDueReminders()) > 0) await publishPending();
      const free = MAX_IN_FLIGHT - inFlight.size;
      if (free <= 0 || stopped || !(work.deliveries || work.unpublished || work.checks || work.reminders)) return;
      const claims = await claimDue(free);
      const payloads = await storedPayloads(claims.map((c) => c.event));
      for (const claim of claims) deliver({ ...claim, event: { ...claim.event, payload: payloads.get(claim.event.id) ?? null } });
    }, opts.db.orm);
  };

  /** Runs a round now, or right after the one in progress. */
  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = tick()
      .catch((err: unknown) => log.error({ err }, 'outbound round failed'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(wake);
        } else timer = setTimeout(wake, opts.pollMs);
      });
  }

  let listener: pg.Client | undefined;
  if (opts.listen) {
    const c = opts.db.connection;
    listener = new pg.Client({ host: c.host, port: c.port, user: c.user, password: c.password, database: c.database });
    listener.on('notification', () => wake());
    // A lost LISTEN connection leaves polling, which still finds everything.
    listener.on('error', (err) => log.warn({ err }, 'event notifications lost; polling'));
    try {
      await listener.connect();
      await listener.query('listen lifetrack_outbox');
    } catch (err) {
      log.warn({ err }, 'could not listen for events; polling');
      await listener.end().catch(() => undefined);
      listener = undefined;
    }
  }
  wake();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.all(inFlight);
      await listener?.end().catch(() => undefined);
    },
  };
}
