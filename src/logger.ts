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

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}
