import { createClient, type Client, type ExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import { waitFor } from '../captures/wait.ts';

/**
 * GraphQL subscriptions as a client runs them: graphql-ws's createClient over the `ws` package,
 * connected at once (not lazily) and never retrying, so a refusal is seen as the close it is.
 */
export type Live = {
  client: Client;
  /** Resolves once the server acknowledged connection_init (rejects when it closed first). */
  connected: Promise<void>;
  /** Resolves with the close code and reason whenever the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  dispose(): Promise<void>;
};

export function connect(url: string, connectionParams: Record<string, unknown> | null): Live {
  let closedWith: (e: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (closedWith = resolve));
  let connectedOk: () => void = () => undefined;
  const connected = new Promise<void>((resolve, reject) => {
    connectedOk = resolve;
    void closed.then((e) => reject(new Error(`closed before it was acknowledged: ${e.code} ${e.reason}`)));
  });
  connected.catch(() => undefined);
  const client = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: connectionParams ?? undefined,
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => undefined,
    on: {
      connected: () => connectedOk(),
      closed: (event) => {
        const e = event as { code?: number; reason?: string };
        closedWith({ code: e.code ?? 0, reason: String(e.reason ?? '') });
      },
    },
  });
  return { client, connected, closed, dispose: () => client.dispose() as Promise<void> };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type GraphqlError = { message: string; extensions?: { code?: string; [k: string]: unknown } };

/** One subscription: what it received (results with data, and errors), and whether it ended. */
export type Subscription<T> = {
  items: T[];
  /** Errors: a `next` that carried errors, or the `error` message that ended it. */
  errors: GraphqlError[];
  /** True once completed or ended by an error (or by its connection's close). */
  ended: () => boolean;
  /** The first received item `match` accepts (waits up to timeoutMs). */
  next(match?: (item: T) => boolean, timeoutMs?: number): Promise<T>;
  /** The first error (waits up to timeoutMs). */
  error(timeoutMs?: number): Promise<GraphqlError>;
  unsubscribe(): void;
};

export function subscribe<T = Record<string, unknown>>(
  live: Live,
  query: string,
  variables: Record<string, unknown> = {},
): Subscription<T> {
  const items: T[] = [];
  const errors: GraphqlError[] = [];
  let done = false;
  const unsubscribe = live.client.subscribe<T>(
    { query, variables },
    {
      next: (result: ExecutionResult<T>) => {
        if (result.errors) errors.push(...(result.errors as unknown as GraphqlError[]));
        if (result.data) items.push(result.data);
      },
      error: (err) => {
        if (Array.isArray(err)) errors.push(...(err as GraphqlError[]));
        else errors.push({ message: String((err as { reason?: string }).reason ?? err), extensions: { code: 'CLOSED' } });
        done = true;
      },
      complete: () => {
        done = true;
      },
    },
  );
  return {
    items,
    errors,
    ended: () => done,
    next: (match = () => true, timeoutMs = 15_000) => waitFor(async () => items.find(match), 'a subscription item', timeoutMs),
    error: (timeoutMs = 15_000) => waitFor(async () => errors[0], 'a subscription error', timeoutMs),
    unsubscribe,
  };
}

export type InboxItem = { inboxChanged: { pendingCount: number } };
export type EventItem = { events: { id: string; type: string; occurredAt: string; payload: Record<string, unknown> } };

export const INBOX = 'subscription { inboxChanged { pendingCount } }';
export const EVENTS = 'subscription Events($types: [EventType!]) { events(types: $types) { id type occurredAt payload } }';

/**
 * Resolves once the subscriptions sent on `live` before it are live on the server: inboxChanged
 * sends the pending count only after its stream is open (and those sent before it, on the same
 * socket, are registered by then), so what is published after this reaches them.
 */
export async function settled(live: Live): Promise<void> {
  const probe = subscribe<InboxItem>(live, INBOX);
  await probe.next();
  probe.unsubscribe();
}

/** Waits `ms`: only to show that something does not arrive. */
export const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
