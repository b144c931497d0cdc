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
  const started = start(config, logger);
  // Handled from the outset, not once start-up is over: the server answers before its last start-up
  // step (the job workers) is done, and a SIGTERM then killed it with requests in flight. One that
  // comes during start-up stops the server once it has started; a second SIGINT still kills at once.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const running = await started.catch(() => undefined);
    if (!running) return; // start-up failed: reported and exited below
    logger.info(`${signal} received, ${running.stopping}`);
    await running.stop();
    logger.info('Stopped cleanly');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  started.catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
