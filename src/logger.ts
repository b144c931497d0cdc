import { pino, type DestinationStream, type Logger } from 'pino';

/** Credentials never reach the log: headers that carry them and body fields that are secrets. */
const REDACT = [
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
  // Duck-typed, not instanceof: errors from another realm (vm contexts, workers) are errors too.
  if (typeof err !== 'object' || err === null) return { message: String(err) };
  const { name, message, code, stack, cause } = err as Record<string, unknown>;
  const out: Record<string, unknown> = { type: name, message: String(message) };
  // Not `code`: that key is redacted everywhere (TOTP codes), and error codes are worth reading.
  if (typeof code === 'string') out.error_code = code;
  if (typeof stack === 'string') out.stack = stack;
  if (typeof cause === 'object' && cause !== null) {
    out.cause = { type: (cause as Error).name, message: String((cause as Error).message) };
  }
  return out;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' }, serializers: { err: safeError } };
  return destination ? pino(options, destination) : pino(options);
}
