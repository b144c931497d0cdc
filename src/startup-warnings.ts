import type { Config } from './config.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Settings that work but are probably not what an operator of a reachable server wants, said once
 * at start. Listening beyond loopback (HOST=0.0.0.0 in a container) is how this server runs for
 * others; on loopback it is someone's development machine, and the defaults are right.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!config.publicUrl && !LOOPBACK.has(config.host)) {
    warnings.push(
      "PUBLIC_URL is not set: the OAuth issuer, token audiences and discovery documents follow each request's Host header. " +
        'Set PUBLIC_URL to the address clients use (e.g. https://track.example.com)',
    );
  }
  return warnings;
}
