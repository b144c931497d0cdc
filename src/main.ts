import { runProcess } from './process.ts';
import { startServer } from './server.ts';

runProcess(async (config, logger) => {
  const server = await startServer(config, logger);
  logger.info(`Listening on ${server.url} with database ${server.db.description}`);
  return { stop: server.stop, stopping: 'finishing in-flight requests' };
});
