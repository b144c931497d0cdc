import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { loadDotEnv } from './env-file.ts';
import { createLogger } from './logger.ts';

/**
 * The shape of a long-running entry point (server, worker): read the config (a bad value is a
 * message and exit code 2), start, and on SIGTERM/SIGINT stop cleanly and exit 0.
 */
export function runProcess(start: (config: Config, logger: Logger) => Promise<{ stop(): Promise<void>; stopping: string }>): void {
  let config: Config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  start(config, logger)
    .then((running) => {
      const shutdown = async (signal: string) => {
        logger.info(`${signal} received, ${running.stopping}`);
        await running.stop();
        logger.info('Stopped cleanly');
        process.exit(0);
      };
      process.once('SIGTERM', () => void shutdown('SIGTERM'));
      process.once('SIGINT', () => void shutdown('SIGINT'));
    })
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
