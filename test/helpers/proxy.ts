import { createServer, connect, type Socket } from 'node:net';

/** A TCP proxy in front of a database, so a test can make the database unreachable on demand. */
export async function tcpProxy(target: { host: string; port: number } | { path: string }) {
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  let resetting = false;
  let hanging = false;
  const held = new Set<Socket>();
  const server = createServer((client) => {
    if (resetting) return client.resetAndDestroy();
    if (hanging) {
      // Accepted, never answered: a database host that stopped responding.
      held.add(client);
      client.on('error', () => client.destroy());
      return;
    }
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
    /**
     * The database stops answering without closing anything (a frozen host, a network partition):
     * open connections go silent and new ones are accepted but never served.
     */
    hang() {
      hanging = true;
      for (const s of sockets) {
        s.unpipe();
        s.pause();
      }
    },
    /**
     * The database is back after reset() or hang(): new connections are forwarded again. Connections
     * that went silent are dropped (as their TCP timeouts eventually would).
     */
    restore() {
      resetting = false;
      hanging = false;
      for (const s of [...held, ...sockets]) if (s.isPaused() || held.has(s)) s.destroy();
      held.clear();
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
