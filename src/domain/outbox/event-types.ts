/** The events the service emits, to webhooks and GraphQL subscriptions alike. */
export const EVENT_TYPES = [
  'suggestion.created',
  'log_capture.parsed',
  'health_metric.ingested',
  'event.created',
  'goal.met',
  'episode.detected',
  'narrative.created',
  'calendar.sync_failed',
  'import.finished',
  'share.viewed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Sent only to one webhook, by POST …/webhooks/{id}/test. */
export const PING = 'ping';

/** Sent only to the webhook a reminder names as its channel (domain/reminders). */
export const REMINDER_DUE = 'reminder.due';

/** Internal: the inbox's pending count moved (the inboxChanged subscription); never delivered to webhooks. */
export const INBOX_CHANGED = 'inbox.changed';

export type OutboxType = EventType | typeof PING | typeof REMINDER_DUE | typeof INBOX_CHANGED;
