import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FeedError } from './feed-error.ts';
import type { Feed, FeedOptions } from './ics.ts';

/**
 * Reads a feed in a thread of its own, so parsing and expanding (CPU work on user input, bounded
 * by the parser's budgets) never holds the event loop that answers requests. Starting a thread and
 * loading the parser into it costs about 100 ms, more than most reads, so a thread that finished a
 * read is kept for the next one (readFeed leaves nothing behind: it resets ical.js' zone registry
 * before and after). A read finds an idle thread or starts one; a thread that overruns its time
 * or memory, or fails, is terminated, taking nothing of the server with it. Idle threads do not
 * keep the process alive and exit after a while, so a quiet server holds none.
 */
const READ_TIMEOUT_MS = 10_000;
const WORKER_URL = new URL(`./feed-worker${extname(import.meta.filename)}`, import.meta.url);
/** Enough for the syncs the job workers run side by side; a busier moment starts more, which then exit. */
const MAX_IDLE = 2;
const IDLE_MS = 60_000;

type Reader = { worker: Worker; idleTimer?: NodeJS.Timeout };
const idle: Reader[] = [];

function startReader(): Reader {
  const reader: Reader = { worker: new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 256 } }) };
  // A thread that dies while idle (it should not) is simply no longer offered.
  reader.worker.once('exit', () => forget(reader));
  return reader;
}

function forget(reader: Reader): void {
  clearTimeout(reader.idleTimer);
  const at = idle.indexOf(reader);
  if (at >= 0) idle.splice(at, 1);
}

function release(reader: Reader): void {
  if (idle.length >= MAX_IDLE) return void reader.worker.terminate();
  reader.worker.unref();
  reader.idleTimer = setTimeout(() => {
    forget(reader);
    void reader.worker.terminate();
  }, IDLE_MS).unref();
  idle.push(reader);
}

export function readFeedOffThread(text: string, options: FeedOptions, timeoutMs = READ_TIMEOUT_MS): Promise<Feed> {
  const reader = idle.pop() ?? startReader();
  clearTimeout(reader.idleTimer);
  const { worker } = reader;
  worker.ref();
  return new Promise<Feed>((resolve, reject) => {
    const settle = (keep: boolean, outcome: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (keep) release(reader);
      else void worker.terminate();
      outcome();
    };
    const onMessage = (m: { feed?: Feed; error?: string }) =>
      settle(true, () => (m.feed ? resolve(m.feed) : reject(new FeedError(m.error ?? 'The feed could not be read'))));
    const onError = (err: Error) => settle(false, () => reject(new FeedError(`The feed could not be read: ${err.message}`.slice(0, 500))));
    const onExit = (code: number) =>
      settle(false, () => reject(new FeedError(`The feed could not be read (the reader stopped with ${code})`)));
    const timer = setTimeout(
      () => settle(false, () => reject(new FeedError(`The feed took longer than ${timeoutMs} ms to read`))),
      timeoutMs,
    );
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ text, options });
  });
}
