import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { withContext } from './db/context.ts';
import { openDatabase, type Database } from './db/database.ts';
import { loadSigningKey } from './auth/signing-key.ts';

export type RunningServer = { url: string; db: Database; http: Server; stop(): Promise<void> };

/** Opens the database (migrating it), loads keys and listens. Used by main.ts and by tests. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, role: 'server', logger });
  await withContext(() => loadSigningKey(config.jwtSecret));
  const app = buildApp({ config, db, logger });
  const http = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // In-flight requests finish; idle keep-alive sockets are closed so close() can resolve.
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      const timer = setTimeout(() => http.closeAllConnections(), config.shutdownTimeoutMs);
      await closed;
      clearTimeout(timer);
      await db.close();
    })());
  return { url, db, http, stop };
}
