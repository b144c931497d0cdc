import { parentPort } from 'node:worker_threads';
import { readFeed, type FeedOptions } from './ics.ts';

/** A feed reader thread (feed-reader.ts): reads one feed per message, the Feed or the reason back. */
parentPort!.on('message', ({ text, options }: { text: string; options: FeedOptions }) => {
  try {
    parentPort!.postMessage({ feed: readFeed(text, options) });
  } catch (err) {
    parentPort!.postMessage({ error: (err as Error).message });
  }
});
