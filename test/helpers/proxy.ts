import { createServer, connect, type Socket } from 'node:net';

/** A TCP proxy in front of a database, so a test can make the database unreachable on demand. */
export async function tcpProxy(target: { host: string; port: number } | { path: string }) {
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  let resetting = false;
  const server = createServer((client) => {
    if (resetting) return client.resetAndDestroy();
    const upstream = 'path' in target ? connect(target.path) : connect(target.port, target.host);
    sockets.add(client).add(upstream);
    clients.add(client);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    /** Reset every open connection and every new one (TCP RST): ECONNRESET, "Connection terminated". */
    reset() {
      resetting = true;
      // Only the server-facing side is TCP (the upstream may be a Unix socket, which has no RST).
      for (const s of sockets) {
        if (clients.has(s)) s.resetAndDestroy();
        else s.destroy();
      }
    },
    /** Forward new connections again after reset(): the database is back. */
    restore() {
      resetting = false;
    },
    /** Refuse new connections and drop the open ones, as a crashed or unplugged database would. */
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
