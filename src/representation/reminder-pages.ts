import type { Firing } from '../domain/reminders/firings.ts';
import type { Reminder } from '../domain/reminders/reminder.entity.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}' +
  'form{display:inline-block;margin:0 .5rem .5rem 0}button{font:inherit;padding:.5rem 1rem;border-radius:.4rem;border:1px solid #888;background:#f4f4f4}';

const shell = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

/**
 * The page a reminder's message links to: what it is, and two buttons that POST (a GET changes
 * nothing, so a link preview or a prefetch cannot mark anything done).
 */
export function reminderPageHtml(reminder: Reminder, firing: Firing, token: string): string {
  const state = firing.action === 'done' ? '<p>Marked done.</p>' : firing.action === 'snoozed' ? '<p>Snoozed.</p>' : '';
  return shell(
    reminder.label,
    `<h1>${esc(reminder.label)}</h1><p>Due at ${esc(firing.localTime)} on ${esc(firing.localDate)}${firing.snoozed ? ' (snoozed)' : ''}.</p>${state}` +
      `<form method="post" action="/r/${token}/done"><button>Done</button></form>` +
      [15, 60]
        .map(
          (m) =>
            `<form method="post" action="/r/${token}/snooze"><input type="hidden" name="minutes" value="${m}"><button>Snooze ${m === 60 ? '1 hour' : `${m} min`}</button></form>`,
        )
        .join(''),
  );
}

export const reminderMessageHtml = (title: string, detail: string) => shell(title, `<h1>${esc(title)}</h1><p>${esc(detail)}</p>`);
