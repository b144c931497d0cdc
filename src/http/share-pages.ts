import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { Gone, NotFound, RateLimited, Unauthenticated } from '../core/errors.ts';
import { openShare, unlockProof, type OpenedShare, type ShareKey } from '../domain/shares/opening.ts';
import { shareMeasurements, shareReport } from '../domain/shares/report.ts';
import { tokenHashOf } from '../domain/shares/shares.service.ts';
import { FHIR_JSON, fhirBundle } from '../representation/fhir.ts';
import { messageHtml, passwordHtml, reportCsv, reportHtml } from '../representation/share-report.ts';

/**
 * A share link's pages, for a visitor without an account: /s/{token} (the report), its CSV and its
 * FHIR Bundle, and the password form's POST. The token in the path is the only credential; these
 * are pages, not API routes (HTML, a form body, a cookie), so they are mounted here beside the route
 * table and described in /openapi.json by SHARE_PAGES_OPENAPI. Every answer, an error too, is
 * never cached, never indexed, sends no Referer onward (the token is in the URL) and may load
 * nothing from anywhere: the report is one self-contained document.
 */

/** A token as createShare makes them (24 random bytes, base64url); anything else is not one. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  // Styles are inline (the page's and each chart's); no script, font, image or connection from anywhere.
  'Content-Security-Policy': [
    `default-src 'none'`,
    `style-src 'unsafe-inline'`,
    `img-src data:`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `base-uri 'none'`,
  ].join('; '),
  'X-Frame-Options': 'DENY',
};

/** The unlock cookie's name: one per share (by its token's hash), so several unlocked shares never collide. */
const cookieName = (token: string) => `share_${tokenHashOf(token).slice(0, 16)}`;

function keyOf(req: Request, token: string): ShareKey {
  const name = cookieName(token);
  const cookie = (req.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`));
  const password: unknown = (req.body as Record<string, unknown> | undefined)?.password;
  return { proof: cookie?.slice(name.length + 1), password: typeof password === 'string' ? password : undefined };
}

function page(res: Response, status: number, html: string) {
  res
    .status(status)
    .set({ ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' })
    .send(html);
}

/** A link that does not open says why on a page of its own; anything else is the app's error handler's. */
function refuse(res: Response, err: unknown, token: string, next: NextFunction) {
  if (err instanceof NotFound)
    return page(res, 404, messageHtml('Link not found', 'This link does not exist. Check that it was copied whole.'));
  if (err instanceof Gone) return page(res, 410, messageHtml('This link no longer opens', `${err.message}. Ask for a new one.`));
  if (err instanceof Unauthenticated) return page(res, 401, passwordHtml(token, err.message === 'Wrong password'));
  if (err instanceof RateLimited) {
    res.set('Retry-After', String(err.retryAfterSeconds));
    return page(res, 429, messageHtml('Too many requests', 'This link was opened too often. Try again in a few minutes.'));
  }
  next(err);
}

type Handler = (req: Request, res: Response, opened: OpenedShare, token: string) => Promise<void>;

/** Opens the share (404, 410, 401, 429 otherwise), then answers. `view`: this answer is the report itself. */
function withShare(view: boolean, handler: Handler): RequestHandler {
  return async (req, res, next) => {
    const token = String(req.params.token);
    try {
      if (!TOKEN.test(token)) throw new NotFound('Share');
      // A HEAD (a link preview) is not someone reading the report.
      const opened = await openShare(token, keyOf(req, token), { view: view && req.method !== 'HEAD' });
      await handler(req, res, opened, token);
    } catch (err) {
      if (res.headersSent) return next(err);
      refuse(res, err, token, next);
    }
  };
}

const day = () => new Date().toISOString().slice(0, 10);

export function sharePagesRouter(): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 });

  router.get(
    '/s/:token',
    withShare(true, async (_req, res, opened, token) => page(res, 200, reportHtml(await shareReport(opened), token))),
  );
  // The password form posts here. The right password answers the report (a view) and sets a cookie
  // proving it (bound to this share and its password, HttpOnly, SameSite=Strict, the /s path), so
  // the report's links and a reload open without asking again.
  router.post(
    '/s/:token',
    form,
    withShare(true, async (req, res, opened, token) => {
      if (opened.share.passwordHash) {
        const secure = req.secure ? '; Secure' : '';
        res.set('Set-Cookie', `${cookieName(token)}=${unlockProof(opened.share)}; HttpOnly; SameSite=Strict; Path=/s${secure}`);
      }
      page(res, 200, reportHtml(await shareReport(opened), token));
    }),
  );
  router.get(
    '/s/:token/csv',
    withShare(false, async (_req, res, opened) => {
      res.status(200).set({
        ...PAGE_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="lifetrack-share-${day()}.csv"`,
      });
      res.send(reportCsv(await shareReport(opened)));
    }),
  );
  router.get(
    '/s/:token/fhir',
    withShare(false, async (_req, res, opened) => {
      res.status(200).set({
        ...PAGE_HEADERS,
        'Content-Type': FHIR_JSON,
        'Content-Disposition': `attachment; filename="lifetrack-fhir-${day()}.json"`,
      });
      await fhirBundle(shareMeasurements(opened))(res);
    }),
  );
  return router;
}
