import type { ErrorRequestHandler, Response } from 'express';
import { ConnectionException } from '@mikro-orm/core';
import { DomainError, Forbidden, Invalid, RateLimited, ResyncRequired, describeError, type ValidationIssue } from '../core/errors.ts';
import { bearerChallenge } from './public-url.ts';

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
  'entity.too.deep': [400, 'JSON nested too deeply (at most 64 levels)'],
  'content.type.unsupported': [415, 'Request body must be application/json'],
};

/**
 * Socket-level and server-side codes that mean "the database cannot answer right now"; 57014 is a
 * statement stopped by DATABASE_STATEMENT_TIMEOUT_MS (an overloaded database, as far as the client can tell),
 * "Query read timeout" one whose server never answered (src/db/database.ts).
 */
const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOENT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '57014',
]);
const DOWN_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection ended|Query read timeout/i;

/** Whatever the driver calls it (refused, reset, terminated, shutting down), an outage is a 503. */
export function isDatabaseDown(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ConnectionException) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (DOWN_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && DOWN_MESSAGES.test(message)) return true;
  }
  return false;
}

/** 401s for a token that was presented but is not good (RFC 6750 `error="invalid_token"`). */
const invalidTokens = new WeakSet<Error>();
export function markInvalidToken(err: Error): void {
  invalidTokens.add(err);
}

export function sendError(res: Response, status: number, detail: unknown, headers: Record<string, string> = {}) {
  res.status(status).set(headers).json({ detail });
}

/** The one place HTTP status codes come from for errors (the table lives in core/errors.ts). */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) return;
  if (err instanceof TransportInvalid) return sendError(res, 422, err.issues);
  // What body-parser (http-errors) sets on the errors it raises.
  const raised = (err ?? {}) as { type?: unknown; expose?: unknown; status?: unknown };
  const bodyError = typeof raised.type === 'string' ? BODY_PARSER_ERRORS[raised.type] : undefined;
  if (bodyError) return sendError(res, bodyError[0], bodyError[1]);
  // Any other client error raised while reading the body (a corrupt gzip stream, an aborted upload).
  const status = typeof raised.status === 'number' && Number.isInteger(raised.status) ? raised.status : 0;
  if (raised.expose === true && status >= 400 && status < 500) {
    return sendError(res, status, 'Malformed request body');
  }
  if (err instanceof Invalid) return sendError(res, 422, err.issues);
  if (err instanceof DomainError) {
    const { status } = describeError(err);
    const headers: Record<string, string> = {};
    // Every 401 says where to learn how to get a token (RFC 9728); a read-only token's 403 says what it lacks.
    if (status === 401) {
      const presented = invalidTokens.has(err);
      headers['WWW-Authenticate'] = bearerChallenge(req, 'api', presented ? { error: 'invalid_token', description: err.message } : {});
    }
    if (err instanceof Forbidden && err.reason === 'insufficient_scope') {
      headers['WWW-Authenticate'] = bearerChallenge(req, 'api', { error: 'insufficient_scope', scope: 'write' });
    }
    if (err instanceof RateLimited) headers['Retry-After'] = String(err.retryAfterSeconds);
    if (err instanceof ResyncRequired) return res.status(status).json({ detail: err.message, resync_required: true });
    return sendError(res, status, err.message, headers);
  }
  if (isDatabaseDown(err)) {
    req.log?.error({ err }, 'database unavailable');
    return sendError(res, 503, 'Database unavailable, try again shortly', { 'Retry-After': '5' });
  }
  req.log?.error({ err }, 'unhandled error');
  sendError(res, 500, 'Internal server error');
};
