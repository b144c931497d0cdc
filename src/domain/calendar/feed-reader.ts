import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FeedError, type Feed, type FeedOptions } from './ics.ts';

/**
 * Reads a feed in a thread of its own, so parsing and expanding (CPU work on user input, bounded
 * by the parser's budgets) never holds the event loop that answers requests. A fresh thread per
 * read: a sync runs every 15 minutes per source, a thread costs tens of milliseconds, and one that
 * overruns its time or memory is simply terminated, taking nothing of the server with it.
 */
const READ_TIMEOUT_MS = 10_000;
const WORKER_URL = new URL(`./feed-worker${extname(import.meta.filename)}`, import.meta.url);

export function readFeedOffThread(text: string, options: FeedOptions, timeoutMs = READ_TIMEOUT_MS): Promise<Feed> {
  const worker = new Worker(WORKER_URL, { workerData: { text, options }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
  return new Promise<Feed>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new FeedError(`The feed took longer than ${timeoutMs} ms to read`))), timeoutMs);
    worker.once('message', (m: { feed?: Feed; error?: string }) =>
      settle(() => (m.feed ? resolve(m.feed) : reject(new FeedError(m.error ?? 'The feed could not be read')))),
    );
    worker.once('error', (err: Error) => settle(() => reject(new FeedError(`The feed could not be read: ${err.message}`.slice(0, 500)))));
    worker.once('exit', (code) => settle(() => reject(new FeedError(`The feed could not be read (the reader stopped with ${code})`))));
  });
}
