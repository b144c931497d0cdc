/**
 * The ntfy preset: ntfy (and similar push services) show a request's text body as the
 * notification and its Title header as the title, so an event becomes one readable line instead
 * of JSON. Only what the event is about goes in; notes and encrypted fields stay out.
 */
type Payload = Record<string, unknown>;

const TITLES: Record<string, string> = {
  'suggestion.created': 'New suggestion',
  'log_capture.parsed': 'Capture parsed',
  'health_metric.ingested': 'Readings received',
  'event.created': 'Event logged',
  'goal.met': 'Goal met',
  'episode.detected': 'Something changed',
  'narrative.created': 'New narrative',
  'calendar.sync_failed': 'Calendar sync failed',
  'import.finished': 'Import finished',
  'share.viewed': 'Share opened',
  'reminder.due': 'Reminder',
  ping: 'Test',
};

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

const MESSAGES: Record<string, (p: Payload) => string> = {
  'suggestion.created': (p) => [str(p.title), str(p.summary)].filter(Boolean).join(': '),
  'log_capture.parsed': (p) => {
    const n = Array.isArray(p.suggestions) ? p.suggestions.length : 0;
    return `${n} ${n === 1 ? 'suggestion' : 'suggestions'} from your capture`;
  },
  'health_metric.ingested': (p) => `${str(p.created_count)} new readings (${str(p.skipped_count)} already stored)`,
  'event.created': (p) => `An event at ${str(p.occurred_at)}${Array.isArray(p.tags) && p.tags.length ? ` (${p.tags.join(', ')})` : ''}`,
  'goal.met': (p) => `${str(p.label)}: ${str(p.value)} ${str(p.unit)} on ${str(p.date)} (target ${str(p.target)})`,
  'episode.detected': (p) => str(p.headline),
  'narrative.created': (p) => `Your ${str(p.period_type)} narrative for ${str(p.period_start)} to ${str(p.period_end)} is ready`,
  'calendar.sync_failed': (p) => `${str(p.source_label)}: ${str(p.last_sync_error)}`,
  'import.finished': (p) => {
    const c = (p.counts ?? {}) as Payload;
    return `${str(p.detected_format)}: ${str(p.status)}, ${str(c.created)} new, ${str(c.present)} already there`;
  },
  'share.viewed': (p) => `${str(p.label)}: opened (${str(p.views)} ${p.views === 1 ? 'view' : 'views'})`,
  'reminder.due': (p) => `Due at ${str(p.local_time)} on ${str(p.local_date)}${p.snoozed ? ' (snoozed)' : ''}`,
  ping: (p) => str(p.message),
};

/**
 * ntfy's action buttons and click target for a reminder: Done and Snooze POST to its signed links
 * (only absolute ones: without PUBLIC_URL the phone could not reach a path).
 */
function reminderHeaders(p: Payload): Record<string, string> {
  const links = (p.actions ?? {}) as Payload;
  const [page, done, snooze] = [str(links.page_url), str(links.done_url), str(links.snooze_url)];
  if (!/^https?:\/\//.test(page)) return {};
  return {
    click: page,
    actions: `http, Done, ${done}, method=POST, clear=true; http, Snooze 15 min, ${snooze}, method=POST, clear=true`,
  };
}

export function ntfyMessage(type: string, payload: unknown): { title: string; body: string; headers: Record<string, string> } {
  const p = payload && typeof payload === 'object' ? (payload as Payload) : {};
  return {
    title: type === 'reminder.due' && str(p.label) ? str(p.label) : (TITLES[type] ?? type),
    body: MESSAGES[type]?.(p) || type,
    headers: type === 'reminder.due' ? reminderHeaders(p) : {},
  };
}
