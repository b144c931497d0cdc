import { pino, type Logger } from 'pino';

/** Credentials never reach the log: headers that carry them and body fields that are secrets. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.api_token',
  '*.pending_token',
  '*.token',
  '*.code',
];

/**
 * An error as a log line needs: its class, message, code and stack. Never its other properties:
 * a driver error can carry the whole client (connection parameters, queued queries, user data).
 */
export function safeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const { code } = err as { code?: unknown };
  const cause = err.cause instanceof Error ? { type: err.cause.name, message: err.cause.message } : undefined;
  return { type: err.name, message: err.message, ...(typeof code === 'string' ? { code } : {}), stack: err.stack, ...(cause ? { cause } : {}) };
}

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, serializers: { err: safeError } });
}
