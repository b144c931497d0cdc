import express, { type Request, type Response } from 'express';
import { asInput } from '../../../core/validation.ts';

/** What every OAuth endpoint shares: where each one is, its cache headers, and how a form body is read. */
const FORM_LIMIT = '32kb';

export const paths = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
};

export const noStore = (res: Response) => res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });

export const form = [express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 50 })];
/** The request's fields (a form, or registration's JSON), typed as the service's input (it parses them). */
export const body = <T = Record<string, unknown>>(req: Request): T => {
  const parsed: unknown = req.body;
  return asInput<T>(parsed && typeof parsed === 'object' ? parsed : {});
};
