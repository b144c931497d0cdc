import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { Conflict, Gone, Invalid, NotFound } from '../core/errors.ts';
import { ACTION_TOKEN, markDone, openAction, snooze } from '../domain/reminders/actions.ts';
import { localTimeOf } from '../domain/reminders/schedule.ts';
import { presentFiring } from '../representation/reminders.ts';
import { reminderMessageHtml, reminderPageHtml } from '../representation/reminder-pages.ts';

/**
 * A reminder's signed links, for whoever holds the message (a phone's notification, a browser):
 * /r/{token} (a page with Done and Snooze), and the two actions, POST /r/{token}/done and
 * /r/{token}/snooze. The token (the firing's id and a MAC under the server's key) is the only
 * credential and names one due time. Pages, not API routes, so mounted beside the route table and
 * described in /openapi.json by REMINDER_LINKS_OPENAPI. An action answers JSON to a client that
 * asks for it (a service worker, a script), a page otherwise.
 */
const HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
};

function page(res: Response, status: number, html: string) {
  res
    .status(status)
    .set({ ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' })
    .send(html);
}

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

function refuse(req: Request, res: Response, err: unknown, next: NextFunction) {
  if (wantsJson(req)) return next(err);
  if (err instanceof NotFound)
    return page(res, 404, reminderMessageHtml('Link not found', 'This link does not exist. Check that it was copied whole.'));
  if (err instanceof Gone) return page(res, 410, reminderMessageHtml('This link no longer works', `${err.message}.`));
  if (err instanceof Conflict) return page(res, 409, reminderMessageHtml('Already done', err.message));
  if (err instanceof Invalid) return page(res, 422, reminderMessageHtml('Not a valid snooze', 'Snooze for 1 to 720 minutes.'));
  next(err);
}

const guarded =
  (handler: (req: Request, res: Response, token: string) => Promise<void>): RequestHandler =>
  async (req, res, next) => {
    const token = String(req.params.token);
    try {
      if (!ACTION_TOKEN.test(token)) throw new NotFound('Reminder link');
      await handler(req, res, token);
    } catch (err) {
      refuse(req, res, err instanceof Invalid ? new Invalid(err.issues.map((i) => ({ ...i, loc: ['body', ...i.loc] }))) : err, next);
    }
  };

export function reminderLinksRouter(): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 2 });
  const json = express.json({ limit: '1kb' });

  router.get(
    '/r/:token',
    guarded(async (_req, res, token) => {
      const { reminder, firing } = await openAction(token);
      page(res, 200, reminderPageHtml(reminder, firing, token));
    }),
  );
  router.post(
    '/r/:token/done',
    guarded(async (req, res, token) => {
      const firing = await markDone(token);
      if (wantsJson(req)) res.status(200).set(HEADERS).json(presentFiring(firing));
      else page(res, 200, reminderMessageHtml('Done', 'Marked done.'));
    }),
  );
  router.post(
    '/r/:token/snooze',
    form,
    json,
    guarded(async (req, res, token) => {
      const minutes = ((req.body as Record<string, unknown> | undefined)?.minutes ?? req.query.minutes) as number | undefined;
      const { firing, until, reminder } = await snooze(token, { minutes });
      if (wantsJson(req))
        res
          .status(200)
          .set(HEADERS)
          .json({ ...presentFiring(firing), snoozed_until: until.toISOString() });
      else page(res, 200, reminderMessageHtml('Snoozed', `It comes again at ${localTimeOf(until, reminder.timezone)}.`));
    }),
  );
  return router;
}
