import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GraphqlGateway } from './server.ts';
import type { Subscriptions } from './subscriptions.ts';

/*
 * The GraphQL wing loads on its first request: graphql-js, Apollo, the schema and its resolvers'
 * modules are ~24 MB of an idle server's memory and ~0.4 s of its start, which a server that only
 * REST clients and agents use never needs. Types only are imported here.
 */

/** POST and GET /graphql, started (Apollo, the schema) on the first request; requests meanwhile wait for it. */
export function lazyGraphql(start: () => Promise<GraphqlGateway>): GraphqlGateway {
  let started: Promise<GraphqlGateway> | undefined;
  return {
    handler: (req, res, next) => {
      // A start that failed is tried again by the next request, not remembered.
      started ??= start().catch((err: unknown) => {
        started = undefined;
        throw err;
      });
      started.then((gateway) => gateway.handler(req, res, next), next);
    },
    stop: async () => {
      if (started) await (await started.catch(() => undefined))?.stop();
    },
  };
}

/**
 * The subscriptions, started on the first WebSocket upgrade. `start` registers their own upgrade
 * listener; upgrades that arrived while they loaded are handed to it then, in order.
 */
export function lazySubscriptions(http: Server, start: () => Promise<Subscriptions>): Subscriptions {
  let started: Promise<Subscriptions> | undefined;
  let waiting: [IncomingMessage, Duplex, Buffer][] = [];
  const onFirstUpgrades = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    waiting.push([req, socket, head]);
    if (started) return;
    started = start();
    started.then(
      () => {
        http.off('upgrade', onFirstUpgrades);
        for (const upgrade of waiting) http.emit('upgrade', ...upgrade);
        waiting = [];
      },
      () => {
        // Not loaded: these sockets are refused, and the next upgrade tries again.
        for (const [, s] of waiting) s.destroy();
        waiting = [];
        started = undefined;
      },
    );
  };
  http.on('upgrade', onFirstUpgrades);
  return {
    stop: async () => {
      http.off('upgrade', onFirstUpgrades);
      if (started) await (await started.catch(() => undefined))?.stop();
    },
  };
}
