import { applyMallocSettings, collectStartupGarbage } from './memory-settings.ts';

// Before anything else is loaded: this may restart the process with the allocator's settings.
applyMallocSettings();
const { loadDotEnv } = await import('./env-file.ts');
const { locateDatabase, locateServerDatabaseEarly } = await import('./db/locate.ts');
// A warm embedded database boots on threads of its own while this one loads the config and the server.
loadDotEnv();
const early = locateServerDatabaseEarly(process.env);
const { runProcess } = await import('./process.ts');

runProcess(async (config, logger) => {
  const located = early ?? locateDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, role: 'server' });
  const [{ startServer }, { startupWarnings }] = await Promise.all([import('./server.ts'), import('./startup-warnings.ts')]);
  const server = await startServer(config, logger, located);
  logger.info(`Listening on ${server.url} with database ${server.db.description}`);
  for (const warning of startupWarnings(config)) logger.warn(warning);
  collectStartupGarbage();
  server.db.collectStartupGarbage();
  return { stop: () => server.stop(), stopping: 'finishing in-flight requests' };
});
