import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RateLimited } from '../../../core/errors.ts';
import { CARRIED, CONSENT_STYLE_HASH, renderConsentPage, renderErrorPage } from '../consent-page.ts';
import { AuthorizeError } from '../oauth.errors.ts';
import {
  checkAuthorization,
  decideAuthorization,
  describeResource,
  redirectBack,
  type Authorization,
  type Decision,
} from '../authorization.service.ts';
import * as S from '../oauth.schemas.ts';
import { body, noStore, paths } from './shared.ts';
import { publicUrls, type PublicUrls } from '../../../http/public-url.ts';

/**
 * GET and POST /oauth/authorize: the sign-in and consent page a person sees, and its form. Errors
 * here are shown on the page or sent back to the client as a redirect, never as JSON.
 */

/**
 * The page's headers: never cached or framed, no script, its one stylesheet, and a form that may
 * post here and follow the redirect to the application (Chromium applies form-action to it).
 */
function pageHeaders(res: Response, formTarget?: string) {
  noStore(res).set({
    'Content-Security-Policy': [
      `default-src 'none'`,
      `style-src ${CONSENT_STYLE_HASH}`,
      `img-src 'none'`,
      `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`,
      `frame-ancestors 'none'`,
      `base-uri 'none'`,
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Content-Type': 'text/html; charset=utf-8',
  });
}

function showError(res: Response, status: number, message: string, back?: { href: string; host: string }) {
  pageHeaders(res);
  res.status(status).send(renderErrorPage(message, back));
}

type PageState = { email: string; password: string; showTotp: boolean; error?: string; notice?: string };

function showPage(res: Response, urls: PublicUrls, request: Authorization, raw: Record<string, unknown>, status: number, state: PageState) {
  const redirectOrigin = new URL(request.redirectUri).origin;
  pageHeaders(res, redirectOrigin);
  const carried = Object.fromEntries(CARRIED.map((k) => [k, typeof raw[k] === 'string' ? raw[k] : ''])) as Record<
    (typeof CARRIED)[number],
    string
  >;
  res.status(status).send(
    renderConsentPage({
      clientName: request.client.clientName,
      redirectOrigin,
      resourceDescription: describeResource(urls, request.resource),
      carried,
      formAction: `${urls.base}${paths.authorize}`,
      ...state,
    }),
  );
}

/**
 * A broken request, before anyone signed in: on the page, with a link back to the client (its
 * error and state) for the user to follow. Redirecting at once would let any registered client
 * use this server as an open redirector (RFC 9700 4.11.2).
 */
function refuseRequest(res: Response, urls: PublicUrls, err: AuthorizeError) {
  if (!err.redirect) return showError(res, 400, err.message);
  const href = redirectBack(urls, err.redirect, { error: err.error, error_description: err.message });
  showError(res, 400, err.message, { href, host: new URL(href).host });
}

/** A refusal after the user acted on the form (deny, an unknown action): back to the client with the state. */
function refuse(res: Response, urls: PublicUrls, err: AuthorizeError) {
  if (!err.redirect) return showError(res, 400, err.message);
  noStore(res).redirect(302, redirectBack(urls, err.redirect, { error: err.error, error_description: err.message }));
}

const RETRY_MESSAGES: Record<Extract<Decision, { retry: unknown }>['retry'], string> = {
  missing_credentials: 'Enter your email and password.',
  wrong_credentials: 'Incorrect email or password.',
  totp_required: '',
  wrong_code: 'Incorrect authentication code. Enter the current code from your authenticator app.',
};

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m <= 1 ? 'a minute' : `${m} minutes`;
}

export async function getAuthorize(req: Request, res: Response) {
  const urls = publicUrls(req);
  const raw = { ...req.query } as Record<string, unknown>;
  let request: Authorization;
  try {
    request = await checkAuthorization(urls, raw);
  } catch (err) {
    if (err instanceof AuthorizeError) return refuseRequest(res, urls, err);
    throw err;
  }
  showPage(res, urls, request, raw, 200, { email: '', password: '', showTotp: false });
}

export async function postAuthorize(req: Request, res: Response) {
  const urls = publicUrls(req);
  const raw = body(req);
  const parsed = S.AuthorizeForm.safeParse(raw);
  if (!parsed.success) return showError(res, 400, 'Every field of the form must be given exactly once.');
  const f = parsed.data;
  let request: Authorization;
  let decision: Decision;
  try {
    request = await checkAuthorization(urls, f);
  } catch (err) {
    if (err instanceof AuthorizeError) return refuseRequest(res, urls, err);
    throw err;
  }
  // The form carries the request's fields as given (defaults included), so a re-render keeps them.
  const carried = { ...f } as Record<string, unknown>;
  const wantsTotp = f.totp_code !== '';
  try {
    decision = await decideAuthorization(urls, request, f, { ip: req.ip ?? 'unknown' });
  } catch (err) {
    if (err instanceof AuthorizeError) return refuse(res, urls, err);
    if (err instanceof RateLimited) {
      res.set('Retry-After', String(err.retryAfterSeconds));
      return showPage(res, urls, request, carried, 429, {
        email: f.email,
        password: '',
        showTotp: wantsTotp,
        error: `Too many sign-in attempts. Try again in ${minutes(err.retryAfterSeconds)}.`,
      });
    }
    throw err;
  }
  if ('redirectTo' in decision) return noStore(res).redirect(302, decision.redirectTo);
  if (decision.retry === 'totp_required') {
    return showPage(res, urls, request, carried, 200, {
      email: decision.email,
      password: f.password,
      showTotp: true,
      notice: 'Two-factor sign-in is on for this account: enter the code from your authenticator app.',
    });
  }
  showPage(res, urls, request, carried, 400, {
    email: decision.email,
    // The password is kept only when it was right and the code was not.
    password: decision.retry === 'wrong_code' ? f.password : '',
    showTotp: wantsTotp || decision.retry === 'wrong_code',
    error: RETRY_MESSAGES[decision.retry],
  });
}

export function pageRoute(handler: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return async (req, res, next) => {
    try {
      await handler(req, res);
    } catch (err) {
      next(err);
    }
  };
}

/** A form the parser could not read: said on the page. */
export function formUnreadable(err: unknown, _req: Request, res: Response, next: NextFunction) {
  const e = err as { type?: string; status?: number };
  if (typeof e?.type === 'string' && e.status && e.status < 500) return showError(res, 400, 'The form could not be read.');
  next(err);
}
