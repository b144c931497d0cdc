import { existsSync } from 'node:fs';

/**
 * Reads `.env` from the working directory when there is one (as .env.example promises); the real
 * environment wins. Apart from config.ts so that main.ts can read it before the config's schema loads.
 */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
