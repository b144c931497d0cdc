import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from './arrivals.ts';

/** One request a receiver got: its headers (lower-case names) and its body as text. */
export type Received = { path: string; headers: Record<string, string>; body: string; at: number };

/** What the receiver answers a request with; `delayMs` before answering, `hang` never answers. */
type Answer = { status: number; headers?: Record<string, string>; delayMs?: number; hang?: boolean; body?: string };

/**
 * A webhook receiver over real HTTP on 127.0.0.1, as Home Assistant or n8n would be. It records
 * every request and answers from `answers` (by path, in order, then `fallback`), so a test can make
 * it fail, throttle, hang or be slow. `inFlight()` tells how many requests it is answering at once.
 */
export type Receiver = {
  url: (path?: string) => string;
  received: Received[];
  /** Queue answers for a path: each request takes the next one. */
  answer(path: string, ...answers: Answer[]): void;
  fallback: Answer;
  maxInFlight(): number;
  /** Resolves once `n` requests to `path` (any path when omitted) have arrived. */
  waitFor(n: number, path?: string, timeoutMs?: number): Promise<Received[]>;
  stop(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const queued = new Map<string, Answer[]>();
  const got = arrivals<Received>('receiver', 'requests');
  const { received } = got;
  const open = new Set<ServerResponse>();
  let inFlight = 0;
  let most = 0;
  const receiver: Receiver = {
    url: (path = '/hook') => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    answer: (path, ...answers) => queued.set(path, [...(queued.get(path) ?? []), ...answers]),
    fallback: { status: 204 },
    maxInFlight: () => most,
    waitFor: got.waitFor,
    stop: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const answer = queued.get(path)?.shift() ?? receiver.fallback;
      inFlight++;
      most = Math.max(most, inFlight);
      open.add(res);
      res.on('close', () => {
        inFlight--;
        open.delete(res);
      });
      got.add({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      if (answer.hang) return;
      setTimeout(() => res.writeHead(answer.status, answer.headers ?? {}).end(answer.body), answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return receiver;
}
