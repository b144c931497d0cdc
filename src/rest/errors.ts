import type { ErrorRequestHandler, Response } from 'express';
import { ConnectionException } from '@mikro-orm/core';
import { DomainError, Invalid, RateLimited, describeError, type ValidationIssue } from '../core/errors.ts';

/** Where a route's service input came from: the prefix of every 422 loc. */
export type InputSource = 'body' | 'query' | 'path';

export class TransportInvalid extends Error {
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super('invalid request');
    this.issues = issues;
  }
}

export function prefixIssues(err: Invalid, source: InputSource): TransportInvalid {
  return new TransportInvalid(err.issues.map((i) => ({ ...i, loc: [source, ...i.loc] })));
}

const BODY_PARSER_ERRORS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'Malformed JSON in request body'],
  'entity.too.large': [413, 'Request body is too large'],
  'encoding.unsupported': [415, 'Unsupported content encoding'],
  'charset.unsupported': [415, 'Unsupported charset'],
  'entity.verify.failed': [400, 'Malformed request body'],
};

function isDatabaseDown(err: unknown): boolean {
  if (err instanceof ConnectionException) return true;
  const code = (err as { code?: string } | null)?.code;
  return code === 'ECONNREFUSED' || code === '57P01' || code === '57P03' || code === 'ENOENT';
}

export function sendError(res: Response, status: number, detail: unknown, headers: Record<string, string> = {}) {
  res.status(status).set(headers).json({ detail });
}

/** The one place HTTP status codes come from for errors (the table lives in core/errors.ts). */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) return;
  if (err instanceof TransportInvalid) return sendError(res, 422, err.issues);
  const bodyError = typeof err?.type === 'string' ? BODY_PARSER_ERRORS[err.type] : undefined;
  if (bodyError) return sendError(res, bodyError[0], bodyError[1]);
  if (err instanceof Invalid) return sendError(res, 422, err.issues);
  if (err instanceof DomainError) {
    const { status } = describeError(err);
    const headers: Record<string, string> = {};
    if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
    if (err instanceof RateLimited) headers['Retry-After'] = String(err.retryAfterSeconds);
    return sendError(res, status, err.message, headers);
  }
  if (isDatabaseDown(err)) {
    req.log?.error({ err }, 'database unavailable');
    return sendError(res, 503, 'Database unavailable, try again shortly', { 'Retry-After': '5' });
  }
  req.log?.error({ err }, 'unhandled error');
  sendError(res, 500, 'Internal server error');
};
