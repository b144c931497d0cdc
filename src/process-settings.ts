import type { Config } from './config.ts';
import { configureWriteBudget } from './core/write-budget.ts';
import { configureCalendar } from './domain/calendar/sync.ts';
import { configureChanges } from './domain/changes/retention.ts';
import { configureOpenFoodFacts } from './domain/food/open-food-facts.ts';
import { configureNarrativeWriter } from './domain/narratives/writer.ts';
import { configureOutbox } from './domain/outbox/outbox.service.ts';
import { configureWebhooks } from './domain/webhooks/settings.ts';
import { configureWebPush } from './domain/push/settings.ts';
import { configureImports } from './imports/settings.ts';
import { configureReminders } from './domain/reminders/settings.ts';

/**
 * The settings the domain keeps per process (module state: limits, provider addresses, allowed
 * networks, retention), from the configuration. Every process that serves or works sets them
 * before it starts (server.ts, worker.ts), all in one place so neither forgets one. A second server
 * started in the same process (tests) sets them again: the last configuration set holds for both.
 */
export function configureProcess(config: Config): void {
  configureWriteBudget(config.writeBudget);
  configureOpenFoodFacts({
    baseUrl: config.openFoodFactsUrl,
    timeoutMs: config.openFoodFactsTimeoutMs,
    networks: config.openFoodFactsNetworks,
  });
  configureCalendar({
    fetchTimeoutMs: config.calendarFetchTimeoutMs,
    maxBytes: config.calendarMaxBytes,
    feedNetworks: config.calendarFeedNetworks,
  });
  configureNarrativeWriter(config.narrativeLlm);
  configureChanges({ retentionDays: config.changesRetentionDays });
  configureOutbox({ retentionDays: config.eventsRetentionDays });
  configureWebhooks(config.webhooks);
  configureWebPush({ ...config.webPush, publicUrl: config.publicUrl });
  configureImports(config);
  configureReminders(config);
}
