import { applyMallocSettings, collectStartupGarbage } from './memory-settings.ts';

// Before anything else is loaded: this may restart the process with the allocator's settings.
applyMallocSettings();
const { runProcess } = await import('./process.ts');
const { startServer } = await import('./server.ts');
const { startupWarnings } = await import('./startup-warnings.ts');

runProcess(async (config, logger) => {
  const server = await startServer(config, logger);
  logger.info(`Listening on ${server.url} with database ${server.db.description}`);
  for (const warning of startupWarnings(config)) logger.warn(warning);
  collectStartupGarbage();
  return { stop: () => server.stop(), stopping: 'finishing in-flight requests' };
});
