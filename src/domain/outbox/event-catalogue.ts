import type { OutboxType } from './event-types.ts';

/**
 * What emits an event: a statement trigger on a table (the outbox migration's EMITTERS, written in
 * the transaction of any writer of it) or a service that knows it happened.
 */
type Emitter = { trigger: { table: string; on: 'insert' | 'update' | 'insert, update, delete' } } | { service: string; file: string };

export type CatalogueEntry = { emitter: Emitter; when: string; payload: string };

/**
 * Every event the service emits, what emits it, when, and its payload (what a webhook's `data`
 * and a subscription's `payload` hold). docs/events.md is this table for readers; a test holds
 * both, and the database's triggers, to it.
 */
export const EVENT_CATALOGUE: Record<OutboxType, CatalogueEntry> = {
  'suggestion.created': {
    emitter: { trigger: { table: 'suggestions', on: 'insert' } },
    when: 'a suggestion enters the inbox: from a capture, stay detection, an import, an automation',
    payload: 'the suggestion as GET …/suggestions/{id} shows it',
  },
  'log_capture.parsed': {
    emitter: { trigger: { table: 'log_captures', on: 'update' } },
    when: "a capture's status becomes parsed (the worker's parse, or a re-parse)",
    payload: 'the capture as GET …/log-captures/{id} shows it, with its suggestions',
  },
  'health_metric.ingested': {
    emitter: { service: 'ingestReadings', file: 'src/domain/metrics/ingest.service.ts' },
    when: 'a batch of readings created at least one (a client batch, an accepted suggestion, an import that is not muted)',
    payload: '`{ created_count, skipped_count, metric_types, from, to }`',
  },
  'event.created': {
    emitter: { trigger: { table: 'events', on: 'insert' } },
    when: 'an event is logged, by any writer (a request, an accepted suggestion, a routine, an automation)',
    payload: 'the event as GET …/events/{id} shows it',
  },
  'goal.met': {
    emitter: { service: 'runDueChecks', file: 'src/domain/checks/checks.ts' },
    when: "a goal's period is met, found once writes to its days have paused (5 s); once per goal and period",
    payload: 'the goal as GET …/goals/{metric} shows it, with `date` and `value`',
  },
  'episode.detected': {
    emitter: { service: 'runDueChecks', file: 'src/domain/checks/checks.ts' },
    when: 'a new episode card appears for a day, found once writes to it have paused; once per card and day',
    payload: 'the episode card as the insights show it, with its `date`',
  },
  'narrative.created': {
    emitter: { trigger: { table: 'narratives', on: 'insert' } },
    when: 'a weekly narrative is stored (the language model job, or POST …/narratives)',
    payload: 'the narrative as GET …/narratives/{id} shows it',
  },
  'calendar.sync_failed': {
    emitter: { trigger: { table: 'event_sources', on: 'update' } },
    when: "a calendar feed's sync fails, once per new error (not on every retry of a feed that stays broken)",
    payload: 'the event source as GET …/event-sources/{id} shows it, with `last_sync_error`',
  },
  'import.finished': {
    emitter: { service: 'runImport', file: 'src/imports/run.ts' },
    when: 'an import ends, succeeded or failed (cancelled included)',
    payload: 'the import as GET …/imports/{id} shows it',
  },
  'share.viewed': {
    emitter: { service: 'openShare', file: 'src/domain/shares/opening.ts' },
    when: "a share link's report is opened (not its CSV or FHIR files): each view, up to the share's max_views",
    payload: 'the share as GET …/shares/{id} shows it (never its token), with `views` and `viewed_at`',
  },
  'reminder.due': {
    emitter: { service: 'runDueReminders', file: 'src/domain/reminders/scheduler.ts' },
    when: 'a reminder whose channel is a webhook (or ntfy) falls due and its condition holds: to that webhook only, once per due time',
    payload:
      'the reminder as GET …/reminders/{id} shows it, with `firing_id`, `due_at`, `local_date`, `local_time`, `snoozed` and `actions` (page_url, done_url, snooze_url)',
  },
  ping: {
    emitter: { service: 'pingWebhook', file: 'src/domain/webhooks/deliveries.service.ts' },
    when: 'POST …/webhooks/{id}/test: to that webhook only',
    payload: '`{ webhook_id, message }`',
  },
  'inbox.changed': {
    emitter: { trigger: { table: 'suggestions', on: 'insert, update, delete' } },
    when: "the inbox's pending count may have moved; internal, for the GraphQL `inboxChanged` subscription, never sent to webhooks",
    payload: '`{ pending_count }`',
  },
};
