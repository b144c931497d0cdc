import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { buildApp, restApi } from './app.ts';
import type { Config } from './config.ts';
import { withContext } from './db/context.ts';
import { openDatabase, type Database } from './db/database.ts';
import { openReplicas, type ReplicaSet } from './db/replicas.ts';
import type { Located } from './db/locate.ts';
import { loadSigningKey } from './auth/signing-key.ts';
import { configureProcess } from './process-settings.ts';
import { provisionUserDefaults } from './domain/accounts/provisioning.ts';
import { lazyGraphql, lazySubscriptions } from './graphql/lazy.ts';
import { startJobRuntime, type JobRuntime } from './jobs/boss.ts';
import { jobDefinitions } from './jobs/index.ts';
import { startOutbound } from './outbound/index.ts';

export type RunningServer = {
  url: string;
  db: Database;
  http: Server;
  jobs: JobRuntime;
  replicas: ReplicaSet | undefined;
  stop(): Promise<void>;
};

/**
 * Opens the database (migrating it), loads keys and listens. Used by main.ts and by tests; main.ts
 * passes the database it began to locate (and boot, if embedded) while this module loaded.
 */
export async function startServer(config: Config, logger: Logger, located?: Promise<Located>): Promise<RunningServer> {
  configureProcess(config);
  const opening = openDatabase(
    { databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, role: 'server', statementTimeoutMs: config.statementTimeoutMs, logger },
    located,
  );
  // A failure is seen below, once the API is built.
  opening.catch(() => undefined);
  const rest = restApi(config);
  const db = await opening;
  await withContext(async () => {
    await loadSigningKey(config.jwtSecret);
    // Users created before a metric type or source kind existed get its defaults now, not on a read.
    await provisionUserDefaults(null);
  }, db.orm);
  // Read replicas beside the primary, when configured: reads that may come from one go there (src/db/replicas.ts).
  const replicas = config.replicas.urls.length
    ? await openReplicas({ primary: db.orm, ...config.replicas, statementTimeoutMs: config.statementTimeoutMs, logger })
    : undefined;
  // Always able to send jobs; runs the workers too unless WORKERS=0 (then `npm run worker` does).
  const jobs = await startJobRuntime({
    db,
    logger,
    definitions: jobDefinitions,
    work: config.workers > 0,
    concurrency: config.workers,
    stopTimeoutMs: config.shutdownTimeoutMs,
    deferWorkers: true,
  }).catch(async (err) => {
    await db.close();
    throw err;
  });
  // Events and webhook deliveries go out where the workers run.
  const outbound = await startOutbound(config, db, logger, config.workers > 0);
  const graphql = lazyGraphql(async () =>
    (await import('./graphql/server.ts')).startGraphql({ logger, introspection: config.graphqlIntrospection }),
  );
  const app = buildApp({ config, db, jobs, logger, graphql, rest });
  const http = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  // GraphQL subscriptions over WebSocket on the same port (/graphql); they read what any process published.
  const subscriptions = lazySubscriptions(http, async () =>
    (await import('./graphql/subscriptions.ts')).startSubscriptions({ http, app, logger, config, db }),
  );
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // In-flight requests finish; idle keep-alive sockets are closed so close() can resolve.
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      // WebSocket connections are not requests: they are closed here, before close() can resolve.
      await subscriptions.stop();
      const timer = setTimeout(() => http.closeAllConnections(), config.shutdownTimeoutMs);
      await closed;
      clearTimeout(timer);
      await graphql.stop();
      await outbound.stop();
      // Workers finish their current job before the database (and PGlite's socket) closes.
      await jobs.stop();
      await replicas?.close();
      await db.close();
    })());
  // Answering already (/readyz does not wait for them): the handlers, schedules and start-up sweeps.
  await jobs.startWorkers().catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { url, db, http, jobs, replicas, stop };
}
