import { calendarSyncJob, calendarSyncSourceJob } from './calendar.jobs.ts';
import { captureParseJob, captureSweepJob } from './captures.jobs.ts';
import { changesPruneJob } from './changes.jobs.ts';
import type { JobDefinition } from './job.ts';
import { outboxPruneJob } from './outbox.jobs.ts';
import { statisticsJob } from './statistics.jobs.ts';
import { suggestionExpiryJob } from './suggestions.jobs.ts';
import { missingByJob } from './metrics.jobs.ts';
import { weeklyNarrativesJob } from './narratives.jobs.ts';
import { importRunJob, importSweepJob } from './imports.jobs.ts';

/**
 * Every background job of the service, in one list. To add one, write a `defineJob({...})`
 * (name, handler, optional cron `schedule`, queue retry options) and append it here.
 * Workers in the server process (unless WORKERS=0) and in `npm run worker` run all of them.
 */
export const jobDefinitions: JobDefinition<object>[] = [
  captureParseJob(),
  captureSweepJob,
  suggestionExpiryJob,
  missingByJob,
  calendarSyncJob,
  calendarSyncSourceJob,
  weeklyNarrativesJob,
  changesPruneJob,
  outboxPruneJob,
  statisticsJob,
  importRunJob,
  importSweepJob,
];
