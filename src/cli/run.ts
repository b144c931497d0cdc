import { ConfigError, loadConfig, type Config } from '../config.ts';
import { loadDotEnv } from '../env-file.ts';
import { withContext } from '../db/context.ts';
import { openDatabase } from '../db/database.ts';
import { Invalid, DomainError } from '../core/errors.ts';
import { createLogger } from '../logger.ts';
import type { Logger } from 'pino';

/**
 * Runs a CLI command against the configured database: through the running server's socket
 * when it serves the embedded data dir, or by opening the data dir itself when it does not.
 * The command gets the configuration and a logger.
 */
export async function runCli(command: (config: Config, logger: Logger) => Promise<void>): Promise<void> {
  let config: Config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    // As the server does (process.ts): a bad setting is its message and exit code 2, not a stack trace.
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exitCode = 2;
    return;
  }
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, role: 'cli', logger });
  let code = 0;
  try {
    await withContext(() => command(config, logger));
  } catch (err) {
    code = 1;
    if (err instanceof Invalid) for (const i of err.issues) console.error(i.loc.length ? `--${i.loc.join('.')}: ${i.msg}` : i.msg);
    else if (err instanceof DomainError) console.error(err.message);
    else throw err;
  } finally {
    await db.close();
  }
  process.exitCode = code;
}
