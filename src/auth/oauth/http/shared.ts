import express, { type Request, type Response } from 'express';

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
export const body = (req: Request): Record<string, unknown> => {
  const parsed: unknown = req.body;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
};
