import type { Request, RequestHandler } from 'express';
import type { Actor } from '../core/actor.ts';
import { sendError } from '../http/errors.ts';

/**
 * What one agent may ask of /mcp at a time. An agent loops on tool calls faster than any person
 * clicks, so each call's work is bounded before it starts (ranges, pages) and after (the answer's
 * size), and one credential gets a few calls in flight, not the whole database pool.
 */
export const MCP_LIMITS = {
  /** Calls in flight per credential (per instance): the rest wait their turn with a 429. */
  concurrentPerCredential: 4,
  /** The largest tool answer (JSON text); past it the call is a tool error saying how to narrow it. */
  resultBytes: 512 * 1024,
  /** Days per get_days call (REST allows 366 in one response; an agent pages through months). */
  daysPerCall: 62,
} as const;

/**
 * JSON-RPC batches are refused: MCP 2025-06-18 removed them, and a batch multiplies one request's
 * work by its length (a hundred year-long ranges in 13 KB). As GraphQL refuses arrays of queries.
 */
export const refuseBatches: RequestHandler = (req, res, next) => {
  if (!Array.isArray(req.body)) return next();
  res.status(400).json({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32600, message: 'Batches are not supported: send one JSON-RPC message per request (MCP 2025-06-18)' },
  });
};

const inFlight = new Map<string, number>();
const credentialKey = (a: Actor) => `${a.via}:${a.credentialId ?? a.userId}`;

/** At most MCP_LIMITS.concurrentPerCredential calls of one credential at once; the next gets 429 and Retry-After. */
export const limitConcurrency: RequestHandler = (req: Request & { actor?: Actor }, res, next) => {
  const key = credentialKey(req.actor!);
  const now = inFlight.get(key) ?? 0;
  if (now >= MCP_LIMITS.concurrentPerCredential) {
    return sendError(
      res,
      429,
      `At most ${MCP_LIMITS.concurrentPerCredential} MCP requests of one credential at a time: wait for one to finish`,
      {
        'Retry-After': '1',
      },
    );
  }
  inFlight.set(key, now + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left > 0) inFlight.set(key, left);
    else inFlight.delete(key);
  };
  res.on('finish', release);
  res.on('close', release);
  next();
};
