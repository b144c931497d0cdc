import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { configureOutbox } from '../domain/outbox/outbox.service.ts';
import { configureWebhooks } from '../domain/webhooks/settings.ts';
import { startOutboundPump, type OutboundPump } from './pump.ts';

/** Configures events and webhooks from the settings; with `work`, starts publishing and delivering here too. */
export async function startOutbound(
  config: Config,
  db: Pick<Database, 'orm' | 'connection'>,
  logger: Logger,
  work: boolean,
): Promise<OutboundPump> {
  configureOutbox({ retentionDays: config.eventsRetentionDays });
  configureWebhooks(config.webhooks);
  if (!work) return { stop: async () => undefined };
  return startOutboundPump({ db, logger, pollMs: config.outboundPollMs, listen: config.databaseUrl !== undefined });
}
