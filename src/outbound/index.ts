import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { startOutboundPump, type OutboundPump } from './pump.ts';

/** With `work`, starts publishing events and delivering webhooks here (their settings: process-settings.ts). */
export async function startOutbound(
  config: Config,
  db: Pick<Database, 'orm' | 'connection'>,
  logger: Logger,
  work: boolean,
): Promise<OutboundPump> {
  if (!work) return { stop: async () => undefined };
  return startOutboundPump({ db, logger, pollMs: config.outboundPollMs, listen: config.databaseUrl !== undefined });
}
